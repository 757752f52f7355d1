import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfigurationError, createClient, type Logger, type LogLevel } from '../../src/index.ts'
import { rejection, world } from './fixture.ts'

/** A logger that keeps every line, by level. */
function capture() {
  const lines: Array<{ level: keyof Logger; message: string }> = []
  const logger: Logger = {
    debug: (message) => void lines.push({ level: 'debug', message }),
    info: (message) => void lines.push({ level: 'info', message }),
    warn: (message) => void lines.push({ level: 'warn', message }),
    error: (message) => void lines.push({ level: 'error', message }),
  }
  return { lines, logger, at: (level: keyof Logger) => lines.filter((l) => l.level === level).map((l) => l.message) }
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('logging', () => {
  it('info: one line per attempt with operation, method, path, status, duration, attempt and request id', async () => {
    const { client, org } = await world()
    const { logger, at } = capture()
    await client({ logger, logLevel: 'info' }).orgs.get({ organizationId: org.id })
    expect(at('info')).toHaveLength(1)
    expect(at('info')[0]).toMatch(
      new RegExp(`^docplat: getOrganizationById GET /v1/orgs/${org.id} 200 in \\d+ ms \\(attempt 1, request req_\\w+\\)$`),
    )
    expect(at('debug')).toEqual([])
  })

  it('warn (the default): retries and a Retry-After the SDK waits or refuses, nothing for a call that succeeds at once', async () => {
    // The suite runs with DOCPLAT_LOG=off (vitest.config.ts): unset, the default level applies.
    vi.stubEnv('DOCPLAT_LOG', '')
    const { client, org, platform } = await world()
    const { logger, at, lines } = capture()
    await client({ logger }).orgs.get({ organizationId: org.id })
    expect(lines).toEqual([])
    platform.faults.add({ operationId: 'getOrganizationById', status: 503, times: 2 })
    await client({ logger }).orgs.get({ organizationId: org.id })
    platform.faults.add({ operationId: 'getOrganizationById', status: 429, retryAfter: 1, times: 1 })
    await client({ logger }).orgs.get({ organizationId: org.id })
    expect(at('warn')).toEqual([
      `docplat: getOrganizationById GET /v1/orgs/${org.id}: 503 on attempt 1, retrying (retry 1 of 2)`,
      `docplat: getOrganizationById GET /v1/orgs/${org.id}: 503 on attempt 2, retrying (retry 2 of 2)`,
      `docplat: getOrganizationById GET /v1/orgs/${org.id}: 429 on attempt 1, retrying (retry 1 of 2), waiting 1 s as Retry-After asks`,
    ])
    platform.faults.add({ operationId: 'getOrganizationById', status: 429, retryAfter: 3600, times: 1 })
    await rejection(client({ logger }).orgs.get({ organizationId: org.id }))
    expect(at('warn')[3]).toBe(
      `docplat: getOrganizationById GET /v1/orgs/${org.id}: not retrying, the server asks to wait 3600 s (Retry-After), above retry.maxRetryAfter (60000 ms)`,
    )
    expect(at('info')).toEqual([])
  })

  it('error: a call that ends without a usable answer (a 5xx after the retries)', async () => {
    const { client, org, platform } = await world()
    const { logger, at } = capture()
    platform.faults.add({ operationId: 'getOrganizationById', status: 500, times: 3 })
    await rejection(client({ logger, logLevel: 'error' }).orgs.get({ organizationId: org.id }))
    expect(at('error')).toEqual([
      `docplat: getOrganizationById GET /v1/orgs/${org.id} failed after 3 attempt(s): InternalServerError: Injected fault: 500`,
    ])
    expect(at('warn')).toEqual([])
  })

  it('off logs nothing, even a failure', async () => {
    const { client, org, platform } = await world()
    const { logger, lines } = capture()
    platform.faults.add({ operationId: 'getOrganizationById', status: 500, times: 3 })
    await rejection(client({ logger, logLevel: 'off' }).orgs.get({ organizationId: org.id }))
    expect(lines).toEqual([])
  })

  it('debug: headers with Authorization redacted, and bodies; the token appears at no level', async () => {
    const { client, org, platform, admin } = await world()
    const { logger, at, lines } = capture()
    platform.faults.add({ operationId: 'createCollection', status: 503, times: 1 })
    const debug = client({ logger, logLevel: 'debug', retry: { limit: 1, delay: () => 0 } })
    await rejection(debug.collections.create({ organizationId: org.id, title: 'Guides' }))
    platform.faults.add({ operationId: 'getOrganizationById', status: 502, times: 1 })
    await debug.orgs.get({ organizationId: org.id })
    await rejection(debug.spaces.get({ spaceId: 'nope' }))
    const sending = at('debug').find((m) => m.includes('createCollection') && m.includes('sending'))!
    expect(sending).toContain('"authorization":"Bearer ***"')
    expect(sending).toContain('{"title":"Guides"}')
    expect(at('debug').some((m) => m.includes('received') && m.includes('"title":"Initech"'))).toBe(true)
    for (const level of ['debug', 'info', 'warn', 'error'] as const) expect(at(level).length, level).toBeGreaterThan(0)
    expect(lines.filter((l) => l.message.includes(admin.token))).toEqual([])
  })

  it('DOCPLAT_LOG sets the level where the runtime has an environment; logLevel wins; a wrong value is reported once', async () => {
    const { client, org } = await world()
    vi.stubEnv('DOCPLAT_LOG', 'info')
    const fromEnv = capture()
    await client({ logger: fromEnv.logger }).orgs.get({ organizationId: org.id })
    expect(fromEnv.at('info')).toHaveLength(1)
    const explicit = capture()
    await client({ logger: explicit.logger, logLevel: 'warn' }).orgs.get({ organizationId: org.id })
    expect(explicit.lines).toEqual([])
    vi.stubEnv('DOCPLAT_LOG', 'verbose')
    const wrong = capture()
    await client({ logger: wrong.logger }).orgs.get({ organizationId: org.id })
    expect(wrong.lines).toEqual([
      { level: 'warn', message: 'docplat: ignoring DOCPLAT_LOG="verbose": use one of off, error, warn, info, debug.' },
    ])
  })

  it('works with console (the default logger), calling its methods on it', async () => {
    const { client, org } = await world()
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    try {
      await client({ logLevel: 'info' }).orgs.get({ organizationId: org.id })
      expect(info).toHaveBeenCalledTimes(1)
      expect(info.mock.calls[0]![0]).toMatch(/^docplat: getOrganizationById GET/)
    } finally {
      info.mockRestore()
    }
  })

  it('a wrong logLevel or logger is a ConfigurationError at once', () => {
    expect(() => createClient({ token: 'dpt_x', logLevel: 'verbose' as LogLevel })).toThrow(ConfigurationError)
    expect(() => createClient({ token: 'dpt_x', logLevel: 'verbose' as LogLevel })).toThrow(
      /^Invalid logLevel "verbose": use one of 'off', 'error', 'warn', 'info', 'debug'\.$/,
    )
    expect(() => createClient({ token: 'dpt_x', logger: { info() {} } as unknown as Logger })).toThrow(/^Invalid logger/)
  })
})
