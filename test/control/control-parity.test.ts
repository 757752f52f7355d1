import { afterEach, describe, expect, it } from 'vitest'
import { controlOver } from '../../mock/control/local.ts'
import { CONTROL_CALLS, CONTROL_ROUTES, type ControlCallId, callControl, controlMethod } from '../../mock/control/routes.ts'
import { PlatformHost } from '../../mock/host/platforms.ts'
import { type Control, ControlPlaneError, connectMockServer, createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { localControl, startMockServer } from '../../mock/node/index.ts'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Two platforms that start alike: one served over HTTP, one in process. */
const OPTIONS = {
  scenario: 'empty',
  seed: 'parity',
  now: '2030-01-01T00:00:00.000Z',
  freeze: true,
  deterministicSecrets: true,
} as const

/** A call's outcome, as both sides can be compared: its answer, or its refusal's status and message. */
type Outcome = { answer: unknown } | { status: number; message: string }

async function outcomeOf(control: Control, id: ControlCallId, input: unknown): Promise<Outcome> {
  try {
    return { answer: await callControl(control, id, input) }
  } catch (error) {
    const { status, message } = error as { status: number; message: string }
    // Over HTTP the message says which request it was: `PUT /_docplat/state: 400 ...`.
    return { status, message: message.replace(/^[A-Z]+ \S+: \d{3} /, '') }
  }
}

/**
 * What may differ between the two sides and is not the control API's doing: the origin in URLs,
 * the server's wall clock (uptime, when an exchange arrived and how long it took, where a flowing
 * platform clock stood), what a created
 * platform is given fresh (its ID, URLs, tokens and times), and the headers only a server sees.
 */
function comparable(id: ControlCallId, outcome: Outcome, origins: readonly string[]): unknown {
  let text = JSON.stringify(outcome)
  for (const origin of origins) text = text.split(origin).join('ORIGIN')
  const value = JSON.parse(text) as { answer?: Record<string, unknown> }
  const answer = value.answer
  if (!answer) return value
  if (id === 'controlHealth') answer.uptime = 'uptime'
  // Where a flowing clock stopped depends on how long the call took.
  if (id === 'controlFreezeClock' || id === 'controlUnfreezeClock') answer.now = typeof answer.now
  const exchanges = id === 'controlListExchanges' ? (answer.exchanges as Array<Record<string, unknown>>) : []
  if (id === 'controlGetExchange') exchanges.push(answer)
  for (const exchange of exchanges) {
    for (const key of ['at', 'clock', 'duration', 'request', 'response']) delete exchange[key]
  }
  const platforms = id === 'controlListPlatforms' ? (answer.platforms as Array<Record<string, unknown>>) : []
  if (id === 'controlCreatePlatform') platforms.push(answer)
  for (const platform of platforms) {
    for (const key of ['id', 'baseUrl', 'controlUrl', 'createdAt', 'lastUsedAt']) platform[key] = typeof platform[key]
    if (platform.tokens) platform.tokens = Object.keys(platform.tokens as object)
  }
  if (id === 'controlListRequests') {
    for (const request of answer.requests as Array<Record<string, unknown>>) delete request.client
  }
  return value
}

describe('the control API', () => {
  it('answers every route alike in process and over HTTP', async () => {
    const served = createMockPlatform(OPTIONS)
    const server = await startMockServer({ platform: served })
    cleanups.push(() => server.close())
    const remote = await connectMockServer(server.url)
    const local = createMockPlatform(OPTIONS)
    // What the server's own control plane has that a bare platform does not: its other platforms.
    const host = new PlatformHost({ firstScenario: 'custom', origin: () => server.url })
    cleanups.push(() => host.close())
    const sides: Array<{ control: Control; platform: MockPlatform; base: string }> = [
      { control: controlOver(local, { host }), platform: local, base: local.baseUrl },
      { control: remote.control, platform: served, base: server.url },
    ]
    const origins = [new URL(local.baseUrl).origin, server.url.replace(/\/$/, '')]
    const called = new Set<ControlCallId>()

    /** Makes the same call on both sides, expects the same outcome, and gives the local one. */
    async function both(id: ControlCallId, input?: unknown, expected?: 'refused'): Promise<Record<string, unknown>> {
      called.add(id)
      const [inProcess, overHttp] = [await outcomeOf(sides[0]!.control, id, input), await outcomeOf(sides[1]!.control, id, input)]
      expect({ id, outcome: comparable(id, overHttp, origins) }).toEqual({ id, outcome: comparable(id, inProcess, origins) })
      expect({ id, refused: 'status' in inProcess }).toEqual({ id, refused: expected === 'refused' })
      return ('answer' in inProcess ? inProcess.answer : {}) as Record<string, unknown>
    }
    /** The same API request on both sides. */
    async function request(path: string, token: string): Promise<number[]> {
      const statuses = []
      for (const { platform, base } of sides.slice(0, 1).concat(sides.slice(1))) {
        const fetcher = platform === served ? remote.fetch : platform.fetch
        statuses.push((await fetcher(new URL(path, base), { headers: { authorization: `Bearer ${token}` } })).status)
      }
      return statuses
    }

    expect((await both('controlHealth')).scenario).toBe('custom')
    const org = await both('controlCreateOrganization', { body: { title: 'Studio' } })
    await both('controlCreateOrganization', { body: { title: '' } }, 'refused')
    const admin = await both('controlCreateUser', { body: { organization: org.id, role: 'admin', tokenName: 'studio' } })
    await both('controlCreateUser', { body: { tokenName: 'studio' } }, 'refused')
    expect((await both('controlListTokens')).named).toEqual({ studio: admin.token })
    // The remote's named tokens follow the calls that change them, made either way.
    expect(remote.tokens).toEqual({ studio: admin.token })

    expect(await request('/v1/orgs', admin.token as string)).toEqual([200, 200])
    expect(await request('/v1/nowhere', admin.token as string)).toEqual([404, 404])
    const logged = await both('controlListRequests', { query: { status: '2xx' } })
    expect(logged.requests).toEqual([expect.objectContaining({ operationId: 'listOrganizationsForAuthenticatedUser', status: 200 })])
    await both('controlListRequests', { query: { status: 'sometimes' } }, 'refused')
    const { exchanges } = (await both('controlListExchanges', { query: { after: '0' } })) as { exchanges: Array<{ id: number }> }
    expect(exchanges.length).toBe(2)
    await both('controlGetExchange', { params: { id: String(exchanges[0]!.id) } })
    await both('controlGetExchange', { params: { id: '999999' } }, 'refused')
    await both('controlClearRequests')

    const { id: faultId } = await both('controlAddFault', {
      body: { operationId: 'getSpaceById', pathPattern: '^/v1/spaces/', status: 503 },
    })
    await both('controlAddFault', { body: { pathPattern: '(' } }, 'refused')
    expect((await both('controlListFaults')).faults).toEqual([
      expect.objectContaining({ id: faultId, operationId: 'getSpaceById', status: 503 }),
    ])
    await both('controlRemoveFault', { params: { id: String(faultId) } })
    await both('controlRemoveFault', { params: { id: String(faultId) } }, 'refused')
    await both('controlAddFault', { body: { status: 500 } })
    await both('controlClearFaults')

    expect(await both('controlGetClock')).toEqual({ now: OPTIONS.now, frozen: true })
    expect(await both('controlAdvanceClock', { body: { by: '1d' } })).toEqual({ now: '2030-01-02T00:00:00.000Z', frozen: true })
    await both('controlAdvanceClock', { body: { by: -1 } }, 'refused')
    await both('controlAdvanceClock', {}, 'refused')
    expect((await both('controlUnfreezeClock')).frozen).toBe(false)
    expect((await both('controlFreezeClock')).frozen).toBe(true)
    // Time flowed between the two calls, differently on each side: set it to one instant again.
    expect(await both('controlSetClock', { body: { now: '2030-02-01T00:00:00.000Z' } })).toEqual({
      now: '2030-02-01T00:00:00.000Z',
      frozen: true,
    })

    const installed = []
    for (const { platform } of sides) {
      await platform.builders.integration({ name: 'badge', organization: org.id as string })
      installed.push(await platform.builders.installation({ integration: 'badge', organization: org.id as string }))
    }
    const installationId = installed[0]!.id
    expect(installed[1]!.id).toBe(installationId)
    const changed = await both('controlUpdateInstallation', { params: { installationId }, body: { externalIds: ['x-1'] } })
    expect(changed).toMatchObject({ id: installationId, externalIds: ['x-1'] })
    await both('controlUpdateInstallation', { params: { installationId: 'nope' }, body: {} }, 'refused')
    expect(await both('controlEmitInstallationEvent', { params: { installationId }, body: { type: 'installation_setup' } })).toMatchObject({
      object: 'integration-event',
    })
    expect(await both('controlGetIntegrationDevelopment', { params: { integrationName: 'badge' } })).toEqual({
      integration: 'badge',
      enabled: false,
    })
    await both('controlSettleIntegrations')

    const snapshot = await both('controlGetState')
    expect(snapshot.format).toBe('docplat-mock-state')
    await both('controlPutState', { body: snapshot })
    await both('controlPutState', { body: { format: 'elsewhere' } }, 'refused')

    const created = await both('controlCreatePlatform', { body: { scenario: 'empty' } })
    await both('controlCreatePlatform', { body: { scenario: 'other' } }, 'refused')
    expect((await both('controlListPlatforms')).platforms).toHaveLength(2)
    // Each side's own platform, by the ID each was given.
    const createdIds = [created.id as string, (await remote.platforms.list())[1]!.id]
    for (const [index, side] of sides.entries()) await side.control.endPlatform({ params: { id: createdIds[index]! } })
    called.add('controlEndPlatform')
    await both('controlEndPlatform', { params: { id: 'default' } }, 'refused')

    expect((await both('controlOpenAPI')).openapi).toMatch(/^3\./)
    await both('controlReset')
    const afterReset = await both('controlListTokens')
    expect(afterReset.tokens).toEqual([])
    expect(remote.tokens).toEqual(afterReset.named)

    // Every route the API calls has been called on both sides, and each side has exactly those methods.
    expect([...called].sort()).toEqual(CONTROL_CALLS.map((route) => route.id).sort())
    const methods = CONTROL_CALLS.map((route) => controlMethod(route.id)).sort()
    for (const { control } of sides) expect(Object.keys(control).sort()).toEqual(methods)
    // Only a page (the inspector's) is served without a method of the API.
    expect(CONTROL_ROUTES.filter((route) => !CONTROL_CALLS.includes(route as never)).map((route) => route.id)).toEqual(['controlInspector'])
  })

  it('in process, without a server, has no other platforms to create', async () => {
    const control = localControl(createMockPlatform({ scenario: 'empty' }))
    await expect(control.listPlatforms()).rejects.toMatchObject({ status: 404, message: expect.stringContaining("server's own") })
    expect((await control.health()).status).toBe('ok')
  })

  it('over HTTP refuses an answer its route does not declare, naming the field', async () => {
    const answers: Record<string, unknown> = {
      '/_docplat/health': { status: 'ok', scenario: 'demo', operations: 1, uptime: 0 },
      '/_docplat/tokens': { named: {}, tokens: [] },
      // Another server, or another version: a clock whose time is a number.
      '/_docplat/clock': { now: 1, frozen: false },
    }
    const fetch = async (input: Request | string | URL) => {
      const body = answers[new URL(String(input)).pathname]
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    }
    const remote = await connectMockServer('http://mock.test', { fetch })
    const refusal = await remote.control.getClock().catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ControlPlaneError)
    expect(refusal).toMatchObject({ status: 200, message: expect.stringMatching(/^GET \/_docplat\/clock: .*\(now: /) })
    await expect(remote.clock.now()).rejects.toBeInstanceOf(ControlPlaneError)
  })
})
