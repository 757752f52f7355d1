import { areas } from '../hooks.ts'
import type { State } from '../state.ts'
import type { SpaceRecord } from './tables.ts'

/** How long a deleted space stays restorable. */
export const RETENTION_MS = 7 * 86_400_000

/** Whether a deleted space is still within its restore window. */
export function restorable(state: State, space: SpaceRecord): boolean {
  return space.deletedAt !== undefined && state.clock.ms() - Date.parse(space.deletedAt) < RETENTION_MS
}

/** Removes a space and everything hanging off it, for good. */
export function purgeSpace(state: State, space: SpaceRecord): void {
  for (const area of areas) area.spacePurged?.(state, space)
  for (const grant of [...state.db.grantsByTarget.get(space.id)]) state.db.grants.delete(grant)
  for (const cr of [...state.db.changeRequestsBySpace.get(space.id)]) state.db.changeRequests.delete(cr)
  state.db.spaces.delete(space)
}

/** Purges deleted spaces whose 7 days are over; the deletion index is ordered, so this stops at the first one still due. */
export function purgeExpiredSpaces(state: State): void {
  const deleted = state.db.deletedSpaces.get('deleted')
  while (deleted.length > 0 && !restorable(state, deleted[0]!)) purgeSpace(state, deleted[0]!)
}
