// The SDK against the mock platform over real HTTP: pagination, errors by class, retries.
// Run it with `node main.ts` (Node 22.18+ runs TypeScript as is) after `npm install docplat msw`.
import { createClient, NotFoundError, PermissionDeniedError, RateLimitError } from 'docplat'
import { createMockPlatform } from 'docplat/mock'
import { startMockServer } from 'docplat/mock/node'

// The same server `npx docplat-mock serve` runs, started in this process so the script can also
// use the control API (faults). `port: 0` picks a free port.
const platform = createMockPlatform({ scenario: 'demo' })
const server = await startMockServer({ platform, port: 0 })
console.log(`Mock platform on ${server.url}`)

// Exactly what you would write against the real service: only baseUrl and token differ.
// logLevel 'error': the SDK would log each retry at 'warn' (the default); this example reports them itself.
const client = createClient({ baseUrl: server.url, token: platform.tokens.admin, logLevel: 'error' })

try {
  // Pagination: `for await` walks every item, fetching pages of `limit` as it goes.
  const {
    items: [org],
  } = await client.orgs.list()
  if (!org) throw new Error('The demo has an organization')
  console.log(`\nMembers of ${org.title}, three per request:`)
  for await (const member of client.orgs.members.list({ organizationId: org.id, limit: 3, sort: 'name', order: 'asc' })) {
    console.log(`  ${(member.user.displayName ?? member.user.id).padEnd(16)} ${member.role ?? 'guest'}`)
  }
  // `.pages()` walks page by page; `count` is the total across all pages.
  const sizes: number[] = []
  for await (const page of client.orgs.members.list({ organizationId: org.id, limit: 3 }).pages()) sizes.push(page.items.length)
  console.log(`Pages: ${sizes.join(' + ')} = ${sizes.reduce((a, b) => a + b, 0)} members`)

  // Errors: one class per failure, all extending DocplatError.
  console.log('\nErrors:')
  try {
    await client.spaces.get({ spaceId: 'no-such-space' })
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error
    console.log(`  NotFoundError ${error.status}: ${error.message}`)
  }
  const reader = createClient({ baseUrl: server.url, token: platform.tokens.read })
  const {
    items: [collection],
  } = await client.collections.list({ organizationId: org.id })
  const {
    items: [space],
  } = await client.collections.listSpaces({ collectionId: collection!.id })
  try {
    await reader.spaces.update({ spaceId: space!.id, title: 'Mine now' })
  } catch (error) {
    if (!(error instanceof PermissionDeniedError)) throw error
    console.log(`  PermissionDeniedError ${error.status}: ${error.message}`)
  }

  // Retries: the next two list calls get 429 with Retry-After: 1. The SDK waits as told and
  // retries (operations the contract marks idempotent; 2 retries by default), so the call still succeeds.
  console.log('\nRetries:')
  platform.faults.add({ operationId: 'listOrganizationsForAuthenticatedUser', status: 429, retryAfter: 1, times: 2 })
  const before = platform.requests.ofOperation('listOrganizationsForAuthenticatedUser').length
  const started = performance.now()
  const orgs = await client.orgs.list()
  const attempts = platform.requests.ofOperation('listOrganizationsForAuthenticatedUser').length - before
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`  orgs.list() gave ${orgs.items[0]?.title} on attempt ${attempts}, after ${seconds} s of Retry-After waits`)

  // With retries off, the 429 reaches the caller as a RateLimitError carrying Retry-After.
  platform.faults.add({ operationId: 'listOrganizationsForAuthenticatedUser', status: 429, retryAfter: 30, times: 1 })
  try {
    await client.orgs.list(undefined, { retry: 0 })
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error
    console.log(`  RateLimitError ${error.status}: retry after ${error.retryAfter} s`)
  }
} finally {
  await server.close()
}
