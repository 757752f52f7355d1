import { spacePermissions, spaceRole, type Caller, type SpaceAccessContext } from '../model/access.ts'
import type { SpaceRecord } from '../model/spaces/tables.ts'
import { areas } from '../model/hooks.ts'
import { changeRequestCounts } from '../model/spaces/change-requests.ts'
import type { State } from '../model/state.ts'

export function presentSpace(state: State, caller: Caller, space: SpaceRecord, context: SpaceAccessContext = {}) {
  // Counts start at zero; change requests are counted here, and each area adds what it keeps (comments).
  const counts = { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }
  Object.assign(counts, changeRequestCounts(state, space))
  for (const area of areas) Object.assign(counts, area.spaceCounts?.(state, space))
  let urls: Record<string, string> = {
    location: `${state.urls.api}/v1/spaces/${space.id}`,
    app: `${state.urls.app}/o/${space.organization}/s/${space.id}`,
  }
  for (const area of areas) urls = { ...urls, ...area.spaceUrls?.(state, space, context) }
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
