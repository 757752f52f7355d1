import type { Builders } from '../builders.ts'
import type { DemoContext } from './foundation.ts'

/** The demo integration's name (also what the reliability tests aim at). */
export const DEMO_INTEGRATION = 'demo-integration'

const ICON = btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#4f46e5"/></svg>')

/**
 * Acme's public integration in the demo: a metric block unfurling its dashboard links and a
 * release-notes content source, installed in Acme (with its `installation_setup` event).
 */
export async function demoIntegrations(b: Builders, demo: DemoContext): Promise<void> {
  const acme = demo.orgs.acme.id
  const admin = demo.users.admin.user.id
  await b.integration({
    name: DEMO_INTEGRATION,
    organization: acme,
    publishedBy: admin,
    title: 'Acme Insights',
    description: 'Live product metrics and release notes in your documentation',
    summary: '# Acme Insights\n\nEmbed live metrics from Acme Insights in any page, and import release notes as content.',
    icon: ICON,
    visibility: 'public',
    scopes: ['space:content:read', 'space:views:read'],
    categories: ['analytics'],
    blocks: [
      {
        id: 'metric',
        title: 'Metric card',
        description: 'The current value of a metric',
        urlUnfurl: ['https://insights.acme.test/metrics'],
        markdown: { codeblock: 'metric', body: 'Shows the current value of an Acme Insights metric.' },
      },
    ],
    contentSources: [
      {
        id: 'release-notes',
        title: 'Release notes',
        description: 'Imports release notes as pages',
        configuration: { componentId: 'release-notes-config' },
      },
    ],
    externalLinks: [{ url: 'https://insights.acme.test/docs', label: 'Documentation' }],
    configurations: {
      account: {
        properties: {
          region: { type: 'string', title: 'Region', enum: ['eu', 'us'], default: 'eu' },
          apiKey: { type: 'string', title: 'API key', description: 'Key of the Acme Insights account' },
        },
      },
      space: { properties: { dashboard: { type: 'string', title: 'Dashboard' } } },
    },
    script: 'export default { async fetch() { return new Response("ok") } }',
    secrets: { SIGNING_KEY: 'demo-signing-key' },
    contentSecurityPolicy: "script-src 'self' https://insights.acme.test",
  })
  await b.installation({ integration: DEMO_INTEGRATION, organization: acme, createdBy: admin })
}
