import { purgeSpace } from './cascades.ts'
import { advanceProcessing } from './services/openapi-processing.ts'
import { restorable } from './spaces/retention.ts'
import type { State } from './state.ts'

/**
 * Work the clock makes due, run before each request so what a caller sees always matches the
 * platform time. Each task is cheap when nothing is due.
 */
export function runMaintenance(state: State): void {
  purgeExpiredSpaces(state)
  advanceProcessing(state)
}

/** Purges deleted spaces whose 7 days are over; the deletion index is ordered, so this stops at the first one still due. */
function purgeExpiredSpaces(state: State): void {
  const deleted = state.indexes.deletedSpaces.get('deleted')
  while (deleted.length > 0 && !restorable(state, deleted[0]!)) purgeSpace(state, deleted[0]!)
}
