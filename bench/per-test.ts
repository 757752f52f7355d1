import { createMockPlatform } from '../mock/index.ts'
import { fmt, time } from './harness.ts'

/** Per-test cost: a fresh demo platform, reset, snapshot and restore (goal: demo or reset under 5 ms). */
export async function perTest(): Promise<string[]> {
  const create = await time(async () => {
    const p = createMockPlatform({ scenario: 'demo' })
    await p.ready
  }, 40)
  const platform = createMockPlatform({ scenario: 'demo' })
  await platform.ready
  const reset = await time(() => platform.reset(), 40)
  const snapshot = await time(() => platform.snapshot(), 40)
  const snap = platform.snapshot()
  const restore = await time(() => platform.restore(snap), 40)
  const records = Object.values(snap.tables).reduce((n, rows) => n + rows.length, 0)
  return [
    '## 3. Per-test cost (median ms)',
    '',
    `The demo scenario holds ${records} records.`,
    '',
    '| step | ms |',
    '|---|---|',
    `| createMockPlatform({ scenario: 'demo' }) until ready | ${fmt(create, 2)} |`,
    `| platform.reset() | ${fmt(reset, 2)} |`,
    `| platform.snapshot() | ${fmt(snapshot, 2)} |`,
    `| platform.restore(snapshot) | ${fmt(restore, 2)} |`,
    '',
    `Goal: a fresh demo platform or a reset under 5 ms: ${create < 5 && reset < 5 ? 'met' : 'NOT met'}.`,
  ]
}
