import type { Builders } from '../builders.ts'
import type { DemoContext } from './foundation.ts'

/**
 * Acme's services in the demo: translation settings, two OpenAPI specifications (one processed,
 * one whose source could not be fetched) and a SAML provider signing members into Writers.
 */
export async function demoServices(b: Builders, demo: DemoContext): Promise<void> {
  const acme = demo.orgs.acme.id
  await b.translation({ organization: acme, title: 'European languages', languages: ['fr', 'de', 'es', 'pt-BR'] })
  await b.openAPISpec({ organization: acme, slug: 'petstore', sourceURL: 'https://api.example.com/openapi/petstore.json' })
  await b.openAPISpec({ organization: acme, slug: 'billing', sourceURL: 'https://billing.acme.test/openapi.json' })
  await b.samlProvider({
    organization: acme,
    label: 'Acme Okta',
    entityID: 'http://www.okta.com/exk1acme0demo',
    ssoURL: 'https://acme.okta.example.com/app/docplat/exk1acme0demo/sso/saml',
    defaultTeam: demo.teams.writers.id,
    defaultRole: 'read',
  })
}
