import type { State } from '../state.ts'
import type { SpaceRecord } from '../../tables/spaces.ts'

/** How long a deleted space stays restorable. */
export const RETENTION_MS = 7 * 86_400_000

/** Whether a deleted space is still within its restore window. */
export function restorable(state: State, space: SpaceRecord): boolean {
  return space.deletedAt !== undefined && state.clock.ms() - Date.parse(space.deletedAt) < RETENTION_MS
}

/**
 * Removes a space record for good, with its grants and change requests (what other areas hold
 * of it goes first: `purgeSpace`, in `model/cascades.ts`).
 */
export function purgeSpaceRecord(state: State, space: SpaceRecord): void {
  for (const grant of [...state.indexes.grantsByTarget.get(space.id)]) state.tables.grants.delete(grant)
  for (const cr of [...state.indexes.changeRequestsBySpace.get(space.id)]) state.tables.changeRequests.delete(cr)
  state.tables.spaces.delete(space)
}
