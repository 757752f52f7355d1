import { X509Certificate } from 'node:crypto'
import { rootCertificates } from 'node:tls'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import { createMockPlatform } from '../../mock/index.ts'
import { parseCertificate } from '../../mock/model/services/certificate.ts'
import { certificate } from './support.ts'

async function demoProvider(seed?: string) {
  const platform = createMockPlatform({ scenario: 'demo', freeze: true, ...(seed ? { seed } : {}) })
  await platform.ready
  const client = createClient({ token: platform.tokens.admin!, fetch: platform.fetch, retry: 0 })
  const acme = [...platform.db.organizations.all()].find((o) => o.title === 'Acme')!.id
  return (await client.orgs.saml.list({ organizationId: acme })).items[0]!
}

describe('generated certificates', () => {
  it('are X.509 certificates other tools read, with the validity asked for', () => {
    const text = certificate('seed', '2026-01-15T09:00:00Z', '2051-03-01T12:30:00Z', 'Acme IdP')
    const x509 = new X509Certificate(text)
    expect(x509.subject).toBe('CN=Acme IdP')
    expect(x509.issuer).toBe('CN=Acme IdP')
    expect(new Date(x509.validFrom).toISOString()).toBe('2026-01-15T09:00:00.000Z')
    // Past 2049 the validity is a GeneralizedTime, as RFC 5280 wants.
    expect(new Date(x509.validTo).toISOString()).toBe('2051-03-01T12:30:00.000Z')
    expect(
      text
        .split('\n')
        .slice(1, -2)
        .every((line) => line.length === 64),
    ).toBe(true)
    expect(certificate('seed', '2026-01-15T09:00:00Z', '2051-03-01T12:30:00Z', 'Acme IdP')).toBe(text)
    expect(certificate('other', '2026-01-15T09:00:00Z', '2051-03-01T12:30:00Z', 'Acme IdP')).not.toBe(text)
  })

  it('and real ones have their expiry read as X509Certificate reads it', () => {
    expect(rootCertificates.length).toBeGreaterThan(50)
    for (const pem of rootCertificates) {
      expect(parseCertificate(pem).notAfter?.getTime()).toBe(new Date(new X509Certificate(pem).validTo).getTime())
    }
  })
})

describe('the demo scenario', () => {
  it('gives the same SAML provider, certificate included, for the same seed', async () => {
    const [a, b, c] = await Promise.all([demoProvider(), demoProvider(), demoProvider('another')])
    expect(b).toEqual(a)
    expect(c.certificate).not.toBe(a.certificate)
    const x509 = new X509Certificate(a.certificate!)
    expect(x509.subject).toBe('CN=Acme Okta')
    expect(new Date(x509.validFrom).toISOString()).toBe('2026-01-15T00:00:00.000Z')
    expect(new Date(x509.validTo).toISOString()).toBe('2029-01-14T00:00:00.000Z')
  })
})
