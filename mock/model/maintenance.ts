import type { State } from './state.ts'
import { purgeExpiredSpaces } from './spaces/retention.ts'

/**
 * Work the clock makes due (retention, processing states), run before each request so what a
 * caller sees always matches the platform time. Each task is cheap when nothing is due.
 */
export function runMaintenance(state: State): void {
  purgeExpiredSpaces(state)
}
