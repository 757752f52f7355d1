import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient, type Logger } from '../../src/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { parseCommandLine, UsageError } from '../../mock/node/args.ts'
// The only way to make the mock fail on its own: a write that throws, through the test hook.
import { createInstrumentedPlatform } from '../../mock/platform.ts'

const CONSOLE = ['error', 'warn', 'log', 'info', 'debug'] as const

/** Every console method, spied on and silenced: what the mock prints, by method. */
function spyConsole() {
  return Object.fromEntries(CONSOLE.map((method) => [method, vi.spyOn(console, method).mockImplementation(() => undefined)]))
}

/** A logger that keeps what it is told, by level. */
function collectingLogger() {
  const told: { level: string; message: string }[] = []
  const logger: Logger = {
    debug: (message) => void told.push({ level: 'debug', message }),
    info: (message) => void told.push({ level: 'info', message }),
    warn: (message) => void told.push({ level: 'warn', message }),
    error: (message) => void told.push({ level: 'error', message }),
  }
  return { logger, told }
}

/** An empty platform with an admin, whose next table write fails once `failing` is set: a bug of the mock. */
async function failingPlatform(logger?: Logger) {
  let failing = false
  const platform = createInstrumentedPlatform(
    { scenario: 'empty', ...(logger ? { logger } : {}) },
    {
      beforeWrite: (table) => {
        if (failing) throw new Error(`Injected failure of the write to ${table}`)
      },
    },
  )
  const org = await platform.builders.organization({ title: 'Initech' })
  const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
  const client = createClient({ token, fetch: platform.fetch, retry: { limit: 0 } })
  return { client, org, fail: () => void (failing = true) }
}

afterEach(() => vi.restoreAllMocks())

describe('the mock logger', () => {
  it("createMockPlatform({ logger }) receives a 500's message, and nothing reaches the console", async () => {
    const { logger, told } = collectingLogger()
    const { client, org, fail } = await failingPlatform(logger)
    const printed = spyConsole()
    fail()
    await expect(client.collections.create({ organizationId: org.id, title: 'Roadmap' })).rejects.toMatchObject({ status: 500 })
    expect(told).toHaveLength(1)
    expect(told[0]!.level).toBe('error')
    expect(told[0]!.message).toMatch(/^createCollection failed: Error: Injected failure of the write to collections\n\s+at /)
    for (const method of CONSOLE) expect(printed[method]!).not.toHaveBeenCalled()
  })

  it('without a logger, the message goes to stderr as before: prefixed, with the error itself', async () => {
    const { client, org, fail } = await failingPlatform()
    const printed = spyConsole()
    fail()
    await expect(client.collections.create({ organizationId: org.id, title: 'Roadmap' })).rejects.toMatchObject({ status: 500 })
    expect(printed.error!).toHaveBeenCalledTimes(1)
    const [line, error] = printed.error!.mock.calls[0]!
    expect(line).toBe('[docplat mock] createCollection failed:')
    expect((error as Error).message).toBe('Injected failure of the write to collections')
  })

  it('startMockServer({ logger }) receives the message of a request the server could not answer', async () => {
    const { logger, told } = collectingLogger()
    const printed = spyConsole()
    const server = await startMockServer({
      platform: {
        dispatch: async () => {
          throw new Error('boom')
        },
      },
      logger,
    })
    try {
      const answer = await fetch(`${server.url}/v1/orgs`)
      expect(answer.status).toBe(500)
      expect(await answer.json()).toEqual({ error: { code: 500, message: 'Internal error in the mock server: boom' } })
    } finally {
      await server.close()
    }
    expect(told.map((entry) => entry.message.split('\n')[0])).toEqual(['the server failed to handle a request: Error: boom'])
    for (const method of CONSOLE) expect(printed[method]!).not.toHaveBeenCalled()
  })

  it('refuses a logger without the four methods, at once', () => {
    for (const bad of [{}, { error: () => undefined }, 'console', null]) {
      expect(() => createInstrumentedPlatform({ scenario: 'empty', logger: bad as unknown as Logger }, {})).toThrow(
        /^Invalid logger: give an object with debug, info, warn and error methods/,
      )
    }
  })

  it("the CLI's --log-level takes the SDK's levels and refuses others, naming them", () => {
    const options = (argv: string[]) => {
      const command = parseCommandLine(argv, {})
      return command.command === 'serve' ? command.options : undefined
    }
    expect(options(['serve', '--log-level', 'off'])?.logLevel).toBe('off')
    expect(options(['serve', '--log-level=debug'])?.logLevel).toBe('debug')
    expect(options(['serve'])?.logLevel).toBeUndefined()
    expect(() => parseCommandLine(['serve', '--log-level', 'loud'], {})).toThrow(UsageError)
    expect(() => parseCommandLine(['serve', '--log-level', 'loud'], {})).toThrow(
      'Invalid --log-level "loud": expected off, error, warn, info, debug',
    )
  })
})
