import type { SerializedState } from './model/state.ts'

/** A built-in scenario as it was built once: its state and the tokens it named. */
export interface BuiltScenario {
  readonly snapshot: SerializedState
  readonly tokens: Readonly<Record<string, string>>
}

/**
 * Built-in scenarios by their options, built once per process: teams create a demo platform per
 * test, and building the demo (every builder through the model) costs far more than restoring
 * its snapshot. Custom scenario functions are never cached (they may read anything). The few
 * most recent entries are kept, so tests seeding each platform differently do not grow memory.
 */
const built = new Map<string, BuiltScenario>()
const KEPT = 8

export function cachedScenario(key: string): BuiltScenario | undefined {
  const entry = built.get(key)
  if (entry) {
    built.delete(key)
    built.set(key, entry)
  }
  return entry
}

export function cacheScenario(key: string, entry: BuiltScenario): void {
  built.set(key, entry)
  if (built.size > KEPT) built.delete(built.keys().next().value!)
}
