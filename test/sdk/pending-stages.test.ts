import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NotFoundError, TimeoutError, type ClientOptions, type RequestOptions } from '../../src/index.ts'
import { rejection, world } from './fixture.ts'

/**
 * Whatever a call waits on (the caller's token function, middleware, a `fetch` that ignores its
 * signal, a body that never ends), the timeout and the caller's signal end it. Each stage is
 * tried both ways: `timeout: 50` only picks which of the two ends the call (the tests assert the
 * error's kind, never how long it took), and the signal is aborted by the stage itself once the
 * call has reached it.
 */

type Stop = 'timeout' | 'signal'
const STOPS: readonly Stop[] = ['timeout', 'signal']

function stopper(stop: Stop) {
  const controller = new AbortController()
  return {
    /** The per-call options that end the call. */
    options: (stop === 'timeout' ? { timeout: 50 } : { timeout: false, signal: controller.signal }) satisfies RequestOptions,
    /** Called by a stage once the call waits on it: aborts, for the signal variant. */
    reached: () => {
      if (stop === 'signal') controller.abort()
    },
    /** The call's rejection is the one the stop promises. */
    expectEnded: (error: unknown) => {
      if (stop === 'timeout') expect(error).toBeInstanceOf(TimeoutError)
      else expect(error).toBe(controller.signal.reason)
    },
  }
}

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A few turns of the event loop: what an abandoned stage does once it settles has happened by then. */
async function turns() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
}

const encoder = new TextEncoder()

/** A body that sends `start` and then nothing, for ever; `cancelled` resolves when the reader gives up on it. */
function stalledBody(start: string, onPull: () => void) {
  const cancelled = deferred<void>()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(start))
    },
    pull() {
      // Pulled once the reader has taken the start and asks for more: the call now waits on the body.
      onPull()
      return new Promise(() => {})
    },
    cancel() {
      cancelled.resolve()
    },
  })
  return { body, cancelled: cancelled.promise }
}

let unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
beforeEach(() => {
  unhandled = []
  process.on('unhandledRejection', onUnhandled)
})
afterEach(async () => {
  await turns()
  process.off('unhandledRejection', onUnhandled)
  expect(unhandled).toEqual([])
})

/** The platform's client with the given options; `sent` lists what reached `fetch`. */
async function setup(options: (fetch: ClientOptions['fetch'] & {}) => ClientOptions = () => ({})) {
  const w = await world()
  const sent: string[] = []
  const fetch = (request: Request) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`)
    return w.platform.fetch(request)
  }
  return { ...w, sent, sdk: w.client({ fetch, ...options(fetch) }) }
}

describe.each(STOPS)('the %s ends a call waiting on', (stop) => {
  it('a token function that has not settled, and nothing is sent when it later does', async () => {
    const s = stopper(stop)
    const tokens = [deferred<string>(), deferred<string>()]
    let asked = 0
    const { sdk, sent, org, admin } = await setup(() => ({
      token: () => {
        s.reached()
        return tokens[asked++]!.promise
      },
    }))
    s.expectEnded(await rejection(sdk.orgs.get({ organizationId: org.id }, s.options)))
    // Settling later sends nothing, and a rejection later is not an unhandled one.
    tokens[0]!.resolve(admin.token)
    await turns()
    expect(sent).toEqual([])
    expect(asked).toBe(1)
    const second = sdk.orgs.get({ organizationId: org.id }, stopper(stop).options)
    tokens[1]!.reject(new Error('refresh failed late'))
    expect(await rejection(second)).toMatchObject({ message: 'refresh failed late' })
  })

  it('a fetch that ignores its signal, and no retry follows when it later answers', async () => {
    const s = stopper(stop)
    const answers: ReturnType<typeof deferred<Response>>[] = []
    const { client, org } = await world()
    const sdk = client({
      fetch: () => {
        const answer = deferred<Response>()
        answers.push(answer)
        s.reached()
        return answer.promise
      },
    })
    s.expectEnded(await rejection(sdk.orgs.get({ organizationId: org.id }, s.options)))
    const late = stalledBody('{"error":', () => {})
    answers[0]!.resolve(new Response(late.body, { status: 503, headers: { 'content-type': 'application/json' } }))
    await turns()
    expect(answers).toHaveLength(1)
    // The late answer's body is let go, not left open.
    await late.cancelled
  })

  it('a response body that stops coming, which is let go', async () => {
    const s = stopper(stop)
    let stalled: ReturnType<typeof stalledBody> | undefined
    const { sdk, org } = await setup((fetch) => ({
      fetch: async (request) => {
        const response = await fetch(request)
        stalled = stalledBody('{"id":', s.reached)
        return new Response(stalled.body, { status: response.status, headers: response.headers })
      },
    }))
    s.expectEnded(await rejection(sdk.orgs.get({ organizationId: org.id }, s.options)))
    await stalled!.cancelled
  })

  it("a response body of client.request, and of a list's page", async () => {
    const s = stopper(stop)
    const { sdk, org } = await setup((fetch) => ({
      fetch: async (request) => {
        const response = await fetch(request)
        return new Response(stalledBody('{"id":', s.reached).body, { status: response.status, headers: response.headers })
      },
    }))
    s.expectEnded(await rejection(sdk.request({ method: 'GET', path: `/v1/orgs/${org.id}`, ...s.options })))
    const t = stopper(stop)
    const { sdk: lists } = await setup((fetch) => ({
      fetch: async (request) => {
        const response = await fetch(request)
        return new Response(stalledBody('{"items":', t.reached).body, { status: response.status, headers: response.headers })
      },
    }))
    t.expectEnded(await rejection(lists.orgs.list(undefined, t.options)))
  })

  it("an error's body that stops coming", async () => {
    const s = stopper(stop)
    let stalled: ReturnType<typeof stalledBody> | undefined
    const { sdk, org, sent } = await setup((fetch) => ({
      fetch: async (request) => {
        await fetch(request)
        stalled = stalledBody('{"error":', s.reached)
        return new Response(stalled.body, { status: 503, headers: { 'content-type': 'application/json' } })
      },
    }))
    s.expectEnded(await rejection(sdk.orgs.get({ organizationId: org.id }, s.options)))
    await stalled!.cancelled
    await turns()
    expect(sent).toHaveLength(1)
  })

  it("a middleware's onRequest, and nothing is sent when it later settles", async () => {
    const s = stopper(stop)
    const hook = deferred<void>()
    const { sdk, sent, org } = await setup(() => ({
      middleware: [
        {
          onRequest: () => {
            s.reached()
            return hook.promise
          },
        },
      ],
    }))
    s.expectEnded(await rejection(sdk.orgs.get({ organizationId: org.id }, s.options)))
    hook.resolve()
    await turns()
    expect(sent).toEqual([])
  })

  it("a middleware's onResponse", async () => {
    const s = stopper(stop)
    const { sdk, org } = await setup(() => ({
      middleware: [
        {
          onResponse: () => {
            s.reached()
            return new Promise<void>(() => {})
          },
        },
      ],
    }))
    s.expectEnded(await rejection(sdk.orgs.get({ organizationId: org.id }, s.options)))
  })

  it("a middleware's shouldRetry, and no retry follows", async () => {
    const s = stopper(stop)
    const { sdk, org, sent, platform } = await setup(() => ({
      middleware: [
        {
          shouldRetry: () => {
            s.reached()
            return new Promise<boolean>(() => {})
          },
        },
      ],
    }))
    platform.faults.add({ operationId: 'getOrganizationById', status: 503, times: 1 })
    s.expectEnded(await rejection(sdk.orgs.get({ organizationId: org.id }, s.options)))
    await turns()
    expect(sent).toHaveLength(1)
  })
})

describe('a middleware onError that never settles', () => {
  it("past the timeout, the call rejects with the error onError was given; the caller's signal ends it with its reason", async () => {
    const { sdk, org } = await setup(() => ({
      middleware: [{ onError: () => new Promise<void>(() => {}) }],
    }))
    const missing = await rejection(sdk.spaces.get({ spaceId: 'nope' }, { timeout: 50 }))
    expect(missing).toBeInstanceOf(NotFoundError)
    const controller = new AbortController()
    const { sdk: aborting } = await setup(() => ({
      middleware: [
        {
          onError: () => {
            controller.abort()
            return new Promise<void>(() => {})
          },
        },
      ],
    }))
    expect(await rejection(aborting.orgs.get({ organizationId: `${org.id}x` }, { timeout: false, signal: controller.signal }))).toBe(
      controller.signal.reason,
    )
  })
})

describe("a stream's events", () => {
  it("end with the caller's signal when the body stops coming, and the body is let go", async () => {
    const { client, org } = await world()
    const controller = new AbortController()
    const stalled = stalledBody(': waiting\n\n', () => controller.abort())
    const sdk = client({
      fetch: async () => new Response(stalled.body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    })
    const events = sdk.orgs.ask.stream({ organizationId: org.id, query: 'what?' }, { signal: controller.signal })
    const error = await rejection(
      (async () => {
        for await (const _ of events) expect.unreachable('no event was sent')
      })(),
    )
    expect(error).toBe(controller.signal.reason)
    await stalled.cancelled
  })
})

describe('response validation', () => {
  it('refuses a schema that answers asynchronously, and its later rejection is not an unhandled one', async () => {
    const { client, org } = await world()
    const late = deferred<never>()
    const schema = { '~standard': { version: 1 as const, vendor: 'test', validate: () => late.promise } }
    const error = await rejection(client().request({ method: 'GET', path: `/v1/orgs/${org.id}`, schema }))
    expect(error).toMatchObject({ message: `GET /v1/orgs/${org.id}: asynchronous schemas are not supported` })
    late.reject(new Error('validated too late'))
  })
})
