import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { world } from './fixture.ts'

describe('a caller signal that outlives its calls', () => {
  it('keeps no listener per call (an app-wide signal does not grow), and still aborts a later call', async () => {
    const { client, org, platform } = await world()
    const controller = new AbortController()
    for (let i = 0; i < 20; i++) await client().orgs.get({ organizationId: org.id }, { signal: controller.signal })
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
    platform.faults.add({ operationId: 'getOrganizationById', status: 503, retryAfter: 30, times: 1 })
    const waiting = client()
      .orgs.get({ organizationId: org.id }, { signal: controller.signal })
      .catch((e: unknown) => e)
    // Abort while the call waits out the Retry-After: the wait ends too.
    while (platform.requests.ofOperation('getOrganizationById').length < 21) await new Promise((resolve) => setImmediate(resolve))
    controller.abort()
    expect(await waiting).toMatchObject({ name: 'AbortError' })
    expect(platform.requests.ofOperation('getOrganizationById')).toHaveLength(21)
  })
})
