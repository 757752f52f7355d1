import type { OperationDef } from '../../src/contract/define.ts'
import type { MockPlatform } from '../../mock/index.ts'

/** Path values of the demo scenario that exist, by parameter name, so bad input is tested past the 404s. */
export function demoPathValues(platform: MockPlatform): Record<string, string> {
  const db = platform.db
  const first = <T extends { id: string }>(it: Iterable<T>, pick: (t: T) => boolean = () => true) => {
    for (const t of it) if (pick(t)) return t.id
    return 'unknown'
  }
  const acme = first(db.organizations.all(), (o) => o.title === 'Acme')
  const space = first(db.spaces.all(), (s) => s.title === 'Getting Started')
  const tables = db as unknown as Record<string, { all(): Iterable<{ id: string; organization?: string }> } | undefined>
  const anyOf = (name: string) => (tables[name] ? first(tables[name]!.all()) : 'unknown')
  return {
    organizationId: acme,
    spaceId: space,
    collectionId: first(db.collections.all(), (c) => c.organization === acme),
    userId: [...db.users.all()].find((u) => u.displayName === 'Reed Reader')?.id ?? 'unknown',
    teamId: first(db.teams.all(), (t) => t.organization === acme),
    inviteId: first(db.invites.all()),
    changeRequestId: '1',
    emailDomain: 'acme.test',
    siteId: anyOf('sites'),
    siteSectionId: anyOf('siteSections'),
    siteSectionGroupId: anyOf('siteSectionGroups'),
    siteSpaceId: anyOf('siteSpaces'),
    siteRedirectId: anyOf('siteRedirects'),
    shareLinkId: anyOf('shareLinks'),
    // Page and file records are keyed by revision; the path takes the page's or file's own ID.
    pageId: (tables.pages?.all() as Iterable<{ page?: string }> | undefined)?.[Symbol.iterator]().next().value?.page ?? 'unknown',
    fileId: (tables.files?.all() as Iterable<{ file?: string }> | undefined)?.[Symbol.iterator]().next().value?.file ?? 'unknown',
    commentId: anyOf('comments'),
    commentReplyId: anyOf('commentReplies'),
    translationSettingsId: anyOf('translations'),
    specSlug: 'petstore',
    samlProviderId: anyOf('samlProviders'),
    integrationName: 'demo-integration',
    eventId: anyOf('integrationEvents'),
  }
}

/** Builds the request of an operation from path values, a query and a raw body. */
export function buildRequest(
  platform: MockPlatform,
  op: OperationDef,
  token: string,
  pathValues: Record<string, string>,
  query: Array<[string, string]> = [],
  body?: { text: string; type?: string },
): Request {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? 'unknown'))
  const url = new URL(`${platform.baseUrl}${path}`)
  for (const [k, v] of query) url.searchParams.append(k, v)
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (body?.type) headers['content-type'] = body.type
  return new Request(url, { method: op.method, headers, ...(body && op.method !== 'GET' ? { body: body.text } : {}) })
}

/** The part of a snapshot that a request can change (time flows on its own and is left out). */
export function stateOf(platform: MockPlatform): string {
  const { tables, seq, random } = platform.snapshot()
  return JSON.stringify({ tables, seq, random })
}
