import { spacePermissions, spaceRole, type Caller, type SpaceAccessContext } from '../model/access.ts'
import type { SpaceRecord } from '../model/spaces/tables.ts'
import type { State } from '../model/state.ts'

/** Counts other areas keep about a space (comments, change requests); absent areas count nothing. */
export const spaceCounters: {
  comments?: (state: State, space: SpaceRecord) => number
  changeRequests?: (state: State, space: SpaceRecord) => { total: number; open: number; draft: number }
} = {}

/** Extra URLs other areas know (a published site URL, resolved with a share key). */
export const spaceUrlProviders: Array<(state: State, space: SpaceRecord, context: SpaceAccessContext) => Record<string, string> | undefined> = []

export function presentSpace(state: State, caller: Caller, space: SpaceRecord, context: SpaceAccessContext = {}) {
  const crs = spaceCounters.changeRequests?.(state, space) ?? { total: 0, open: 0, draft: 0 }
  let urls: Record<string, string> = {
    location: `${state.urls.api}/v1/spaces/${space.id}`,
    app: `${state.urls.app}/o/${space.organization}/s/${space.id}`,
  }
  for (const provider of spaceUrlProviders) urls = { ...urls, ...provider(state, space, context) }
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
    comments: spaceCounters.comments?.(state, space) ?? 0,
    changeRequests: crs.total,
    changeRequestsOpen: crs.open,
    changeRequestsDraft: crs.draft,
    permissions: spacePermissions(spaceRole(state, caller.user.id, space, context), space),
  }
}
