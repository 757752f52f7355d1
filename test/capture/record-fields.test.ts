import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { capture } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'

/** A field no schema of the contract has: what a newer service might add anywhere. */
const UNKNOWN = 'fieldTheContractDoesNotKnow'

/**
 * Objects whose keys are data rather than fields (variables, configuration values, layout
 * switches, property schemas by name): a key added there is a value the copy must keep.
 */
const MAPS = new Set(['variables', 'props', 'properties', 'configuration', 'layout'])

/** The same JSON with the unknown field added to every object that has fields. */
function withUnknownFields(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => withUnknownFields(item))
  if (!value || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[k] = withUnknownFields(v, k)
  if (!MAPS.has(key)) out[UNKNOWN] = 'from a newer service'
  return out
}

/** One of every record the capture builds from a nested wire object, on `empty`. */
async function world() {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const b = platform.builders
  const acme = await b.organization({ title: 'Acme', hostname: 'acme' })
  const ada = await b.user({ displayName: 'Ada Admin', organization: acme.id, role: 'admin' })
  const bo = await b.user({ displayName: 'Bo Editor', organization: acme.id, role: 'edit' })
  const team = await b.team({ organization: acme.id, title: 'Writers', members: [bo.user.id] })
  const guide = await b.space({ organization: acme.id, title: 'Guide' })
  await b.page({
    space: guide.id,
    title: 'Intro',
    markdown: 'Hello {{ product }}',
    variables: { product: 'Acme' },
    layout: { cover: true, coverSize: 'hero' },
    git: { oid: 'abc123', path: 'intro.md' },
  })
  await b.file({ space: guide.id, name: 'hero.png', dimensions: { width: 1920, height: 1080 }, git: { oid: 'def456' } })
  const comment = await b.comment({ space: guide.id, postedBy: ada.user.id, markdown: 'Looks good' })
  await b.commentReply({ comment: comment.id, postedBy: bo.user.id, markdown: 'Thanks' })
  const cr = await b.changeRequest({ space: guide.id, createdBy: bo.user.id, subject: 'Rewrite' })
  await b.reviewer({ changeRequest: cr.id, user: ada.user.id, requestedBy: bo.user.id })
  const site = await b.site({ organization: acme.id, title: 'Docs', basename: 'docs' })
  const section = await b.section({ site: site.id, space: guide.id, title: 'Guides', icon: 'book-open' })
  await b.sectionGroup({ site: site.id, title: 'More', sections: [section.id] })
  await b.redirect({ site: site.id, source: '/start', section: section.id })
  await b.shareLink({ site: site.id, name: 'Preview' })
  await b.translation({ organization: acme.id, title: 'French', languages: ['fr'] })
  await b.openAPISpec({ organization: acme.id, slug: 'petstore', sourceURL: 'https://api.example.com/petstore.json' })
  await b.samlProvider({
    organization: acme.id,
    label: 'Okta',
    entityID: 'http://www.okta.com/exk1',
    ssoURL: 'https://acme.okta.example.com/sso/saml',
    defaultTeam: team.id,
    defaultRole: 'read',
  })
  await b.integration({
    name: 'insights',
    organization: acme.id,
    publishedBy: ada.user.id,
    title: 'Insights',
    visibility: 'public',
    blocks: [{ id: 'metric', title: 'Metric', markdown: { codeblock: 'metric', body: 'A metric' } }],
    contentSources: [{ id: 'notes', title: 'Notes', configuration: { componentId: 'notes-config' } }],
    externalLinks: [{ url: 'https://insights.example.com/docs', label: 'Docs' }],
    configurations: {
      account: { properties: { region: { type: 'string', title: 'Region', enum: ['eu', 'us'] } } },
      space: { properties: { dashboard: { type: 'string', title: 'Dashboard' } } },
    },
    script: 'export default {}',
  })
  await b.installation({ integration: 'insights', organization: acme.id, createdBy: ada.user.id })
  await b.installationTarget({ integration: 'insights', organization: acme.id, space: guide.id, configuration: { dashboard: 'main' } })
  return { platform, ada }
}

describe('capture builds each record field by field', () => {
  it('keeps no field the contract does not know: a newer service adding fields everywhere changes nothing in the copy', async () => {
    const { platform, ada } = await world()
    const newer = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const response = await platform.fetch(input, init)
      if (!response.headers.get('content-type')?.includes('json')) return response
      const headers = new Headers(response.headers)
      headers.delete('content-length')
      return new Response(JSON.stringify(withUnknownFields(await response.json())), { status: response.status, headers })
    }
    const plain = await capture({ client: createClient({ token: ada.token, fetch: platform.fetch, retry: 0 }) })
    const { state, summary } = await capture({ client: createClient({ token: ada.token, fetch: newer, retry: 0 }) })

    // The contract's objects are open, so every read succeeds...
    expect(summary.skipped).toEqual([])
    // ...the copy holds every kind of record built from a nested wire object...
    for (const table of ['pages', 'files', 'comments', 'commentReplies', 'requestedReviewers', 'siteRedirects', 'samlProviders'])
      expect(summary.counts[table], table).toBeGreaterThan(0)
    expect(summary.counts).toEqual(plain.summary.counts)
    // ...and not one unknown field reached it: each record holds its table's fields only.
    expect(JSON.stringify(state)).not.toContain(UNKNOWN)
    const integration = (state.tables.integrations ?? [])[0]
    expect(integration).toMatchObject({
      blocks: [{ id: 'metric', title: 'Metric', markdown: { codeblock: 'metric', body: 'A metric' } }],
      configurations: { account: { properties: { region: { type: 'string', title: 'Region', enum: ['eu', 'us'] } } } },
    })
    const copy = createMockPlatform({ scenario: 'empty' })
    await copy.restore(state)
    // The service answers a page's whole layout (its own options over the defaults): the copy keeps it whole.
    expect([...copy.db.pages.all()].map((p) => [p.title, p.layout, p.git])).toContainEqual([
      'Intro',
      {
        actions: true,
        anchors: true,
        cover: true,
        coverMask: 'none',
        coverSize: 'hero',
        description: true,
        metadata: true,
        outline: true,
        pagination: true,
        tableOfContents: true,
        tags: true,
        title: true,
        width: 'default',
      },
      { oid: 'abc123', path: 'intro.md' },
    ])
  })
})
