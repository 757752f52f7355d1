/**
 * Crawls the demo organization as a user of the platform's own client would (`@gitbook/api`,
 * pinned, against the mock's `platform.fetch`) and checks every answer against the description
 * shipped in that package, with the contradictions of docs/decisions/published-shapes.md applied.
 *
 * `npm run published:crawl` prints the answers valid out of those checked, the operations they
 * cover, and for each invalid answer its first findings (`--all` prints every finding;
 * `--contradictions-only` leaves the table's gaps unrelaxed). Every GET
 * operation of the contract is called with each set of path parameters the answers before it
 * reveal (an organization's sites, a site's sections...), as an admin and as another
 * organization's admin.
 */
import { GitBookAPI } from '@gitbook/api'
import { createMockPlatform } from '../mock/index.ts'
import { operations } from '../src/contract/index.ts'
import { createChecker, readContradictions } from './published/validate.ts'

type Context = Record<string, string>

/** Which path parameter an answered object's `id` (or name, slug) fills. */
const PARAM_OF: Record<string, [param: string, key: string]> = {
  organization: ['organizationId', 'id'],
  space: ['spaceId', 'id'],
  collection: ['collectionId', 'id'],
  site: ['siteId', 'id'],
  team: ['teamId', 'id'],
  user: ['userId', 'id'],
  page: ['pageId', 'id'],
  file: ['fileId', 'id'],
  comment: ['commentId', 'id'],
  'comment-reply': ['commentReplyId', 'id'],
  'openapi-spec': ['specSlug', 'slug'],
  'saml-provider': ['samlProviderId', 'id'],
  'translation-settings': ['translationSettingsId', 'id'],
  integration: ['integrationName', 'name'],
}

/** Query parameters some reads need. */
const QUERY: Record<string, Record<string, string>> = {
  searchOrganizationContent: { query: 'guide' },
  searchSpaceContent: { query: 'guide' },
  getRecommendedQuestionsInOrganization: {},
}

const platform = createMockPlatform({ scenario: 'demo' })
await platform.ready
// `--contradictions-only`: the gaps not closed yet count as invalid, as the issue's target does.
const checker = createChecker(readContradictions(process.argv.includes('--contradictions-only') ? 'contradictions' : 'both'))
const showAll = process.argv.includes('--all')

const reads = Object.values(operations).filter(
  (op) => op.method === 'GET' && !('stream' in op && op.stream) && checker.knows(op.id) && op.id !== 'renderIntegrationUIWithGet',
)
let total = 0
let valid = 0
const statuses = new Map<number, number>()
const opsSeen = new Set<string>()
const invalid = new Map<string, string[]>()

for (const token of [platform.tokens.admin!, platform.tokens.outsider!]) {
  const api = new GitBookAPI({ endpoint: platform.baseUrl, authToken: token, serviceBinding: { fetch: platform.fetch } })
  const contexts: Context[] = [{}]
  const called = new Set<string>()
  const learn = (value: unknown, parent: Context) => {
    if (Array.isArray(value)) return value.forEach((v) => learn(v, parent))
    if (typeof value !== 'object' || value === null) return
    const record = value as Record<string, unknown>
    let here = parent
    const known = PARAM_OF[record.object as string]
    if (known && typeof record[known[1]] === 'string') {
      here = { ...parent, [known[0]]: record[known[1]] as string }
      contexts.push(here)
      if (record.object === 'space' && typeof record.changeRequests === 'number')
        for (let n = 1; n <= record.changeRequests; n++) contexts.push({ ...here, changeRequestId: String(n) })
    }
    if (record.object === 'site-redirect' && typeof record.source === 'string') contexts.push({ ...parent, source: record.source })
    // An organization's email domains list it for whoever could join: members and others alike.
    if (record.object === 'organization' && Array.isArray(record.emailDomains))
      for (const emailDomain of record.emailDomains) if (typeof emailDomain === 'string') contexts.push({ emailDomain })
    for (const [key, v] of Object.entries(record)) if (key !== 'permissions') learn(v, here)
  }
  for (let round = 0; round < 6; round++) {
    const before = called.size
    for (const op of reads) {
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
      const extra = op.id === 'getSiteRedirectBySource' ? ['source'] : []
      for (const context of [...contexts]) {
        if (![...names, ...extra].every((n) => context[n])) continue
        const path = op.path.replace(/^\/v1/, '').replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(context[n]!))
        const query = { ...QUERY[op.id], ...(extra.length ? { source: context.source! } : {}) }
        const key = `${op.id} ${path} ${JSON.stringify(query)}`
        if (called.has(key)) continue
        called.add(key)
        let status: number
        let body: unknown
        try {
          // The client's generic request: the path the contract gives, with its auth and fetch.
          const answer = await (api as unknown as { request: (p: object) => Promise<{ status: number; data: unknown }> }).request({
            method: 'GET',
            path,
            query,
            secure: true,
            format: 'json',
          })
          status = answer.status
          body = answer.data
        } catch (error) {
          status = (error as { response?: Response }).response?.status ?? 0
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          continue
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        total++
        opsSeen.add(op.id)
        const finding = checker.check(op.id, status, body)
        if (finding) invalid.set(key, finding.errors)
        else valid++
        learn(body, Object.fromEntries(names.map((n) => [n, context[n]!])))
      }
    }
    if (called.size === before) break
  }
}

const failing = new Map<string, number>()
for (const key of invalid.keys()) failing.set(key.split(' ')[0]!, (failing.get(key.split(' ')[0]!) ?? 0) + 1)
console.log(`answers valid against @gitbook/api's description: ${valid} of ${total}, across ${opsSeen.size} operations`)
console.log(`statuses: ${[...statuses].map(([s, n]) => `${s} x${n}`).join(', ')}`)
if (failing.size) console.log(`invalid by operation: ${[...failing].map(([op, n]) => `${op} ${n}`).join(', ')}`)
for (const [key, errors] of invalid) console.log(`\n${key}\n  ${(showAll ? errors : errors.slice(0, 6)).join('\n  ')}`)
process.exitCode = invalid.size ? 1 : 0
