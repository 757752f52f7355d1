import { Random } from '../../mock/base/random.ts'
import { generateCertificate } from '../../mock/model/services/certificate.ts'
export { rejects } from '../helpers.ts'

/** A well-formed PEM certificate valid between the two instants (default: 2025 to 2030). */
export function certificate(
  seed = 'test',
  notBefore = '2025-01-01T00:00:00Z',
  notAfter = '2030-01-01T00:00:00Z',
  commonName = 'Test IdP',
): string {
  return generateCertificate(new Random(seed), { commonName, notBefore: new Date(notBefore), notAfter: new Date(notAfter) })
}

/** Wraps base64 text in PEM markers. */
export const pem = (base64: string) => `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----`
