/**
 * Prints (as JSON) the RSS and heap, in MB, that 10,000 spaces add to a platform: run in a fresh
 * process by bench/scale.ts (`node --expose-gc bench/memory.ts`).
 */
import { createMockPlatform } from '../mock/index.ts'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')

const platform = createMockPlatform({ scenario: 'empty', seed: 'memory' })
await platform.ready
const org = await platform.builders.organization({ title: 'Memory' })
const collection = await platform.builders.collection({ organization: org.id, title: 'Big' })
// One space first, so every code path has run (compiled code is not what the spaces hold).
await platform.builders.space({ organization: org.id, parent: collection.id, title: 'Warm-up' })
gc()
gc()
const before = process.memoryUsage()
for (let i = 0; i < 10_000; i++) await platform.builders.space({ organization: org.id, parent: collection.id, title: `Space ${i}` })
gc()
gc()
const after = process.memoryUsage()
if (platform.db.spaces.size !== 10_001) throw new Error('the spaces were not stored')
console.log(JSON.stringify({ rss: (after.rss - before.rss) / 2 ** 20, heap: (after.heapUsed - before.heapUsed) / 2 ** 20 }))
