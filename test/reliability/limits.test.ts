import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { OperationDef } from '../../src/contract/define.ts'
import { MAX_BODY_BYTES } from '../../mock/base/input.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { ROOT, startCli, stopAll } from '../node/child.ts'
import { setup } from '../helpers.ts'
import { allOperations, call } from './call.ts'
import { RULES, targetKindOf } from './permissions-table.ts'
import { stateOf } from './requests.ts'
import { createWorld, pathValuesFor, targetsOf, type World } from './world.ts'

/**
 * Limits: a request body above `MAX_BODY_BYTES` (1 MiB) is a 413 for every operation that takes
 * one, counted in bytes, whether it comes through `platform.fetch` or over HTTP, declared or
 * streamed; `limit` outside 1..1000 is a 400 on every list; and the CLI server keeps answering
 * under a sustained load from a second process.
 */

const figures: string[] = []
let world: World
let baselineState: string

beforeAll(async () => {
  world = await createWorld('limits')
  baselineState = stateOf(world.platform)
})
afterAll(() => console.info(`limits:\n  ${figures.join('\n  ')}`))

const withBody = allOperations.filter((op) => op.body)

/** A JSON object of exactly `bytes` bytes of UTF-8, its padding made of `unit`. */
function bodyOfBytes(bytes: number, unit: string): string {
  const shell = JSON.stringify({ padding: '' })
  const unitBytes = new TextEncoder().encode(unit).length
  const units = Math.floor((bytes - shell.length) / unitBytes)
  const text = JSON.stringify({ padding: unit.repeat(units) + 'x'.repeat(bytes - shell.length - units * unitBytes) })
  expect(new TextEncoder().encode(text).length).toBe(bytes)
  return text
}

/** Path values of things that exist (so a 413 cannot hide behind a 404). */
function someTarget(op: OperationDef): Record<string, string> {
  const rule = RULES[op.id]
  const kind = targetKindOf(op)
  if (!kind) throw new Error(`${op.id} is not classified in permissions-table.ts`)
  const target = targetsOf(world, kind).find(
    (t) => t.values.organizationId === world.acme.organizationId && (rule?.only?.(t.values) ?? true),
  )!
  return target.values
}

function requestOf(base: string, op: OperationDef, body: BodyInit, headers: Record<string, string> = {}): Request {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValuesFor(op.path, someTarget(op))[name]!))
  return new Request(`${base}${path}`, {
    method: op.method,
    headers: { authorization: `Bearer ${world.tokens.admin}`, 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit)
}

describe('request bodies above the documented size', () => {
  it('get a 413 through platform.fetch on every operation with a body, counted in bytes, and change nothing', async () => {
    const problems: string[] = []
    const streamed = (text: string) => {
      const bytes = new TextEncoder().encode(text)
      // In 64 KiB chunks, without a Content-Length: the platform must count as it reads.
      return new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 65_536) controller.enqueue(bytes.subarray(i, i + 65_536))
          controller.close()
        },
      })
    }
    const over = bodyOfBytes(MAX_BODY_BYTES + 1, 'x')
    // 'é' is two bytes: fewer characters than the limit, more bytes.
    const overInUnicode = bodyOfBytes(MAX_BODY_BYTES + 2, 'é')
    for (const op of withBody) {
      for (const [name, body] of [
        ['ascii', over],
        ['two-byte characters', overInUnicode],
        ['streamed', streamed(over)],
      ] as const) {
        const response = await world.platform.fetch(requestOf(world.platform.baseUrl, op, body))
        const answer = (await response.json()) as { error?: { code?: number; message?: string } }
        if (response.status !== 413 || answer.error?.code !== 413)
          problems.push(`${op.id} (${name}): ${response.status} ${answer.error?.message ?? ''}`)
      }
      // Exactly the limit is not too large: whatever the answer, it is not a 413.
      const atLimit = await world.platform.fetch(requestOf(world.platform.baseUrl, op, bodyOfBytes(MAX_BODY_BYTES, 'x')))
      if (atLimit.status === 413 || atLimit.status >= 500) problems.push(`${op.id} (exactly ${MAX_BODY_BYTES} bytes): ${atLimit.status}`)
      if (atLimit.status < 300) await world.platform.restore(world.baseline)
    }
    expect(problems).toEqual([])
    expect(stateOf(world.platform)).toBe(baselineState)
    figures.push(
      `413: ${withBody.length} operations x 3 oversized bodies through platform.fetch (ascii, two-byte characters, streamed), plus one at exactly ${MAX_BODY_BYTES} bytes`,
    )
  })

  describe('over HTTP', () => {
    let server: MockServer
    beforeAll(async () => {
      server = await startMockServer({ platform: world.platform, port: 0, host: '127.0.0.1' })
    })
    afterAll(() => server?.close())

    it('get a 413 on every operation with a body, declared or counted in two-byte characters', async () => {
      const over = bodyOfBytes(MAX_BODY_BYTES + 1, 'x')
      const overInUnicode = bodyOfBytes(MAX_BODY_BYTES + 2, 'é')
      const problems: string[] = []
      for (const op of withBody) {
        for (const body of [over, overInUnicode]) {
          const response = await fetch(requestOf(server.url, op, body))
          if (response.status !== 413) problems.push(`${op.id}: ${response.status}`)
          await response.body?.cancel()
        }
      }
      expect(problems).toEqual([])
      expect(stateOf(world.platform)).toBe(baselineState)
      figures.push(`413 over HTTP: ${withBody.length} operations x 2 oversized bodies`)
    })
  })
})

describe('limit', () => {
  it('is 1..1000 on every list: 0 and 1001 are 400 naming query.limit, 1 and 1000 answer', async () => {
    const lists = allOperations.filter((op) => op.paginated)
    const rows: Array<[string, number, number, number, number]> = []
    for (const op of lists) {
      const target = someTarget(op)
      const params = { ...pathValuesFor(op.path, target), ...(RULES[op.id]?.params?.(target, world) ?? {}) }
      const statusOf = async (limit: number) => {
        const answer = await call(world.platform.fetch, world.platform.baseUrl, op, world.tokens.admin, { ...params, limit })
        if (answer.status === 400)
          expect(answer.message, `${op.id} limit=${limit}`).toMatch(/^Invalid query\.limit: must be (at least 1|at most 1000)$/)
        return answer.status
      }
      rows.push([op.id, await statusOf(0), await statusOf(1), await statusOf(1000), await statusOf(1001)])
    }
    expect(rows.filter(([, zero, one, max, over]) => zero !== 400 || one !== 200 || max !== 200 || over !== 400)).toEqual([])
    figures.push(`limit: ${lists.length} list operations answer 400/200/200/400 to limit=0/1/1000/1001`)
    expect(lists.length).toBeGreaterThan(30)
  })
})

describe('sustained load', () => {
  afterEach(() => stopAll())

  it('the CLI server answers every request of a second process running autocannon, and keeps answering', async () => {
    const { demo, platform } = await setup()
    const token = platform.tokens.admin!
    const cli = await startCli(['--port', '0'])
    const requests = [
      { method: 'GET', path: '/v1/orgs' },
      { method: 'GET', path: `/v1/spaces/${demo.spaces.guide}` },
      { method: 'GET', path: `/v1/orgs/${demo.acme}/collections?limit=50` },
      { method: 'GET', path: `/v1/spaces/${demo.spaces.guide}/content/pages` },
      { method: 'GET', path: `/v1/orgs/${demo.acme}/members?limit=20` },
      { method: 'PATCH', path: `/v1/spaces/${demo.spaces.guide}`, body: JSON.stringify({ title: 'Under load' }) },
    ]
    const AMOUNT = 2_000
    const CONNECTIONS = 10
    const loader = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('./load-client.ts', import.meta.url)),
        cli.url,
        token,
        JSON.stringify(requests),
        String(AMOUNT),
        String(CONNECTIONS),
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let err = ''
    loader.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
    loader.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
    const done = new Promise<number | null>((resolve) => loader.on('close', resolve))

    // Meanwhile, a client of our own keeps being answered: one request after another, for as long
    // as the loader runs (at least one, however quickly it ends).
    const probes: number[] = []
    const probing = (async () => {
      do {
        const response = await fetch(`${cli.url}/v1/orgs/${demo.acme}`, { headers: { authorization: `Bearer ${token}` } })
        probes.push(response.status)
        await response.body?.cancel()
      } while (loader.exitCode === null && loader.signalCode === null)
    })()
    let code: number | null
    try {
      code = await done
    } finally {
      // A failed or timed-out test leaves no loader behind.
      loader.kill('SIGKILL')
    }
    await probing
    expect(code, err).toBe(0)
    const result = JSON.parse(out) as {
      total: number
      perSecond: number
      p50: number
      p99: number
      max: number
      errors: number
      timeouts: number
      non2xx: number
    }
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 })
    expect(result.total).toBe(AMOUNT)
    expect(probes.length).toBeGreaterThan(0)
    expect(probes.every((s) => s === 200)).toBe(true)
    // And once the load is over, the state is still there and consistent.
    const after = await fetch(`${cli.url}/v1/spaces/${demo.spaces.guide}`, { headers: { authorization: `Bearer ${token}` } })
    expect(((await after.json()) as { title: string }).title).toBe('Under load')
    figures.push(
      `load: autocannon, ${CONNECTIONS} connections, ${AMOUNT} requests from a second process against the CLI server on 127.0.0.1: ` +
        `${Math.round(result.perSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, 0 errors; ` +
        `${probes.length} probes from the test process all 200`,
    )
  }, 120_000)
})
