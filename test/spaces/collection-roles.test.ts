import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { createClient } from '../../src/index.ts'

/**
 * The collection list works each role out from its parent's (so listing costs the number of
 * collections whatever the depth); the roles and the visible set must be exactly those of the
 * single-collection read, which walks the ancestors: checked on random trees, default levels,
 * grants (to the user or a team) and organization roles, guests included.
 */

const ROLES = ['read', 'comment', 'edit', 'review', 'create', 'admin'] as const

const tree = fc.record({
  orgRole: fc.constantFrom(null, 'read', 'edit', 'admin'),
  nodes: fc.array(
    fc.record({
      parent: fc.nat(),
      defaultLevel: fc.option(fc.constantFrom(...ROLES), { nil: null }),
      grant: fc.option(fc.record({ role: fc.constantFrom(...ROLES), toTeam: fc.boolean() }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 12 },
  ),
})

describe('collection list roles', () => {
  it('match the single-collection read for every collection, on random trees', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async ({ orgRole, nodes }) => {
        const platform = createMockPlatform({ scenario: 'empty' })
        await platform.ready
        const org = await platform.builders.organization({ title: 'Roles' })
        const { user, token } = await platform.builders.user({
          displayName: 'U',
          organization: org.id,
          role: orgRole as never,
          tokenName: 'u',
        })
        const team = await platform.builders.team({ organization: org.id, title: 'T', members: [user.id] })
        const ids: string[] = []
        for (const [i, node] of nodes.entries()) {
          // Parent: none, or one of the collections made before.
          const parent = i === 0 || node.parent % (i + 1) === i ? undefined : ids[node.parent % i]
          const c = await platform.builders.collection({ organization: org.id, title: `c${i}`, parent, defaultLevel: node.defaultLevel })
          ids.push(c.id)
          if (node.grant)
            await platform.builders.grant({ target: c.id, principal: node.grant.toTeam ? team.id : user.id, role: node.grant.role })
        }
        const client = createClient({ token, fetch: platform.fetch, retry: 0 })
        const listed = new Map<string, unknown>()
        for await (const c of client.collections.list({ organizationId: org.id, limit: 3 })) listed.set(c.id, c.permissions)
        for (const id of ids) {
          const one = await client.collections.get({ collectionId: id }).then(
            (c) => c.permissions,
            () => undefined,
          )
          expect(listed.get(id)).toEqual(one)
        }
      }),
      { numRuns: 40 },
    )
  })
})
