import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8'

/** The spaces of the young generation: V8 counts them in `heap_size_limit`, but a full old generation ends the process whatever they hold. */
const YOUNG_SPACES = new Set(['new_space', 'new_large_object_space'])

const MiB = 1024 * 1024

/** Bytes of the heap's old generation in use now (every space but the young generation's). */
export function oldGenerationUsed(): number {
  let used = 0
  for (const space of getHeapSpaceStatistics()) if (!YOUNG_SPACES.has(space.space_name)) used += space.space_used_size
  return used
}

/**
 * The most the old generation can hold, in bytes: `--max-old-space-size` when the process was
 * given it (on its command line or in `NODE_OPTIONS`), else V8's heap limit less the young
 * generation. V8 reports no young-generation maximum, so that is `--max-semi-space-size` (three
 * semi-spaces: two for the scavenger, one for new large objects) or, without it, the largest
 * default Node gives (64 MiB semi-spaces): an estimate that errs low, so the bound errs safe.
 */
export function oldGenerationLimit(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
): number {
  const flags = [...(nodeOptions ?? '').split(/\s+/), ...execArgv]
  const old = flagMiB(flags, 'max-old-space-size')
  const limit = getHeapStatistics().heap_size_limit
  if (old !== undefined) return Math.min(old * MiB, limit)
  const semi = flagMiB(flags, 'max-semi-space-size') ?? 64
  // A young generation larger than half the heap is no default: keep at least half for the old.
  return Math.max(limit - 3 * semi * MiB, Math.floor(limit / 2))
}

/** The last value of `--name=<MiB>` (or `--name <MiB>`, with `-` or `_`) among `flags`. */
function flagMiB(flags: readonly string[], name: string): number | undefined {
  const pattern = new RegExp(`^--${name.replace(/-/g, '[-_]')}(?:=(\\d+(?:\\.\\d+)?))?$`)
  let found: number | undefined
  for (let i = 0; i < flags.length; i++) {
    const match = pattern.exec(flags[i]!)
    if (!match) continue
    const value = match[1] ?? flags[i + 1]
    const n = Number(value)
    if (value !== undefined && Number.isFinite(n) && n > 0) found = n
  }
  return found
}
