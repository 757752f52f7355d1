import { spacePermissions, spaceRole, type Caller, type SpaceAccessContext } from '../model/access.ts'
import type { Role } from '../../src/schemas/shared.ts'
import type { SpaceRecord } from '../tables/spaces.ts'
import { changeRequestCounts } from '../model/spaces/change-requests.ts'
import type { State } from '../model/state.ts'
import { publishedUrls } from './space-urls.ts'

export function presentSpace(state: State, caller: Caller, space: SpaceRecord, context: SpaceAccessContext = {}) {
  // `comments` counts the open comments on the space itself (an index, so O(1)).
  const counts = { comments: state.indexes.openSpaceComments.get(space.id).length, ...changeRequestCounts(state, space) }
  const urls = {
    location: `${state.urls.api}/v1/spaces/${space.id}`,
    app: `${state.urls.app}/o/${space.organization}/s/${space.id}`,
    ...publishedUrls(state, space, context),
  }
  return {
    object: 'space' as const,
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    ...(space.deletedAt ? { deletedAt: space.deletedAt } : {}),
    editMode: space.editMode,
    urls,
    organization: space.organization,
    ...(space.parent ? { parent: space.parent } : {}),
    ...(space.gitSync ? { gitSync: space.gitSync } : {}),
    ...(space.visitorAuth ? { visitorAuth: space.visitorAuth } : {}),
    revision: space.revision,
    defaultLevel: space.defaultLevel,
    ...counts,
    // A space keeps no merge rules of its own: it follows its organization's.
    mergeRules: { type: 'inherit' as const },
    permissions: spacePermissionsWithInstall(spaceRole(state, caller.user.id, space, context), space),
  }
}

/** The space permissions, with installing integrations on it: an admin's right, as the API describes `admin`. */
function spacePermissionsWithInstall(role: Role | undefined, space: SpaceRecord) {
  const permissions = spacePermissions(role, space)
  return { ...permissions, installIntegration: permissions.admin && !space.deletedAt }
}
