import { dropCommentsOfSpace } from './comments/purge.ts'
import { dropReviewsOfMember, dropReviewsOfSpace } from './content/reviewers.ts'
import { copyContent, createRevision, dropRevisions } from './content/revisions.ts'
import { revokeInstallationTokens } from './integrations/installation-tokens.ts'
import { deleteInstallationRecord } from './integrations/installations.ts'
import type { InstallationRecord, IntegrationEventRecord, IntegrationRecord } from '../tables/integrations.ts'
import { dropTarget } from './integrations/targets.ts'
import { checkRemovable, removeMemberRecord } from './orgs/members.ts'
import type { MemberRecord, TeamRecord } from '../tables/orgs.ts'
import { deleteTeamRecord } from './orgs/teams.ts'
import { teamDeletedFromProviders } from './services/saml-providers.ts'
import { removeSiteAdmin, unpublishSpace } from './sites/cascades.ts'
import { createChangeRequestRecord } from './spaces/change-requests.ts'
import { transferCollectionRecords } from './spaces/collections.ts'
import { purgeSpaceRecord } from './spaces/retention.ts'
import { checkTransfer, copySettings, createSpaceRecord, placeCopy, transferSpaceRecord, type NewSpace } from './spaces/spaces.ts'
import type { ChangeRequestRecord, CollectionRecord, SpaceRecord } from '../tables/spaces.ts'
import type { State } from './state.ts'

/**
 * What happens across areas when a space, a change request, a member or a team comes, is copied,
 * moves or goes: one function per event, each step a direct call in the order it runs. Handlers
 * and builders call these (never the `...Record` functions they are made of), so no write skips
 * its consequences.
 */

/** Creates a space at the end of its parent's children, with its first (empty) revision. */
export function createSpace(state: State, values: NewSpace): SpaceRecord {
  const space = createSpaceRecord(state, values)
  createRevision(state, { id: space.revision, space: space.id, parents: [], type: 'edits', variables: {}, reusableContents: [] })
  return space
}

/** Opens a change request on a space, with its own revision: a copy of the space's. */
export function createChangeRequest(
  state: State,
  space: SpaceRecord,
  values: Parameters<typeof createChangeRequestRecord>[2],
): ChangeRequestRecord {
  const changeRequest = createChangeRequestRecord(state, space, values)
  const base = state.tables.revisions.get(changeRequest.baseRevision)
  createRevision(state, {
    id: changeRequest.revision,
    space: space.id,
    changeRequest: changeRequest.id,
    parents: [changeRequest.baseRevision],
    type: 'edits',
    variables: { ...base?.variables },
    reusableContents: structuredClone(base?.reusableContents ?? []),
  })
  copyContent(state, changeRequest.baseRevision, changeRequest.revision)
  return changeRequest
}

/**
 * Copies a space right after the original: its settings, explicit grants and content. Its
 * discussions, change requests, site publications and installations stay with the original.
 */
export function duplicateSpace(state: State, space: SpaceRecord): SpaceRecord {
  const source = state.tables.revisions.get(space.revision)
  const copy = createSpaceRecord(state, copySettings(space))
  createRevision(state, {
    id: copy.revision,
    space: copy.id,
    parents: [],
    type: 'edits',
    variables: { ...source?.variables },
    reusableContents: structuredClone(source?.reusableContents ?? []),
  })
  placeCopy(state, space, copy)
  copyContent(state, space.revision, copy.revision)
  return copy
}

/** Transfers a space to another organization's root or one of its collections. */
export function transferSpace(state: State, space: SpaceRecord, organization: string, collection: string | undefined): SpaceRecord {
  checkTransfer(state, space, organization, collection)
  const from = space.organization
  transferSpaceRecord(state, space, organization, collection)
  spaceLeftOrganization(state, space, from)
  return space
}

/** Moves a collection, its nested collections and all their spaces to another organization's root. */
export function transferCollection(state: State, collection: CollectionRecord, organization: string): CollectionRecord {
  const from = collection.organization
  for (const space of transferCollectionRecords(state, collection, organization)) spaceLeftOrganization(state, space, from)
  return collection
}

/**
 * A space now in another organization: reviews requested from people outside it, its site
 * publications (a site publishes its own organization's content) and installations of the old
 * organization that targeted it all go.
 */
function spaceLeftOrganization(state: State, space: SpaceRecord, from: string): void {
  dropReviewsOfSpace(state, space, true)
  unpublishSpace(state, space.id)
  dropTarget(state, from, 'space', space.id)
}

/** Removes a space and everything hanging off it, for good (retention over, or a purge). */
export function purgeSpace(state: State, space: SpaceRecord): void {
  dropReviewsOfSpace(state, space, false)
  dropRevisions(state, [...state.indexes.revisionsBySpace.get(space.id)])
  dropCommentsOfSpace(state, space)
  unpublishSpace(state, space.id)
  dropTarget(state, space.organization, 'space', space.id)
  purgeSpaceRecord(state, space)
}

/**
 * Removes a member from an organization: their review requests there, their site admin rights,
 * team memberships and explicit grants go. Their comments stay, as on real platforms.
 */
export function removeMember(state: State, member: MemberRecord): void {
  checkRemovable(state, member)
  dropReviewsOfMember(state, member)
  removeSiteAdmin(state, member)
  removeMemberRecord(state, member)
}

/** Deletes a team: it stops being a SAML provider's default team; its memberships and grants go. */
export function deleteTeam(state: State, team: TeamRecord): void {
  teamDeletedFromProviders(state, team)
  deleteTeamRecord(state, team)
}

/**
 * Uninstalls an integration from an organization: its space and site installations go with it,
 * the tokens acting as it stop working, and `installation_deleted` is recorded (returned, to deliver).
 */
export function uninstallIntegration(
  state: State,
  integration: IntegrationRecord,
  installation: InstallationRecord,
): IntegrationEventRecord {
  revokeInstallationTokens(state, installation)
  return deleteInstallationRecord(state, integration, installation)
}
