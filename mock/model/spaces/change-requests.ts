import { notFound } from '../../base/http-error.ts'
import { insert, newId, type State } from '../state.ts'
import type { ChangeRequestRecord, SpaceRecord } from '../../tables/spaces.ts'
import { lowerBound } from '../../base/lower-bound.ts'

/** Finds a change request of a space by its ID or its number within the space. */
export function findChangeRequest(state: State, space: SpaceRecord, idOrNumber: string): ChangeRequestRecord {
  const byId = state.tables.changeRequests.get(idOrNumber)
  if (byId && byId.space === space.id) return byId
  if (/^[1-9]\d{0,8}$/.test(idOrNumber)) {
    // The index keeps a space's change requests ordered by number: a binary search finds it.
    const list = state.indexes.changeRequestsBySpace.get(space.id)
    const n = Number(idOrNumber)
    const lo = lowerBound(list, (cr) => cr.number < n)
    if (list[lo]?.number === n) return list[lo]!
  }
  throw notFound(`Change request ${idOrNumber} not found in space ${space.id}`)
}

/**
 * Stores a new change request on a space, based on its current revision. Its own revision is the
 * content area's: `createChangeRequest` in `model/cascades.ts` makes both.
 */
export function createChangeRequestRecord(
  state: State,
  space: SpaceRecord,
  values: { subject?: string | undefined; status?: ChangeRequestRecord['status'] | undefined; createdBy: string },
): ChangeRequestRecord {
  const list = state.indexes.changeRequestsBySpace.get(space.id)
  const now = state.clock.stamp()
  const changeRequest = insert(state, state.tables.changeRequests, {
    space: space.id,
    number: (list.at(-1)?.number ?? 0) + 1,
    subject: values.subject ?? 'Untitled change request',
    status: values.status ?? 'open',
    createdBy: values.createdBy,
    createdAt: now,
    updatedAt: now,
    baseRevision: space.revision,
    revision: newId(state),
  })
  return changeRequest
}

/** The change-request counts a space reports. */
export function changeRequestCounts(state: State, space: SpaceRecord) {
  const list = state.indexes.changeRequestsBySpace.get(space.id)
  let open = 0
  let draft = 0
  for (const c of list) {
    if (c.status === 'open') open++
    else if (c.status === 'draft') draft++
  }
  return { changeRequests: list.length, changeRequestsOpen: open, changeRequestsDraft: draft }
}
