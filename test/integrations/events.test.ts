import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { setup } from '../helpers.ts'
import { collect, DEMO, rejects } from './support.ts'

describe('integrations.events.list', () => {
  it('lists the events of an integration newest first, across pages', async () => {
    const { platform, admin, outsider, demo } = await setup()
    const ref = { integration: DEMO, organization: demo.acme }
    await platform.builders.updateInstallation({ ...ref, status: 'paused' })
    await outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.globex })
    await platform.builders.updateInstallation({ ...ref, status: 'active' })
    const acme = platform.db.integrationInstallations.findMany((q) => q.where({ organization: demo.acme }))[0]!.id
    const globex = platform.db.integrationInstallations.findMany((q) => q.where({ organization: demo.globex }))[0]!.id

    const first = await admin.integrations.events.list({ integrationName: DEMO, limit: 2 })
    expect(first.count).toBe(4)
    expect(first.items.map((e) => [e.installationId, e.payload?.status])).toEqual([
      [acme, 'active'],
      [globex, 'active'],
    ])
    const all = await collect(admin.integrations.events.list({ integrationName: DEMO, limit: 1 }))
    expect(all.map((e) => [e.installationId, e.payload?.status, e.payload?.previous?.status])).toEqual([
      [acme, 'active', 'paused'],
      [globex, 'active', undefined],
      [acme, 'paused', 'active'],
      [acme, 'active', undefined],
    ])
    const times = all.map((e) => e.createdAt!)
    expect([...times].sort().reverse()).toEqual(times)
    expect(new Set(all.map((e) => e.id)).size).toBe(4)
  })

  it('is for admins of the owner organization', async () => {
    const { platform, admin, read, outsider, anonymous, demo } = await setup()
    await rejects(read.integrations.events.list({ integrationName: DEMO }), PermissionDeniedError, 'admin')
    await rejects(outsider.integrations.events.list({ integrationName: DEMO }), PermissionDeniedError, 'admin')
    await platform.builders.integration({ name: 'hidden', organization: demo.globex, visibility: 'private' })
    await rejects(admin.integrations.events.list({ integrationName: 'hidden' }), NotFoundError, 'hidden')
    await rejects(admin.integrations.events.list({ integrationName: DEMO, limit: 1001 }), BadRequestError, 'query.limit')
    await rejects(anonymous.integrations.events.list({ integrationName: DEMO }), AuthenticationError)
  })
})

describe('integrations.events.get', () => {
  it('returns the event with the trace of its dispatch', async () => {
    const { platform, admin, demo } = await setup()
    const [listed] = (await admin.integrations.events.list({ integrationName: DEMO })).items
    const { event, trace } = await admin.integrations.events.get({ integrationName: DEMO, eventId: listed!.id })
    expect(event).toEqual(listed)
    expect(event.payload).toEqual({
      eventId: listed!.id,
      type: 'installation_setup',
      installationId: platform.db.integrationInstallations.findMany((q) => q.where({ organization: demo.acme }))[0]!.id,
      status: 'active',
    })
    expect(trace?.logs).toEqual([
      { level: 'debug', message: `Event installation_setup created for installation ${event.installationId}`, timestamp: event.createdAt },
      { level: 'info', message: 'Dispatched to the integration runtime v1 (version 1)', timestamp: event.createdAt },
      { level: 'debug', message: 'Acknowledged by the mock runtime, which does not run integration scripts', timestamp: event.createdAt },
    ])
  })

  it('answers 404 for an unknown event or one of another integration, 403 without admin, 401 without a token', async () => {
    const { platform, admin, read, anonymous, demo } = await setup()
    await platform.builders.integration({ name: 'other', organization: demo.acme })
    await admin.integrations.installations.create({ integrationName: 'other', organization: demo.acme })
    const [otherEvent] = (await admin.integrations.events.list({ integrationName: 'other' })).items
    await rejects(admin.integrations.events.get({ integrationName: DEMO, eventId: otherEvent!.id }), NotFoundError, otherEvent!.id)
    await rejects(admin.integrations.events.get({ integrationName: DEMO, eventId: 'no-such-event' }), NotFoundError, 'no-such-event')
    expect((await admin.integrations.events.get({ integrationName: 'other', eventId: otherEvent!.id })).event.integrationId).toBe('other')
    await rejects(read.integrations.events.get({ integrationName: 'other', eventId: otherEvent!.id }), PermissionDeniedError)
    await rejects(anonymous.integrations.events.get({ integrationName: 'other', eventId: otherEvent!.id }), AuthenticationError)
  })
})
