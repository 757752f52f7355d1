import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createMockPlatform, type MockPlatform, type PlainAnswer, type PlainRequest, type SerializedState } from '../../mock/index.ts'
import type { SourceReading } from '../../mock/base/source-limits.ts'

/** A promise and the function that settles it: what a test holds a request on. */
function held<T>(): { promise: Promise<T>; release: (value: T) => void } {
  let release!: (value: T) => void
  const promise = new Promise<T>((resolve) => {
    release = resolve
  })
  return { promise, release }
}

/**
 * A request the test holds at one of two points, each an event: `reading` resolves once the
 * platform authenticated it and asks for its body (it has not reached the state lock); `working`
 * once its operation ran under the lock and reads its OpenAPI source outside it. The body comes
 * when the test calls `send()`, the source's reading ends when it calls `finish()`.
 */
function heldRequest(path: string, token: string, body: unknown) {
  const reading = held<void>()
  const working = held<void>()
  const bytes = held<Uint8Array>()
  const source = held<SourceReading>()
  const request: PlainRequest = {
    method: 'POST',
    url: `https://api.docplat.dev${path}`,
    pathname: path,
    search: '',
    header: (name) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })[name],
    body: () => {
      reading.release()
      return bytes.promise
    },
    signal: new AbortController().signal,
    readSource: () => {
      working.release()
      return source.promise
    },
  }
  return {
    request,
    reading: reading.promise,
    working: working.promise,
    /** Lets the body arrive. */
    send() {
      bytes.release(new TextEncoder().encode(JSON.stringify(body)))
    },
    /** Lets the source's reading end. */
    finish() {
      source.release({ ok: false, errorCode: 'PARSE_ERROR' })
    },
  }
}

const json = (answer: PlainAnswer) => JSON.parse(answer.body as string) as Record<string, unknown>

/**
 * A platform on the empty scenario with one organization and its admin (the token named
 * `tokenName`), and what else `extra` builds. Two such platforms with the same seed give the
 * organization and the user the same IDs; their tokens differ by name.
 */
async function organization(tokenName: string, extra?: (platform: MockPlatform, org: string) => Promise<unknown>) {
  const platform = createMockPlatform({ scenario: 'empty', seed: 'lifecycle', freeze: true })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Acme' })
  await platform.builders.user({ organization: org.id, role: 'admin', tokenName })
  await extra?.(platform, org.id)
  return { platform, org: org.id, token: platform.tokens[tokenName]! }
}

/** A state to restore: the same organization and user, another admin token, and a collection of its own. */
async function elsewhere(): Promise<SerializedState> {
  const { platform } = await organization('other', (p, org) => p.builders.collection({ organization: org, title: 'Theirs' }))
  return platform.snapshot()
}

const titles = (platform: MockPlatform) => Array.from(platform.db.collections.all(), (c) => c.title).sort()

describe('restore and reset under the state lock', () => {
  it('a request authenticated before a restore, still reading its body, runs on the restored state: its token is unknown there (401), nothing written', async () => {
    const { platform, org, token } = await organization('mine')
    const target = await elsewhere()
    const held = heldRequest(`/v1/orgs/${org}/collections`, token, { title: 'Mine' })
    const answering = platform.handle(held.request)
    await held.reading
    await platform.restore(target)
    held.send()
    const answer = await answering
    expect(answer.status).toBe(401)
    expect(platform.snapshot().tables).toEqual(target.tables)
  })

  it('a request authenticated before a restore whose token the restored state holds too writes into the restored state, wholly', async () => {
    // Same seed, same token name: the same token in both states.
    const { platform, org, token } = await organization('admin')
    const { platform: other } = await organization('admin', (p, o) => p.builders.collection({ organization: o, title: 'Theirs' }))
    const target = other.snapshot()
    const held = heldRequest(`/v1/orgs/${org}/collections`, token, { title: 'Mine' })
    const answering = platform.handle(held.request)
    await held.reading
    await platform.restore(target)
    held.send()
    const answer = await answering
    expect(answer.status).toBe(201)
    expect(titles(platform)).toEqual(['Mine', 'Theirs'])
  })

  it('a request working outside the lock when a restore lands finishes on the state it began: its answer is the old state, the platform holds exactly the restored one', async () => {
    const { platform, org, token } = await organization('mine')
    const target = await elsewhere()
    const held = heldRequest(`/v1/orgs/${org}/openapi`, token, { slug: 'petstore', source: { text: 'openapi: 3.0.0' } })
    const answering = platform.handle(held.request)
    held.send()
    await held.working
    await platform.restore(target)
    held.finish()
    const answer = await answering
    expect(answer.status).toBe(201)
    expect(json(answer).slug).toBe('petstore')
    expect(platform.snapshot().tables).toEqual(target.tables)
    expect(platform.db.openapiSpecs.size).toBe(0)
  })

  it('a request authenticated before a reset, still reading its body, finds its token gone (401) and the platform exactly as reset', async () => {
    const { platform, org, token } = await organization('mine')
    const initial = await (async () => {
      const fresh = createMockPlatform({ scenario: 'empty', seed: 'lifecycle', freeze: true })
      await fresh.ready
      return fresh.snapshot()
    })()
    const held = heldRequest(`/v1/orgs/${org}/collections`, token, { title: 'Mine' })
    const answering = platform.handle(held.request)
    await held.reading
    await platform.reset()
    held.send()
    expect((await answering).status).toBe(401)
    expect(platform.snapshot().tables).toEqual(initial.tables)
  })

  it('a request working outside the lock when a reset lands answers from the state it began and leaves the reset state untouched', async () => {
    const { platform, org, token } = await organization('mine')
    const held = heldRequest(`/v1/orgs/${org}/openapi`, token, { slug: 'petstore', source: { text: 'openapi: 3.0.0' } })
    const answering = platform.handle(held.request)
    held.send()
    await held.working
    await platform.reset()
    held.finish()
    expect((await answering).status).toBe(201)
    expect(platform.db.organizations.size).toBe(0)
    expect(platform.db.openapiSpecs.size).toBe(0)
  })

  it('a builder called before a restore or a reset is undone by it; one called after builds on the new state; a token named on a replaced state is not named', async () => {
    const { platform, org } = await organization('mine')
    const target = await elsewhere()
    const before = platform.builders.user({ organization: org, role: 'read', tokenName: 'early' })
    const restoring = platform.restore(target)
    const after = platform.builders.collection({ organization: org, title: 'After' })
    await Promise.all([before, restoring, after])
    expect(titles(platform)).toEqual(['After', 'Theirs'])
    expect(platform.db.users.size).toBe(target.tables.users!.length)
    expect(platform.tokens.early).toBeUndefined()

    const early = platform.builders.collection({ organization: org, title: 'Gone' })
    const resetting = platform.reset()
    const late = platform.builders.organization({ title: 'Late' })
    await Promise.all([early, resetting, late])
    expect(platform.db.collections.size).toBe(0)
    expect(Array.from(platform.db.organizations.all(), (o) => o.title)).toEqual(['Late'])
  })

  it('any order of builders, restores and resets ends in the state of the same calls made one after another', async () => {
    const target = await elsewhere()
    type Step = 'restore' | 'reset' | 'collection' | 'organization'
    const steps = fc.array(fc.constantFrom<Step>('restore', 'reset', 'collection', 'organization'), { minLength: 1, maxLength: 6 })
    const run = async (plan: Step[], overlapped: boolean) => {
      const { platform, org } = await organization('mine')
      const call = (step: Step, n: number): Promise<unknown> =>
        step === 'restore'
          ? platform.restore(target)
          : step === 'reset'
            ? platform.reset()
            : step === 'collection'
              ? platform.builders.collection({ organization: org, title: `C${n}` }).catch(() => 'refused')
              : platform.builders.organization({ title: `O${n}` })
      if (overlapped) await Promise.all(plan.map(call))
      else for (const [n, step] of plan.entries()) await call(step, n)
      return { collections: titles(platform), organizations: Array.from(platform.db.organizations.all(), (o) => o.title) }
    }
    await fc.assert(
      fc.asyncProperty(steps, async (plan) => {
        expect(await run(plan, true)).toEqual(await run(plan, false))
      }),
      { numRuns: 25 },
    )
  })
})
