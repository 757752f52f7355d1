import { inspect } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AuthenticationError, ConfigurationError } from '../../src/index.ts'
import { rejection, world } from './fixture.ts'

describe('token as a function', () => {
  it('is called before each attempt, so a refreshed token is used without a new client', async () => {
    const { platform, org, admin, client } = await world()
    const other = await platform.builders.user({ displayName: 'Olga Other', organization: org.id, role: 'admin', tokenName: 'other' })
    let current = admin.token
    let calls = 0
    const refreshing = client({
      token: () => {
        calls++
        return current
      },
    })
    expect((await refreshing.orgs.get({ organizationId: org.id })).title).toBe('Initech')
    current = 'dpt_revoked'
    expect(await rejection(refreshing.orgs.get({ organizationId: org.id }))).toBeInstanceOf(AuthenticationError)
    current = other.token
    expect((await refreshing.orgs.get({ organizationId: org.id })).title).toBe('Initech')
    expect(calls).toBe(3)
  })

  it('may return a promise; it is asked once per attempt, retries included', async () => {
    const { platform, org, admin, client } = await world()
    let calls = 0
    const async = client({ token: async () => (calls++, admin.token) })
    platform.faults.add({ operationId: 'getOrganizationById', status: 503, times: 2 })
    await async.orgs.get({ organizationId: org.id })
    expect(calls).toBe(3)
    expect(platform.requests.ofOperation('getOrganizationById')).toHaveLength(3)
  })

  it('a 401 is not retried: one attempt, one call of the function', async () => {
    const { platform, org, client } = await world()
    let calls = 0
    const stale = client({ token: () => (calls++, 'dpt_stale'), retry: 5 })
    expect(await rejection(stale.orgs.get({ organizationId: org.id }))).toBeInstanceOf(AuthenticationError)
    expect(calls).toBe(1)
    expect(platform.requests.ofOperation('getOrganizationById')).toHaveLength(1)
  })

  it('what it returns is checked like a static token, and no message shows it', async () => {
    const { org, client, platform } = await world()
    const bad = ['', 'Bearer dpt_secret_1', 'dpt_secret_2\n', 42, undefined]
    for (const value of bad) {
      const error = await rejection(client({ token: () => value as string }).orgs.get({ organizationId: org.id }))
      expect(error, String(value)).toBeInstanceOf(ConfigurationError)
      expect((error as Error).message).toMatch(/^The token returned by the token function /)
      expect(inspect(error)).not.toContain('dpt_secret')
    }
    expect(platform.requests.ofOperation('getOrganizationById')).toHaveLength(0)
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }).map((s) => `dpt_${s}`),
        async (token) => {
          const outcome = await client({ token: () => token })
            .orgs.get({ organizationId: org.id })
            .then(
              () => undefined,
              (e: unknown) => e,
            )
          if (outcome !== undefined) expect(inspect(outcome, { depth: 6 })).not.toContain(token)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('its own failure rejects the call unchanged, and nothing is sent', async () => {
    const { org, client, platform } = await world()
    const failure = new TypeError('vault unreachable')
    const error = await rejection(client({ token: () => Promise.reject(failure) }).orgs.get({ organizationId: org.id }))
    expect(error).toBe(failure)
    expect(platform.requests.ofOperation('getOrganizationById')).toHaveLength(0)
  })
})
