import { issueToken } from '../orgs/members.ts'
import type { TokenRecord } from '../../tables/orgs.ts'
import { insert, type State } from '../state.ts'
import type { InstallationRecord, IntegrationRecord } from '../../tables/integrations.ts'

/**
 * Tokens that act as an installation. The core knows callers only as users, so each
 * installation that is given a token gets a user of its own: it belongs to no organization, so
 * outside the integrations' rules (which know it as its installation) it reaches only what any
 * token reaches, the public catalog and public content.
 */

const ACTOR_PREFIX = 'installation:'

/** The ID of the user an installation's tokens belong to. */
function installationActorId(installation: InstallationRecord): string {
  return `${ACTOR_PREFIX}${installation.id}`
}

/** The installation a user acts as, when the user is one; undefined for people. */
export function actingInstallation(state: State, userId: string): InstallationRecord | undefined {
  if (!userId.startsWith(ACTOR_PREFIX)) return undefined
  return state.tables.integrationInstallations.get(userId.slice(ACTOR_PREFIX.length))
}

/** Issues a token acting as the installation (its user made on the first one). */
export function issueInstallationToken(state: State, integration: IntegrationRecord, installation: InstallationRecord): TokenRecord {
  const id = installationActorId(installation)
  if (!state.tables.users.get(id)) insert(state, state.tables.users, { id, displayName: `${integration.title} (installation)`, email: '' })
  return issueToken(state, id, `integration ${integration.name} installation ${installation.id}`)
}

/** Revokes every token of the installation, and its user with them. */
export function revokeInstallationTokens(state: State, installation: InstallationRecord): void {
  const id = installationActorId(installation)
  for (const token of [...state.indexes.tokensByUser.get(id)]) state.tables.tokens.delete(token)
  const user = state.tables.users.get(id)
  if (user) state.tables.users.delete(user)
}
