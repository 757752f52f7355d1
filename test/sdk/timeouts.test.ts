import { describe, expect, it } from 'vitest'
import { TimeoutError } from '../../src/index.ts'
import { rejection, world } from './fixture.ts'

describe('timeouts', () => {
  it('an attempt answering later than the timeout is a TimeoutError naming the call, and is not retried', async () => {
    const { platform, client, space } = await world()
    platform.faults.add({ operationId: 'getSpaceById', latency: '10s', times: 1 })
    const error = await rejection(client({ timeout: 30 }).spaces.get({ spaceId: space.id }))
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toBe(`GET ${platform.baseUrl}/v1/spaces/${space.id} timed out after 30 ms (the timeout option)`)
    // The platform gave up on the request with the caller: it was neither answered nor repeated.
    expect(platform.requests.ofOperation('getSpaceById')).toEqual([])
  })

  it('a call can set its own timeout, over the client one', async () => {
    const { platform, client, space } = await world()
    platform.faults.add({ operationId: 'getSpaceById', latency: '10s', times: 1 })
    expect(await rejection(client({ timeout: false }).spaces.get({ spaceId: space.id }, { timeout: 30 }))).toBeInstanceOf(TimeoutError)
  })

  it('a write whose answer is slow was made: the timeout is the caller giving up, not the write undone', async () => {
    const { platform, client, org } = await world()
    platform.faults.add({ operationId: 'createCollection', after: true, latency: '10s', times: 1 })
    expect(await rejection(client({ timeout: 30 }).collections.create({ organizationId: org.id, title: 'Slow' }))).toBeInstanceOf(
      TimeoutError,
    )
    expect((await client().collections.list({ organizationId: org.id })).items.map((c) => c.title)).toEqual(['Slow'])
  })
})

describe('abort', () => {
  it('a signal aborted before the call sends nothing and rejects with its reason', async () => {
    const { platform, client, space } = await world()
    const reason = new Error('user navigated away')
    expect(await rejection(client().spaces.get({ spaceId: space.id }, { signal: AbortSignal.abort(reason) }))).toBe(reason)
    expect(platform.requests.length).toBe(0)
  })

  it('a signal aborted during the call rejects with an AbortError and no retry follows', async () => {
    const { platform, client, space } = await world()
    platform.faults.add({ operationId: 'getSpaceById', latency: '10s' })
    const controller = new AbortController()
    const call = client().spaces.get({ spaceId: space.id }, { signal: controller.signal })
    // Abort once the platform holds the request (it is in the fault's delay), not on a timer.
    await new Promise<void>((resolve) => queueMicrotask(resolve))
    controller.abort()
    expect(await rejection(call)).toMatchObject({ name: 'AbortError' })
    expect(platform.requests.ofOperation('getSpaceById')).toEqual([])
  })
})
