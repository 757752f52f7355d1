import type { Role } from '../../src/schemas/shared.ts'
import { insert, type State } from '../model/state.ts'
import { addMember, createUser, issueToken } from '../model/orgs/members.ts'
import { createInvite, createOrganization, type NewOrganization } from '../model/orgs/organizations.ts'
import { addTeamMember, createTeam } from '../model/orgs/teams.ts'
import { createCollection, type NewCollection } from '../model/spaces/collections.ts'
import { createSpace, deleteSpace, type NewSpace } from '../model/spaces/spaces.ts'
import type { ChangeRequestRecord, GrantRecord } from '../model/spaces/tables.ts'
import { createChangeRequest } from '../model/spaces/change-requests.ts'

/**
 * The control API: set up exactly the state a test needs, a line per thing. Builders write
 * through the model (the same rules as the API, without a caller's permissions).
 */
export function createBuilders(state: () => State, tokens: Record<string, string>, tokenFor: (name: string) => string) {
  return {
    /** An organization. */
    organization: (values: NewOrganization) => createOrganization(state(), values),

    /**
     * A user with an API token, optionally a member of an organization (`role: null` for a guest).
     * With `tokenName`, the token is also listed in `platform.tokens` under that name.
     */
    async user(values: {
      displayName?: string
      email?: string
      organization?: string
      role?: Role | null
      tokenName?: string
    } = {}) {
      const s = state()
      const n = s.db.users.size + 1
      const displayName = values.displayName ?? `User ${n}`
      const user = await createUser(s, {
        displayName,
        email: values.email ?? `${displayName.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
      })
      const token = await issueToken(s, user.id, values.tokenName ?? 'default', values.tokenName ? tokenFor(values.tokenName) : undefined)
      if (values.tokenName) tokens[values.tokenName] = token.id
      const member = values.organization !== undefined ? await addMember(s, values.organization, user.id, values.role === undefined ? 'read' : values.role) : undefined
      return { user, token: token.id, member }
    },

    /** Adds an existing user to an organization. */
    member: (organization: string, user: string, role: Role | null) => addMember(state(), organization, user, role),

    /** A team; `owner` manages it. */
    team: (values: { organization: string; title: string; members?: string[]; owner?: string }) =>
      createTeam(state(), values.organization, values.title, values.members ?? [], values.owner),

    teamMember: (team: string, user: string, role: 'owner' | 'member' = 'member') => {
      const s = state()
      return addTeamMember(s, s.db.teams.get(team)!, user, role)
    },

    /** A collection, at the end of its parent. */
    collection: (values: NewCollection) => createCollection(state(), values),

    /** A space, at the end of its parent; `deleted: true` soft-deletes it at once. */
    async space(values: NewSpace & { deleted?: boolean }) {
      const s = state()
      const space = await createSpace(s, values)
      if (values.deleted) deleteSpace(s, space)
      return space
    },

    /** An explicit permission for a user or team on a space or collection. */
    grant(values: { target: string; principal: string; role: Role }): Promise<GrantRecord> {
      const s = state()
      const space = s.db.spaces.get(values.target)
      const target = space ?? s.db.collections.get(values.target)
      if (!target) throw new Error(`No space or collection ${values.target}`)
      const team = s.db.teams.get(values.principal)
      return insert(s, s.db.grants, {
        organization: target.organization,
        target: target.id,
        targetKind: space ? 'space' : 'collection',
        principal: values.principal,
        principalKind: team ? 'team' : 'user',
        role: values.role,
      })
    },

    /** A change request on a space (numbered from 1 within the space). */
    changeRequest(values: { space: string; createdBy: string; subject?: string; status?: ChangeRequestRecord['status'] }) {
      const s = state()
      const space = s.db.spaces.get(values.space)
      if (!space) throw new Error(`No space ${values.space}`)
      return createChangeRequest(s, space, values)
    },

    /** An invite link into an organization. */
    invite: (organization: string, role: Role | null = 'read') => createInvite(state(), organization, role),
  }
}

export type Builders = ReturnType<typeof createBuilders>
