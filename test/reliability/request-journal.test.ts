import { afterEach, describe, expect, it } from 'vitest'
import { ByteBudget, createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { DEFAULT_REQUEST_JOURNAL_BYTES } from '../../mock/base/byte-budget.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { parseCommandLine, UsageError } from '../../mock/node/args.ts'

/**
 * One budget in bytes for everything kept about past requests, shared by the platform's
 * request log and the server's journal of exchanges; nothing kept for a reader that does not
 * exist. (request-journal-memory.test.ts holds a real server's heap to it.)
 */

const servers: MockServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function platformWithReader(options: Parameters<typeof createMockPlatform>[0] = {}) {
  const platform = createMockPlatform({ scenario: 'empty', ...options })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Budget Org' })
  const { token } = await platform.builders.user({ displayName: 'Bo', organization: org.id, role: 'read', tokenName: 'bo' })
  platform.requests.clear()
  return { platform, token }
}

/** A render call (read role is enough; an unknown block answers 404, logged all the same) with `text` in its props. */
function render(platform: MockPlatform, token: string, text: string, base?: string) {
  const url = `${base ?? 'https://api.docplat.dev'}/v1/integrations/demo-integration/render`
  const init = {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ componentId: 'card', props: { text } }),
  }
  return base === undefined ? platform.fetch(url, init) : fetch(url, init)
}

describe('the request journal budget', () => {
  it('counts two-byte text at two bytes a character: the same budget keeps about half as many such bodies', async () => {
    const kept = async (character: string) => {
      const budget = new ByteBudget(400_000)
      const { platform, token } = await platformWithReader({ requestJournal: budget })
      for (let i = 0; i < 100; i++) await render(platform, token, `${i} ${character.repeat(8_000)}`)
      expect(budget.used).toBeLessThanOrEqual(budget.limit)
      expect(platform.requests.last()!.body).toMatchObject({ props: { text: `99 ${character.repeat(8_000)}` } })
      return platform.requests.length
    }
    const ascii = await kept('x')
    const twoByte = await kept('ж')
    expect(ascii).toBeGreaterThanOrEqual(40)
    expect(ascii).toBeLessThanOrEqual(49)
    expect(twoByte / ascii).toBeGreaterThan(0.45)
    expect(twoByte / ascii).toBeLessThan(0.55)
  })

  it('is shared by the request log and the server exchanges: the oldest of either go first', async () => {
    const { platform, token } = await platformWithReader({ requestJournal: 300_000 })
    const server = await startMockServer({ platform })
    servers.push(server)
    for (let i = 0; i < 60; i++) await (await render(platform, token, `${i} ${'x'.repeat(8_000)}`, server.url)).arrayBuffer()
    const budget = platform.requests.budget
    expect(budget.limit).toBe(300_000)
    expect(budget.used).toBeLessThanOrEqual(budget.limit)
    // Each request is kept twice (the log's body, the exchange's request body): fewer than the log alone would keep.
    const { exchanges } = (await (await fetch(`${server.url}/_docplat/exchanges`)).json()) as { exchanges: Array<{ id: number }> }
    const logged = platform.requests.length
    expect(logged).toBeGreaterThan(5)
    expect(logged).toBeLessThan(30)
    // The newest of both are those kept, the same requests in both.
    expect(platform.requests.last()!.body).toMatchObject({ props: { text: `59 ${'x'.repeat(8_000)}` } })
    expect(Math.abs(exchanges.length - logged)).toBeLessThanOrEqual(1)
    const newest = (await (await fetch(`${server.url}/_docplat/exchanges/${exchanges.at(-1)!.id}`)).json()) as { request: { body: string } }
    expect(JSON.parse(newest.request.body)).toEqual({ componentId: 'card', props: { text: `59 ${'x'.repeat(8_000)}` } })
    // Clearing the log gives its bytes back.
    const before = budget.used
    await fetch(`${server.url}/_docplat/requests`, { method: 'DELETE' })
    expect(budget.used).toBeLessThan(before)
    expect(platform.requests.length).toBe(0)
  })

  it('keeps no exchanges when the control plane is off: nothing could read them', async () => {
    const { platform, token } = await platformWithReader()
    const exchanges = new ByteBudget(DEFAULT_REQUEST_JOURNAL_BYTES)
    const server = await startMockServer({ platform, control: false, requestJournal: exchanges })
    servers.push(server)
    for (let i = 0; i < 5; i++) expect((await render(platform, token, `${i}`, server.url)).status).toBe(404)
    expect(exchanges.used).toBe(0)
    // The platform's own log still answers assertions.
    expect(platform.requests.length).toBe(5)

    const on = new ByteBudget(DEFAULT_REQUEST_JOURNAL_BYTES)
    const withControl = await startMockServer({ platform, requestJournal: on })
    servers.push(withControl)
    await render(platform, token, 'seen', withControl.url)
    expect(on.used).toBeGreaterThan(0)
  })

  it('still reports every answer, a dropped connection as 0, when it keeps no exchanges', async () => {
    const { platform, token } = await platformWithReader()
    const seen: number[] = []
    // A platform given as `dispatch` only: the WHATWG path, with no control plane to keep exchanges for.
    const server = await startMockServer({
      platform: { dispatch: platform.dispatch },
      control: false,
      onRequest: (entry) => seen.push(entry.status),
    })
    servers.push(server)
    expect((await render(platform, token, 'one', server.url)).status).toBe(404)
    platform.faults.add({ operationId: 'renderIntegrationUIWithPost', drop: true, times: 1 })
    await expect(render(platform, token, 'two', server.url)).rejects.toThrow()
    expect(seen).toEqual([404, 0])
  })

  it('keeps nothing with requestJournal: false', async () => {
    const { platform, token } = await platformWithReader({ requestJournal: false })
    const server = await startMockServer({ platform })
    servers.push(server)
    expect((await render(platform, token, 'gone', server.url)).status).toBe(404)
    expect(platform.requests.length).toBe(0)
    expect(platform.requests.budget.used).toBe(0)
    const { exchanges } = (await (await fetch(`${server.url}/_docplat/exchanges`)).json()) as { exchanges: unknown[] }
    expect(exchanges).toEqual([])
  })

  it('refuses a budget that is not a whole number of bytes', () => {
    for (const bad of [-1, 1.5, Number.NaN, Infinity]) expect(() => new ByteBudget(bad)).toThrow(RangeError)
    expect(() => createMockPlatform({ requestJournal: -5 })).toThrow(/Invalid request journal budget -5/)
  })
})

describe('--request-journal', () => {
  const journalOf = (value: string) => {
    const command = parseCommandLine(['serve', '--request-journal', value], {})
    return command.command === 'serve' ? command.options.requestJournal : undefined
  }

  it('takes sizes in units of 1024 and off', () => {
    expect(journalOf('512kb')).toBe(512 * 1024)
    expect(journalOf('32mb')).toBe(32 * 1024 * 1024)
    expect(journalOf('32MiB')).toBe(32 * 1024 * 1024)
    expect(journalOf('1gb')).toBe(1024 ** 3)
    expect(journalOf('1.5mb')).toBe(1.5 * 1024 * 1024)
    expect(journalOf('4096')).toBe(4096)
    expect(journalOf('off')).toBe(0)
    const command = parseCommandLine(['serve'], {})
    expect(command.command === 'serve' && command.options.requestJournal).toBeUndefined()
  })

  it('refuses anything else, naming the flag', () => {
    for (const bad of ['', 'lots', '-1mb', '32 parsecs', '65gb', '1e9']) {
      expect(() => parseCommandLine(['serve', `--request-journal=${bad}`], {})).toThrow(UsageError)
      expect(() => parseCommandLine(['serve', `--request-journal=${bad}`], {})).toThrow(/--request-journal/)
    }
  })
})
