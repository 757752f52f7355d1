import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { CONTROL, type ControlRouteId, type Immutable, type RouteAnswer } from '../../mock/control/routes.ts'
import {
  connectMockServer,
  createMockPlatform,
  type Builders,
  type FaultSpec,
  type HostedPlatformInfo,
  type IntegrationControls,
  type LoggedRequest,
  type SerializedState,
} from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'

/**
 * The control routes' answer schemas are exact: `connectMockServer` resolves with what a schema
 * gives (no cast), and the control plane answers with what the platform's method returns, so each
 * public type and its route's schema must be assignable to each other (read-only aside). `tsc`
 * checks the table below; each `@ts-expect-error` is a drift it must refuse.
 */
type Assignable<A, B> = [Immutable<A>] extends [Immutable<B>] ? true : false
/** Each assignable to the other, and the same fields (an optional one left out is assignable, not exact). */
type Exact<A, B> = [Assignable<A, B>, Assignable<B, A>, Assignable<keyof A, keyof B>, Assignable<keyof B, keyof A>] extends [
  true,
  true,
  true,
  true,
]
  ? true
  : false
const exact = <A, B>(..._proof: Exact<A, B> extends true ? [] : [never]) => true

type Resolved<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>

const promised = [
  exact<RouteAnswer<'controlUpdateInstallation'>, Resolved<IntegrationControls['updateInstallation']>>(),
  exact<RouteAnswer<'controlEmitInstallationEvent'>, Resolved<IntegrationControls['emitEvent']>>(),
  exact<RouteAnswer<'controlGetIntegrationDevelopment'>, Resolved<IntegrationControls['development']>>(),
  exact<RouteAnswer<'controlCreateUser'>, Resolved<Builders['user']>>(),
  // Less the secret that signs the organization's visitor JWTs, which never crosses the wire.
  exact<RouteAnswer<'controlCreateOrganization'>, Omit<Resolved<Builders['organization']>, 'visitorSecret'>>(),
  exact<RouteAnswer<'controlListPlatforms'>['platforms'][number], HostedPlatformInfo>(),
  exact<RouteAnswer<'controlGetState'>, SerializedState>(),
  exact<RouteAnswer<'controlListRequests'>['requests'][number], LoggedRequest>(),
]

/** What the installation route's schema was: an object with a few fields, any others let through. */
const LooseInstallation = z.looseObject({ object: z.literal('integration-installation'), id: z.string(), status: z.string() })
// @ts-expect-error a loose schema promises less than the installation connectMockServer resolves with
const loose = exact<z.output<typeof LooseInstallation>, Resolved<IntegrationControls['updateInstallation']>>()

const Development = CONTROL.controlGetIntegrationDevelopment.response
const ExtraField = z.union([Development, z.object({ integration: z.string(), enabled: z.literal('maybe') })])
// @ts-expect-error a schema may not promise a value the platform never answers
const wider = exact<z.output<typeof ExtraField>, Resolved<IntegrationControls['development']>>()

const NoSecrets = z.omit(CONTROL.controlGetState.response, { secrets: true })
// @ts-expect-error nor leave out a field the public type has
const missing = exact<z.output<typeof NoSecrets>, SerializedState>()

/** An answer as its route's schema reads it: an exact schema keeps every field and changes none. */
function parsedBy<Id extends ControlRouteId>(id: Id, answer: unknown): unknown {
  const route = CONTROL[id] as { response?: z.ZodMiniType }
  return z.parse(route.response!, answer)
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/** A development tunnel on loopback that answers every dispatch 200. */
async function tunnel() {
  const server = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('{}')))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}

describe('control route answers', () => {
  it('are typed exactly as the public types (checked by tsc above; at run time each check is true)', () => {
    expect(promised).toEqual(Array(promised.length).fill(true))
    expect([loose, wider, missing]).toEqual([true, true, true])
  })
})

describe('control route answers, over HTTP', () => {
  it('are what their schemas say, field for field', async () => {
    const platform = createMockPlatform({ scenario: 'empty', fetch: globalThis.fetch })
    await platform.ready
    const server = await startMockServer({ platform })
    cleanups.push(() => server.close())
    const remote = await connectMockServer(server.url)

    const org = await remote.builders.organization({ title: 'Studio' })
    const admin = await remote.builders.user({ organization: org.id, role: 'admin', tokenName: 'studio' })
    const loner = await remote.builders.user({})
    expect(loner).not.toHaveProperty('member')
    await platform.builders.integration({ name: 'badge', organization: org.id })
    const installation = await platform.builders.installation({ integration: 'badge', organization: org.id })
    const client = createClient({ baseUrl: server.url, token: admin.token, retry: 0 })
    expect(await remote.integrations.development('badge')).toEqual({ integration: 'badge', enabled: false })
    await client.integrations.dev.enable({ integrationName: 'badge', tunnelUrl: await tunnel() })
    await remote.faults.add({ operationId: 'getSpaceById', path: /^\/v1\/spaces\//, status: 503, times: 5, after: true })

    const answers: Array<[ControlRouteId, unknown]> = [
      ['controlCreateOrganization', org],
      ['controlCreateUser', admin],
      ['controlCreateUser', loner],
      ['controlUpdateInstallation', await remote.integrations.updateInstallation(installation.id, { externalIds: ['x-1'] })],
      ['controlEmitInstallationEvent', await remote.integrations.emitEvent(installation.id, { type: 'installation_setup' })],
      ['controlGetIntegrationDevelopment', await remote.integrations.development('badge')],
      ['controlGetState', await remote.snapshot()],
      ['controlListRequests', { requests: await remote.requests.all() }],
      ['controlListPlatforms', { platforms: await remote.platforms.list() }],
      ['controlHealth', await remote.health()],
    ]
    for (const [id, answer] of answers) expect([id, parsedBy(id, answer)]).toEqual([id, answer])
    // The secret that signs the organization's visitor JWTs is in the state, and not in its answer.
    const secret = platform.db.organizations.get(org.id)!.visitorSecret
    expect(secret).toMatch(/^[\w-]{20,}$/)
    expect(org).not.toHaveProperty('visitorSecret')
    expect(JSON.stringify(org)).not.toContain(secret)
    // The answers carry what the types promise.
    const [changed, emitted, development] = answers.slice(3, 6).map(([, answer]) => answer)
    expect(changed).toMatchObject({ object: 'integration-installation', id: installation.id, externalIds: ['x-1'], urls: {} })
    expect(emitted).toMatchObject({ object: 'integration-event', status: 'success', payload: { type: 'installation_setup' } })
    expect(development).toMatchObject({ integration: 'badge', enabled: true, all: false })
    expect((await remote.requests.all()).map((entry) => entry.operationId)).toContain('setIntegrationDevelopmentMode')

    const faults: FaultSpec[] = await remote.faults.active
    expect(faults).toEqual([expect.objectContaining({ operationId: 'getSpaceById', path: /^\/v1\/spaces\//, after: true, times: 5 })])
    const wire = await (await fetch(`${server.url}/_docplat/faults`)).json()
    expect(parsedBy('controlListFaults', wire)).toEqual(wire)
  })
})
