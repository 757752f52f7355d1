import type { SecretSource } from './base/random.ts'
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

/**
 * A built scenario with fresh secrets: every token (the random part after its last `_`), every
 * organization's visitor signing secret and every share key replaced by one of the same length
 * from `secrets`, and the named tokens following. What building the scenario again with fresh
 * tokens gives (test/platforms/fresh-secrets.test.ts compares the two), without building it: a
 * server's hosted platforms each get their own secrets at the cost of a restore.
 */
export function withFreshSecrets(built: BuiltScenario, secrets: SecretSource): BuiltScenario {
  const { tables } = built.snapshot
  const renamed = new Map<string, string>()
  const fresh = (value: string) => {
    const cut = value.lastIndexOf('_') + 1
    return value.slice(0, cut) + secrets.string(value.length - cut)
  }
  const copy = (name: string, change: (record: Record<string, unknown>) => Record<string, unknown>) =>
    tables[name] ? { [name]: (tables[name] as Array<Record<string, unknown>>).map(change) } : {}
  const snapshot: SerializedState = {
    ...built.snapshot,
    tables: {
      ...tables,
      ...copy('tokens', (token) => {
        const id = fresh(token.id as string)
        renamed.set(token.id as string, id)
        return { ...token, id }
      }),
      ...copy('organizations', (org) => ({ ...org, visitorSecret: secrets.string((org.visitorSecret as string).length) })),
      ...copy('shareLinks', (link) => ({ ...link, key: secrets.string((link.key as string).length) })),
    },
  }
  const tokens = Object.fromEntries(Object.entries(built.tokens).map(([name, id]) => [name, renamed.get(id) ?? id]))
  return { snapshot, tokens }
}
