/**
 * `npm run bench`: runs every benchmark and writes docs/performance.md. Figures are ratios
 * against baselines measured in the same run, so they compare across machines.
 * `--quick` uses smaller sizes (for a smoke run).
 */
import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { overhead } from './overhead.ts'
import { perTest } from './per-test.ts'
import { scale } from './scale.ts'

const quick = process.argv.includes('--quick')
const sections: string[][] = []
sections.push(await overhead())
sections.push(await scale(quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]))
sections.push(await perTest())

const header = [
  '# Performance',
  '',
  'Written by `npm run bench` (bench/run.ts). Numbers are medians; ratios compare against baselines measured in the same run.',
  '',
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${new Date().toISOString().slice(0, 10)}${quick ? ' (quick run)' : ''}.`,
  '',
]
const text = [...header, sections.map((s) => s.join('\n')).join('\n\n')].join('\n') + '\n'
writeFileSync(new URL('../docs/performance.md', import.meta.url), text)
console.log(text)
