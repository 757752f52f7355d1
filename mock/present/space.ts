import { spacePermissions, spaceRole, type Caller, type SpaceAccessContext } from '../model/access.ts'
import type { SpaceRecord } from '../model/spaces/tables.ts'
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
    permissions: spacePermissions(spaceRole(state, caller.user.id, space, context), space),
  }
}
