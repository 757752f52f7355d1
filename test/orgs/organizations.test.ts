import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { failure, setup } from '../helpers.ts'

describe('orgs.get / orgs.update', () => {
  it('reads an organization with the caller permissions', async () => {
    const { admin, read, demo } = await setup()
    const org = await admin.orgs.get({ organizationId: demo.acme })
    expect(org).toMatchObject({ object: 'organization', id: demo.acme, title: 'Acme', hostname: 'acme' })
    expect(org.permissions?.admin).toBe(true)
    expect((await read.orgs.get({ organizationId: demo.acme })).permissions?.admin).toBe(false)
  })

  it('updates the organization and keeps the change', async () => {
    const { admin, demo } = await setup()
    const updated = await admin.orgs.update({ organizationId: demo.acme, title: 'Acme Corp', ai: false, emailDomains: ['ACME.test', 'acme.dev'] })
    expect(updated).toMatchObject({ title: 'Acme Corp', ai: false, emailDomains: ['acme.test', 'acme.dev'] })
    expect((await admin.orgs.get({ organizationId: demo.acme })).title).toBe('Acme Corp')
  })

  it('refuses bad input, other roles, strangers and missing tokens', async () => {
    const { admin, read, outsider, anonymous, demo } = await setup()
    expect(await failure(admin.orgs.update({ organizationId: demo.acme, title: '' }))).toBeInstanceOf(BadRequestError)
    const denied = await failure(read.orgs.update({ organizationId: demo.acme, title: 'Nope' }))
    expect(denied).toBeInstanceOf(PermissionDeniedError)
    expect(await failure(outsider.orgs.get({ organizationId: demo.acme }))).toBeInstanceOf(NotFoundError)
    expect(await failure(anonymous.orgs.get({ organizationId: demo.acme }))).toBeInstanceOf(AuthenticationError)
    expect((await admin.orgs.get({ organizationId: demo.acme })).title).toBe('Acme')
  })
})
