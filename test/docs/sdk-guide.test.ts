import { readFileSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { codeBlocks, declaredOutput, matchesLines, printedLines, ROOT, withSourceImports } from './blocks.ts'
import { createClient, InternalServerError, ListLimitError, TimeoutError, VERSION } from '../../src/index.ts'
import { createMockPlatform } from '../../mock/index.ts'

// Behaviours docs/sdk.md promises that its runnable blocks print but do not assert.
async function demo() {
  const platform = createMockPlatform({ scenario: 'demo' })
  await platform.ready
  return { platform, client: createClient({ token: platform.tokens.admin, fetch: platform.fetch }) }
}

const LIST_ORGS = 'listOrganizationsForAuthenticatedUser'

describe('cancellation through platform.fetch', () => {
  it('rejects a call aborted mid-flight with AbortError, ending the request and never retrying it', async () => {
    const { platform } = await demo()
    // An hour of latency: only the abort can end this call before vitest's own timeout.
    platform.faults.add({ operationId: LIST_ORGS, latency: '1h', times: 1 })
    const controller = new AbortController()
    const served: Promise<Response>[] = []
    const client = createClient({
      token: platform.tokens.admin,
      // Aborts once the request is on its way to the platform, as a user leaving a page would.
      fetch: (input, init) => {
        served.push(platform.fetch(input, init))
        controller.abort()
        return served.at(-1)!
      },
    })
    const error = await client.orgs.list(undefined, { signal: controller.signal }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'AbortError' })
    // One request, never retried, and platform.fetch gave up with the caller, as fetch does.
    expect(served).toHaveLength(1)
    await expect(served[0]).rejects.toMatchObject({ name: 'AbortError' })
    expect(platform.requests.ofOperation(LIST_ORGS)).toEqual([])
  })

  it('sends nothing when the signal is already aborted', async () => {
    const { platform, client } = await demo()
    const error = await client.orgs.list(undefined, { signal: AbortSignal.abort() }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'AbortError' })
    expect(platform.requests.length).toBe(0)
  })

  it('times out with TimeoutError, per attempt', async () => {
    const { platform, client } = await demo()
    platform.faults.add({ operationId: LIST_ORGS, latency: '300ms', times: 1 })
    await expect(client.orgs.list(undefined, { timeout: 50, retry: 0 })).rejects.toBeInstanceOf(TimeoutError)
  })
})

describe('the "Timeouts and cancellation" example', () => {
  it('prints the same, as documented, on each of 20 runs, each on a platform built afresh', { timeout: 300_000 }, async () => {
    const heading = readFileSync(join(ROOT, 'docs/sdk.md'), 'utf8').split('\n').indexOf('## Timeouts and cancellation') + 1
    expect(heading).toBeGreaterThan(0)
    const block = codeBlocks('docs/sdk.md').find((b) => b.run && b.line > heading)!
    expect(block.code).toContain('TimeoutError')
    const dir = join(ROOT, 'test-results/doc-blocks-repeated')
    await mkdir(dir, { recursive: true })
    const file = join(dir, 'sdk_timeouts.ts')
    await writeFile(file, withSourceImports(block.code))
    const runs: string[][] = []
    try {
      for (let run = 0; run < 20; run++) {
        // A fresh module graph: no scenario kept from an earlier run, so each one waits for
        // the demo to be built, as a program run once does.
        vi.resetModules()
        const printed: string[] = []
        const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(...printedLines(args)))
        try {
          await import(`${pathToFileURL(file).href}?run=${run}`)
        } finally {
          log.mockRestore()
        }
        runs.push(printed)
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
    const documented = declaredOutput(block.code)
    expect(documented).toEqual(['true', 'AbortError'])
    const differing = runs.map((printed, run) => ({ run, printed })).filter(({ printed }) => !matchesLines(documented, printed))
    expect(differing).toEqual([])
  })
})

describe('retries', () => {
  it('retries a GET through 429s with Retry-After, then answers', async () => {
    const { platform, client } = await demo()
    platform.faults.add({ operationId: LIST_ORGS, status: 429, retryAfter: 0, times: 2 })
    expect((await client.orgs.list()).items.map((o) => o.title)).toEqual(['Acme'])
    expect(platform.requests.ofOperation(LIST_ORGS).map((r) => r.status)).toEqual([429, 429, 200])
  })

  it('never retries a POST, which could apply twice', async () => {
    const { platform, client } = await demo()
    const [org] = (await client.orgs.list()).items
    platform.faults.add({ operationId: 'createCollection', status: 503, retryAfter: 0, times: 1 })
    await expect(client.collections.create({ organizationId: org!.id, title: 'Once' })).rejects.toBeInstanceOf(InternalServerError)
    expect(platform.requests.ofOperation('createCollection').map((r) => r.status)).toEqual([503])
  })
})

describe('what the pagination and raw-response blocks print', () => {
  it('toArray collects the 7 members of Acme, and a limit of 5 fails naming both numbers', async () => {
    const { client } = await demo()
    const {
      items: [org],
    } = await client.orgs.list()
    expect(await client.orgs.members.list({ organizationId: org!.id }).toArray({ limit: 500 })).toHaveLength(7)
    const error = await client.orgs.members
      .list({ organizationId: org!.id })
      .toArray({ limit: 5 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ListLimitError)
    expect(error).toMatchObject({ count: 7, limit: 5 })
  })

  it('withResponse gives count, status and the request id req_1 on a fresh platform', async () => {
    const { client } = await demo()
    const { data, response, requestId } = await client.orgs.list().withResponse()
    expect([data.count, response.status, requestId]).toEqual([1, 200, 'req_1'])
  })

  it('the request log names the client as the mocking guide shows', async () => {
    const { platform, client } = await demo()
    await client.orgs.list()
    expect(platform.requests.last()?.client).toBe(`docplat/${VERSION} node/${process.versions.node}`)
  })
})

describe('client.request, logging, middleware and token functions as the guide shows them', () => {
  it('client.request answers unknown JSON, checks a schema, throws NotFoundError with a request id', async () => {
    const { client } = await demo()
    expect(((await client.request({ method: 'GET', path: '/v1/orgs', query: { limit: 1 } })) as { count: number }).count).toBe(1)
    const {
      items: [first],
    } = await client.orgs.list()
    const { z } = await import('zod')
    const org = await client.request({
      method: 'GET',
      path: `/v1/orgs/${first!.id}`,
      schema: z.object({ id: z.string(), title: z.string(), plan: z.string().optional() }),
    })
    expect([org.title, org.plan]).toEqual(['Acme', 'free_2024'])
    const error = await client.request({ method: 'POST', path: '/v1/spaces/nope/duplicate', body: {} }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'NotFoundError', status: 404, requestId: 'req_4' })
  })

  it('logs the attempt lines and the retry warning shown', async () => {
    const { platform } = await demo()
    const lines: string[] = []
    const push = (line: string) => void lines.push(line)
    const client = createClient({
      token: platform.tokens.admin,
      fetch: platform.fetch,
      logLevel: 'info',
      logger: { debug: () => {}, info: push, warn: push, error: push },
    })
    platform.faults.add({ operationId: LIST_ORGS, status: 503, times: 1 })
    await client.orgs.list()
    expect(lines.map((line) => line.replace(/ in \d+ ms/, ' in N ms'))).toEqual([
      `docplat: ${LIST_ORGS} GET /v1/orgs 503 in N ms (attempt 1, request req_1)`,
      `docplat: ${LIST_ORGS} GET /v1/orgs: 503 on attempt 1, retrying (retry 1 of 2)`,
      `docplat: ${LIST_ORGS} GET /v1/orgs 200 in N ms (attempt 2, request req_2)`,
    ])
  })

  it('middleware sees the operation, attempt and status; a revoked token from a function gives AuthenticationError', async () => {
    const { platform } = await demo()
    const seen: string[] = []
    const client = createClient({
      token: platform.tokens.admin,
      fetch: platform.fetch,
      middleware: [{ onResponse: (call, response) => void seen.push(`${call.operationId} ${call.attempt} ${response.status}`) }],
    })
    await client.orgs.list()
    expect(seen).toEqual([`${LIST_ORGS} 1 200`])
    let current = platform.tokens.admin
    const refreshing = createClient({ token: async () => current, fetch: platform.fetch })
    expect((await refreshing.orgs.list()).count).toBe(1)
    current = 'dpt_revoked'
    expect(await refreshing.orgs.list().catch((e: unknown) => e)).toMatchObject({ name: 'AuthenticationError' })
  })
})
