import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { createInstrumentedPlatform } from '../../mock/platform.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'

/**
 * A bug in an operation, as its handler meets it: the write it makes throws. The stack the mock
 * logs with its 500 names the stages the request was in, the core's and the server's, rather than
 * anonymous frames.
 */
async function world() {
  let failing = false
  const platform = createInstrumentedPlatform(
    { scenario: 'empty' },
    {
      beforeWrite: (table) => {
        if (failing) throw new Error(`Injected bug in the write to ${table}`)
      },
    },
  )
  const org = await platform.builders.organization({ title: 'Stages' })
  const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
  failing = true
  return { platform, org, token: token! }
}

/** The stack of the error the mock logged with its 500. */
function loggedStack(logged: MockInstance<typeof console.error>): string {
  const error = logged.mock.calls.map((args: unknown[]) => args[1]).find((value) => value instanceof Error) as Error | undefined
  expect(error?.message).toMatch(/^Injected bug in the write to /)
  return error!.stack!
}

let server: MockServer | undefined
// V8 keeps 10 frames by default: the model's own frames above the handler would fill them.
const frames = Error.stackTraceLimit
beforeEach(() => {
  Error.stackTraceLimit = 50
})
afterEach(async () => {
  Error.stackTraceLimit = frames
  await server?.close()
  server = undefined
  vi.restoreAllMocks()
})

describe('a stack trace from a handler names the stages it went through', () => {
  it('through platform.fetch: the core’s main line, its operation and its locked transaction', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { platform, org, token } = await world()
    const answer = await platform.fetch(`${platform.baseUrl}/v1/orgs/${org.id}/teams`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Writers' }),
    })
    expect(answer.status).toBe(500)
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
      /^Internal error in the mock while handling \w+: Injected bug in the write to /,
    )
    const stack = loggedStack(logged)
    for (const stage of [
      'runHandler',
      'transaction',
      'maintainThenRun',
      'journaled',
      'underLock',
      'locked',
      'transactionOf',
      'operate',
      'answerCall',
    ])
      expect(stack).toMatch(new RegExp(`\\bat (async )?(\\S+\\.)?${stage} `))
    expect(stack).not.toMatch(/\bat <anonymous>/)
  })

  it('through the server: the same, then the server’s stages that called the core', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { platform, org, token } = await world()
    server = await startMockServer({ platform, control: false })
    const answer = await fetch(`${server.url}/v1/orgs/${org.id}/teams`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Writers' }),
    })
    expect(answer.status).toBe(500)
    const stack = loggedStack(logged)
    for (const stage of ['runHandler', 'transactionOf', 'operate', 'answerCall', 'platformStages', 'answerRequest', 'serve'])
      expect(stack).toMatch(new RegExp(`\\bat (async )?(\\S+\\.)?${stage} `))
  })
})
