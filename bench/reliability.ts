import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { fmt } from './harness.ts'

/**
 * Memory across the 1 MB render loop (`calls` renders with 1 MB of props through
 * `platform.fetch`), in a fresh process so nothing else shares the heap. The request log is full
 * after about 2,000 calls (its 32 MiB budget, about 16.5 KB an entry); goal: the heap flat over the
 * second half of the loop, the end within 4 MB of the half.
 */
export function renderMemory(calls: number): string[] {
  const script = fileURLToPath(new URL('./render-memory.ts', import.meta.url))
  const out = execFileSync(process.execPath, ['--expose-gc', script, String(calls)], { encoding: 'utf8', maxBuffer: 1 << 20 })
  const r = JSON.parse(out.trim().split('\n').at(-1)!) as {
    calls: number
    seconds: number
    before: number
    samples: number[]
    after: number
    logged: number
  }
  const grown = r.after - r.samples[1]!
  return [
    '## Memory across the 1 MB render loop',
    '',
    `${fmt(r.calls)} \`POST /v1/integrations/demo-integration/render\` calls with 1 MB of props (read role) through \`platform.fetch\`, in ${fmt(r.seconds, 1)} s; heap after a full GC.`,
    '',
    '| before | after each quarter | after | request log entries |',
    '| ---: | --- | ---: | ---: |',
    `| ${fmt(r.before, 1)} MB | ${r.samples.map((s) => `${fmt(s, 1)} MB`).join(', ')} | ${fmt(r.after, 1)} MB | ${fmt(r.logged)} |`,
    '',
    `Goal: memory flat once the request log is full, the heap at the end within 4 MB of the half: ${grown <= 4 ? 'met' : 'NOT met'} (${grown >= 0 ? '+' : ''}${fmt(grown, 1)} MB).`,
  ]
}
