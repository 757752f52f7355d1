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
  const rows = (name: string) => (tables[name] ?? []) as Array<Record<string, unknown>>
  const secretPart = (token: string) => token.length - token.lastIndexOf('_') - 1
  // Every secret's characters are drawn at once and cut in turn: the same characters, in the same
  // order, as one draw per secret (a seeded source gives exactly them), without paying for a call
  // to the system's random source per secret (twelve in the demo).
  let needed = 0
  for (const token of rows('tokens')) needed += secretPart(token.id as string)
  for (const org of rows('organizations')) needed += (org.visitorSecret as string).length
  for (const link of rows('shareLinks')) needed += (link.key as string).length
  const drawn = secrets.string(needed)
  let at = 0
  const draw = (length: number) => drawn.slice(at, (at += length))
  const renamed = new Map<string, string>()
  const copy = (name: string, change: (record: Record<string, unknown>) => Record<string, unknown>) =>
    tables[name] ? { [name]: rows(name).map(change) } : {}
  const snapshot: SerializedState = {
    ...built.snapshot,
    tables: {
      ...tables,
      ...copy('tokens', (token) => {
        const old = token.id as string
        const part = secretPart(old)
        const id = old.slice(0, old.length - part) + draw(part)
        renamed.set(old, id)
        return { ...token, id }
      }),
      ...copy('organizations', (org) => ({ ...org, visitorSecret: draw((org.visitorSecret as string).length) })),
      ...copy('shareLinks', (link) => ({ ...link, key: draw((link.key as string).length) })),
    },
  }
  const tokens = Object.fromEntries(Object.entries(built.tokens).map(([name, id]) => [name, renamed.get(id) ?? id]))
  return { snapshot, tokens }
}
