/**
 * Prints (as JSON) the heap, in MB, before and after `N` (argv[2], default 10,000) render calls
 * with 1 MB of props through `platform.fetch` (read role), and what the request log holds: run in
 * a fresh process by bench/reliability.ts (`node --expose-gc bench/render-memory.ts`).
 */
import { createMockPlatform } from '../mock/index.ts'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')
const n = Number(process.argv[2] ?? 10_000)

const platform = createMockPlatform({ scenario: 'demo' })
await platform.ready
const body = JSON.stringify({ componentId: 'card', props: { blob: 'x'.repeat(1024 * 1024 - 64) } })
const call = () =>
  platform.fetch('https://api.docplat.dev/v1/integrations/demo-integration/render', {
    method: 'POST',
    headers: { authorization: `Bearer ${platform.tokens.read}`, 'content-type': 'application/json' },
    body,
  })
const heap = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed / 2 ** 20
}
await (await call()).arrayBuffer()
const before = heap()
const samples: number[] = []
const started = performance.now()
for (let i = 1; i <= n; i++) {
  await (await call()).arrayBuffer()
  if (i % Math.max(1, Math.floor(n / 4)) === 0) samples.push(heap())
}
const seconds = (performance.now() - started) / 1000
console.log(JSON.stringify({ calls: n, seconds, before, samples, after: heap(), logged: platform.requests.length }))
