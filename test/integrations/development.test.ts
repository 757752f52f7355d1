import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import {
  AuthenticationError,
  BadRequestError,
  createClient,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
} from '../../src/index.ts'
import { setup } from '../helpers.ts'
import { DEMO, eventsOf, readDispatch, rejects, signatureOf, startTunnel } from './support.ts'

const TUNNEL = 'https://tunnel.example.test/integration'
const NO_ANSWER = 'the tunnel did not answer as the integration protocol requires (unreachable, an error status, or not the expected JSON)'

/** A platform whose outbound fetch is recorded and answered by `answer`. */
async function recording(answer: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 200 })) {
  const outbound: Request[] = []
  const s = await setup({
    tunnelAllow: ['tunnel.example.test'],
    fetch: async (input, init) => {
      const request = new Request(input, init)
      outbound.push(request.clone())
      return answer(request)
    },
  })
  return { ...s, outbound }
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

describe('integrations.dev.enable / integrations.dev.disable', () => {
  it('delivers the owner organization events to the tunnel as a signed POST of the event and its environment, recording the outcome', async () => {
    const { platform, admin, outbound, demo } = await recording()
    await admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL })
    await platform.builders.integration({ name: 'crm', organization: demo.acme })
    await admin.integrations.dev.enable({ integrationName: 'crm', tunnelUrl: TUNNEL })
    const installation = await admin.integrations.installations.create({ integrationName: 'crm', organization: demo.acme })

    expect(outbound).toHaveLength(1)
    const [request] = outbound
    expect(request!.method).toBe('POST')
    expect(request!.url).toBe(TUNNEL)
    expect(request!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    expect(request!.headers.get('x-docplat-event')).toBe('installation_setup')
    expect(request!.headers.get('x-docplat-integration')).toBe('crm')
    const [event] = await eventsOf(admin, 'crm')
    expect(request!.headers.get('x-docplat-event-id')).toBe(event!.id)
    const body = new Uint8Array(await request!.clone().arrayBuffer())
    const { event: sent, environment } = await readDispatch(request!)
    expect(sent).toEqual({ eventId: event!.id, type: 'installation_setup', installationId: installation.id, status: 'active' })
    expect(environment).toMatchObject({
      integration: { name: 'crm', version: 1 },
      installation: { id: installation.id, status: 'active', configuration: {} },
      apiEndpoint: platform.baseUrl,
      secrets: {},
    })
    const { signingSecrets, apiTokens } = environment as { signingSecrets: { integration: string }; apiTokens: Record<string, string> }
    expect(request!.headers.get('x-gitbook-integration-signature')).toBe(await signatureOf(signingSecrets.integration, body))
    // The token calls the platform back as the admin who turned development mode on.
    const back = createClient({ token: apiTokens.integration!, fetch: platform.fetch })
    expect((await back.integrations.get({ integrationName: 'crm' })).permissions).toEqual({ admin: true, install: true })
    expect(apiTokens.installation).toBe(apiTokens.integration)
    expect(event!.status).toBe('success')
    const { trace } = await admin.integrations.events.get({ integrationName: 'crm', eventId: event!.id })
    expect(trace?.logs?.map((l) => [l.level, l.message])).toEqual([
      ['debug', `Event installation_setup created for installation ${installation.id}`],
      ['info', `Dispatching to the development tunnel ${TUNNEL}`],
      ['info', `Delivered to ${TUNNEL}`],
    ])
  })

  it('keeps the signing secret across sessions and revokes the development token on repointing, disabling and unpublishing', async () => {
    const { platform, admin, demo } = await recording()
    await platform.builders.integration({ name: 'crm', organization: demo.acme })
    const record = () => platform.db.integrations.findMany((q) => q.where({ name: 'crm' }))[0]
    await admin.integrations.dev.enable({ integrationName: 'crm', tunnelUrl: TUNNEL })
    const { signingSecret, dev } = record()!
    expect(signingSecret).toMatch(/^dps_/)
    expect(platform.db.tokens.get(dev!.token!)?.label).toBe('integration crm (development mode)')

    await admin.integrations.dev.enable({ integrationName: 'crm', tunnelUrl: `${TUNNEL}/2` })
    expect(platform.db.tokens.get(dev!.token!)).toBeUndefined()
    const second = record()!.dev!.token!
    await admin.integrations.dev.disable({ integrationName: 'crm' })
    expect(platform.db.tokens.get(second)).toBeUndefined()

    await admin.integrations.dev.enable({ integrationName: 'crm', tunnelUrl: TUNNEL })
    expect(record()!.signingSecret).toBe(signingSecret)
    const third = record()!.dev!.token!
    await admin.integrations.unpublish({ integrationName: 'crm' })
    expect(platform.db.tokens.get(third)).toBeUndefined()
  })

  it('sends other organizations events to the runtime unless `all` is on', async () => {
    const { platform, admin, outsider, outbound, demo } = await recording()
    await admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL })
    await outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.globex })
    expect(outbound).toHaveLength(0)
    expect((await eventsOf(admin, DEMO))[0]!.status).toBe('success')

    // Builders deliver too: the owner organization's installation changes.
    await platform.builders.updateInstallation({ integration: DEMO, organization: demo.acme, status: 'paused' })
    expect(outbound).toHaveLength(1)
    expect((await readDispatch(outbound[0]!)).event).toMatchObject({
      type: 'installation_setup',
      status: 'paused',
      previous: { status: 'active' },
    })

    await admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: `${TUNNEL}/all`, all: true })
    await platform.builders.updateInstallation({ integration: DEMO, organization: demo.globex, status: 'paused' })
    expect(outbound.map((r) => r.url)).toEqual([TUNNEL, `${TUNNEL}/all`])

    await admin.integrations.dev.disable({ integrationName: DEMO })
    await admin.integrations.dev.disable({ integrationName: DEMO })
    await platform.builders.updateInstallation({ integration: DEMO, organization: demo.acme, status: 'active' })
    expect(outbound).toHaveLength(2)
    const [latest] = await eventsOf(admin, DEMO)
    expect(latest).toMatchObject({ status: 'success', payload: { status: 'active', previous: { status: 'paused' } } })
  })

  it('never fails the request when the tunnel answers an error or does not answer in time', async () => {
    let answer = (): Response => new Response('boom', { status: 500 })
    const { platform, admin, demo } = await recording(() => answer())
    await platform.builders.integration({ name: 'flaky', organization: demo.acme })
    await admin.integrations.dev.enable({ integrationName: 'flaky', tunnelUrl: TUNNEL })
    const installation = await admin.integrations.installations.create({ integrationName: 'flaky', organization: demo.acme })
    expect(installation.status).toBe('active')
    const lastLog = async () => {
      const [event] = await eventsOf(admin, 'flaky')
      return {
        status: event!.status,
        log: (await admin.integrations.events.get({ integrationName: 'flaky', eventId: event!.id })).trace?.logs?.at(-1),
      }
    }
    // The trace says what the tunnel answered: its status and the start of its body.
    expect(await lastLog()).toMatchObject({
      status: 'failed',
      log: { level: 'error', message: `Delivery to ${TUNNEL} failed: the tunnel answered 500 with "boom"` },
    })

    answer = () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    }
    await platform.builders.updateInstallation({ integration: 'flaky', organization: demo.acme, status: 'paused' })
    expect(await lastLog()).toMatchObject({
      status: 'failed',
      log: { level: 'error', message: `Delivery to ${TUNNEL} failed: no answer within 10 s` },
    })
  })

  it('records a failed delivery when nothing listens on the tunnel URL', async () => {
    const closed = await startTunnel()
    await closed.close()
    const platform = createMockPlatform({ fetch: globalThis.fetch })
    await platform.ready
    const admin = createClient({ token: platform.tokens.admin!, fetch: platform.fetch, retry: 0 })
    const acme = [...platform.db.organizations.all()].find((o) => o.title === 'Acme')!.id
    await platform.builders.integration({ name: 'gone', organization: acme })
    await admin.integrations.dev.enable({ integrationName: 'gone', tunnelUrl: closed.url })
    expect(await admin.integrations.installations.create({ integrationName: 'gone', organization: acme })).toMatchObject({
      status: 'active',
    })
    const [event] = await eventsOf(admin, 'gone')
    expect(event!.status).toBe('failed')
    const logs = (await admin.integrations.events.get({ integrationName: 'gone', eventId: event!.id })).trace?.logs
    // The trace names the connection error, for the developer whose tunnel is not running.
    expect(logs?.at(-1)?.message).toBe(`Delivery to ${closed.url} failed: could not connect to the tunnel (ECONNREFUSED)`)
  })

  it('refuses a tunnel that is not a URL (400), other roles (403), unknown integrations (404) and missing tokens (401)', async () => {
    const { platform, admin, read, outsider, anonymous } = await setup()
    await rejects(admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: 'not a url' }), BadRequestError, 'body.tunnelUrl')
    await rejects(
      admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: 'ftp://tunnel.example.test' }),
      BadRequestError,
      'body.tunnelUrl',
    )
    await rejects(
      admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL, all: 'yes' as never }),
      BadRequestError,
      'body.all',
    )
    await rejects(read.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL }), PermissionDeniedError, 'admin')
    await rejects(outsider.integrations.dev.disable({ integrationName: DEMO }), PermissionDeniedError, 'admin')
    await rejects(admin.integrations.dev.enable({ integrationName: 'nope', tunnelUrl: TUNNEL }), NotFoundError)
    await rejects(anonymous.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL }), AuthenticationError)
    await rejects(anonymous.integrations.dev.disable({ integrationName: DEMO }), AuthenticationError)
    expect(platform.db.integrations.findMany((q) => q.where({ name: DEMO }))[0]!.dev).toBeUndefined()
  })
})

describe('development mode deliveries over the network', () => {
  it('are caught by an MSW handler on the tunnel URL (the platform using the global fetch)', async () => {
    const caught: unknown[] = []
    const server = setupServer(
      http.post(TUNNEL, async ({ request }) => {
        caught.push((await readDispatch(request)).event)
        return HttpResponse.json({ ok: true }, { status: 202 })
      }),
    )
    server.listen()
    cleanups.push(() => server.close())
    const { platform, admin, demo } = await setup({ tunnelAllow: ['tunnel.example.test'] })
    await admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL })
    await platform.builders.updateInstallation({ integration: DEMO, organization: demo.acme, configuration: { region: 'us' } })
    const [event] = await eventsOf(admin, DEMO)
    expect(caught).toEqual([event!.payload])
    expect(event!.payload).toMatchObject({ status: 'active', previous: { status: 'active', configuration: { region: 'eu' } } })
    expect((await admin.integrations.events.get({ integrationName: DEMO, eventId: event!.id })).trace?.logs?.at(-1)?.message).toBe(
      `Delivered to ${TUNNEL}`,
    )
  })

  it('reach a real local listener, through the platform and through the HTTP mock server', async () => {
    const tunnel = await startTunnel()
    cleanups.push(tunnel.close)
    const platform = createMockPlatform({ fetch: globalThis.fetch })
    await platform.ready
    const server = await startMockServer({ platform })
    cleanups.push(() => server.close())
    const admin = createClient({ baseUrl: server.url, token: platform.tokens.admin!, retry: 0 })
    const acme = [...platform.db.organizations.all()].find((o) => o.title === 'Acme')!.id

    await platform.builders.integration({ name: 'local-dev', organization: acme })
    await admin.integrations.dev.enable({ integrationName: 'local-dev', tunnelUrl: tunnel.url })
    const installation = await admin.integrations.installations.create({ integrationName: 'local-dev', organization: acme })
    expect(tunnel.received).toHaveLength(1)
    expect(tunnel.received[0]).toMatchObject({
      method: 'POST',
      path: '/events',
      headers: { 'x-docplat-event': 'installation_setup', 'x-docplat-integration': 'local-dev' },
      body: { type: 'installation_setup', installationId: installation.id, status: 'active' },
    })
    const [event] = await eventsOf(admin, 'local-dev')
    expect(event).toMatchObject({ status: 'success', payload: tunnel.received[0]!.body as object })
  })
})

describe('rendering in development mode', () => {
  const rendered = {
    type: 'element',
    element: { type: 'block', children: [{ type: 'text', children: ['from the tunnel'] }] },
    state: { step: 2 },
    props: { a: 1 },
  }

  it('forwards the render request to the tunnel as a ui_render event and answers with its output (POST and GET)', async () => {
    const { platform, admin, outbound } = await recording(() => Response.json(rendered))
    await admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL })
    const request = { componentId: 'new-block', props: { a: 1 }, state: { step: 1 }, context: { theme: 'light' } }
    expect(await admin.integrations.render({ integrationName: DEMO, ...request })).toEqual(rendered)
    expect(outbound[0]!.headers.get('x-docplat-event')).toBe('ui_render')
    const [installation] = platform.db.integrationInstallations.all()
    const sent = {
      eventId: expect.any(String),
      type: 'ui_render',
      installationId: installation!.id,
      auth: { userId: platform.db.tokens.get(platform.tokens.admin!)!.user },
      ...request,
    }
    expect((await readDispatch(outbound[0]!)).event).toEqual(sent)
    const { default: LZString } = await import('lz-string')
    expect(
      await admin.integrations.renderWithGet({
        integrationName: DEMO,
        request: LZString.compressToEncodedURIComponent(JSON.stringify(request)),
      }),
    ).toEqual(rendered)
    expect((await readDispatch(outbound[1]!)).event).toEqual(sent)
  })

  it('renders with the runtime for other organizations unless `all` is on', async () => {
    const { admin, outsider, outbound, demo } = await recording(() => Response.json(rendered))
    await outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.globex })
    await admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL })
    expect((await outsider.integrations.render({ integrationName: DEMO, componentId: 'metric' })).element).toMatchObject({ type: 'block' })
    expect(outbound).toHaveLength(0)
    await admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL, all: true })
    expect(await outsider.integrations.render({ integrationName: DEMO, componentId: 'metric' })).toEqual(rendered)
    await admin.integrations.dev.disable({ integrationName: DEMO })
    expect((await admin.integrations.render({ integrationName: DEMO, componentId: 'metric' })).element).toMatchObject({ type: 'block' })
    expect(outbound).toHaveLength(1)
  })

  it('lets the tunnel call the platform back while it renders (the state lock is not held)', async () => {
    let callBack: () => Promise<Response> = () => Promise.reject(new Error('not set'))
    const { platform, admin } = await recording(async () => {
      const integration = (await (await callBack()).json()) as { version: number }
      return Response.json({
        type: 'element',
        element: { type: 'block', children: [{ type: 'text', children: [`version ${integration.version}`] }] },
      })
    })
    callBack = () =>
      platform.fetch(`${platform.baseUrl}/v1/integrations/${DEMO}`, { headers: { authorization: `Bearer ${platform.tokens.admin}` } })
    await admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL })
    expect(await admin.integrations.render({ integrationName: DEMO, componentId: 'metric' })).toEqual({
      type: 'element',
      element: { type: 'block', children: [{ type: 'text', children: ['version 1'] }] },
      state: {},
      props: {},
    })
  })

  it('answers 502 when the tunnel fails, is unreachable or answers something else than a UI', async () => {
    const answers: Array<() => Response> = [
      () => new Response('nope', { status: 500 }),
      () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      () => Response.json([1, 2]),
      () => {
        throw new TypeError('fetch failed')
      },
    ]
    let next = 0
    const { admin } = await recording(() => answers[next++]!())
    await admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL })
    for (let i = 0; i < answers.length; i++) {
      const error = await rejects(
        admin.integrations.render({ integrationName: DEMO, componentId: 'metric' }),
        InternalServerError,
        NO_ANSWER,
      )
      // One message for all four: no status, no body, nothing that tells a closed port from an open one.
      expect(error.status).toBe(502)
      expect(error.message).toBe(`Development tunnel ${TUNNEL} gave no rendered UI object ({ type, element, state, props }): ${NO_ANSWER}`)
    }
  })

  it('answers 504 when the tunnel does not answer the render in time', async () => {
    const { admin } = await recording(() => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    })
    await admin.integrations.dev.enable({ integrationName: DEMO, tunnelUrl: TUNNEL })
    const error = await rejects(
      admin.integrations.render({ integrationName: DEMO, componentId: 'metric' }),
      InternalServerError,
      'gave no rendered UI object ({ type, element, state, props }): no answer within 10 s',
    )
    expect(error.status).toBe(504)
  })
})
