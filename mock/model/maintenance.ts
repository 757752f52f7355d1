import { areas } from './hooks.ts'
import { purgeExpiredSpaces } from './spaces/retention.ts'
import type { State } from './state.ts'

/**
 * Work the clock makes due (retention, processing states), run before each request so what a
 * caller sees always matches the platform time. Each task is cheap when nothing is due.
 */
export function runMaintenance(state: State): void {
  purgeExpiredSpaces(state)
  for (const area of areas) area.maintenance?.(state)
}
