import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { fmt } from './harness.ts'

/**
 * Memory across the 1 MB render loop of issue 15 (`calls` renders with 1 MB of props through
 * `platform.fetch`), in a fresh process so nothing else shares the heap. Goal: the heap after the
 * loop within 16 MB of the heap before it (the request log's bodies are bounded).
 */
export function renderMemory(calls: number): string[] {
  const script = fileURLToPath(new URL('./render-memory.ts', import.meta.url))
  const out = execFileSync(process.execPath, ['--expose-gc', script, String(calls)], { encoding: 'utf8', maxBuffer: 1 << 20 })
  const r = JSON.parse(out.trim().split('\n').at(-1)!) as { calls: number; seconds: number; before: number; samples: number[]; after: number; logged: number }
  const grown = r.after - r.before
  return [
    '## Memory across the 1 MB render loop (issue 15)',
    '',
    `${fmt(r.calls)} \`POST /v1/integrations/demo-integration/render\` calls with 1 MB of props (read role) through \`platform.fetch\`, in ${fmt(r.seconds, 1)} s; heap after a full GC.`,
    '',
    '| before | after each quarter | after | request log entries |',
    '| ---: | --- | ---: | ---: |',
    `| ${fmt(r.before, 1)} MB | ${r.samples.map((s) => `${fmt(s, 1)} MB`).join(', ')} | ${fmt(r.after, 1)} MB | ${fmt(r.logged)} |`,
    '',
    `Goal: the heap after the loop within 16 MB of before: ${grown <= 16 ? 'met' : 'NOT met'} (${grown >= 0 ? '+' : ''}${fmt(grown, 1)} MB).`,
  ]
}
