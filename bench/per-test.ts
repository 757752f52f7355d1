import { createMockPlatform } from '../mock/index.ts'
import { fmt, time } from './harness.ts'

/**
 * Per-test cost: a fresh demo platform (the demo is built once per process, later platforms with
 * the same options restore its snapshot), the first one of a process (which builds it: a new
 * seed each time), reset, snapshot and restore. Goal: a fresh demo platform or a reset under 5 ms.
 */
export async function perTest(): Promise<string[]> {
  let seed = 0
  const build = await time(async () => {
    const p = createMockPlatform({ scenario: 'demo', seed: `per-test-${seed++}` })
    await p.ready
  }, 15)
  const create = await time(async () => {
    const p = createMockPlatform({ scenario: 'demo' })
    await p.ready
  }, 60)
  const platform = createMockPlatform({ scenario: 'demo' })
  await platform.ready
  const reset = await time(() => platform.reset(), 60)
  const snapshot = await time(() => platform.snapshot(), 60)
  const snap = platform.snapshot()
  const restore = await time(() => platform.restore(snap), 60)
  const records = Object.values(snap.tables).reduce((n, rows) => n + rows.length, 0)
  const row = (step: string, ms: number) => `| ${step} | ${fmt(ms, 2)} | ${fmt(ms / build, 2)}x |`
  return [
    '## 3. Per-test cost (median ms)',
    '',
    `The demo scenario holds ${records} records. Baseline: building the demo through the builders, as the first platform of a process does.`,
    '',
    '| step | ms | vs building the demo |',
    '|---|---|---|',
    row('first demo platform of a process (builds the scenario; a new seed each run)', build),
    row("createMockPlatform({ scenario: 'demo' }) until ready (restores the built demo)", create),
    row('platform.reset()', reset),
    row('platform.snapshot()', snapshot),
    row('platform.restore(snapshot) (validates every record)', restore),
    '',
    `Goal: a fresh demo platform or a reset under 5 ms: ${create < 5 && reset < 5 ? 'met' : 'NOT met'} (${fmt(create, 2)} ms and ${fmt(reset, 2)} ms).`,
  ]
}
