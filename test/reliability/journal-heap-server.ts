/**
 * `docplat-mock serve` as the CLI runs it (the same `parseCommandLine` and `startServing`), for a
 * process started with `--expose-gc`: a line `heap` on stdin is answered on stdout with
 * `heap <bytes>`, the heap used after full collections. Used by request-journal-memory.test.ts.
 */
import { parseCommandLine } from '../../mock/node/args.ts'
import { startServing } from '../../mock/node/serve.ts'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')
const command = parseCommandLine(process.argv.slice(2))
if (command.command !== 'serve') throw new Error('expected: serve [options]')
const serving = await startServing(command.options)
if (!serving.ok) {
  process.stderr.write(`${serving.message}\n`)
  process.exit(1)
}
process.stdout.write(serving.banner)
let pending = ''
process.stdin.setEncoding('utf8').on('data', (chunk: string) => {
  pending += chunk
  let newline: number
  while ((newline = pending.indexOf('\n')) >= 0) {
    const line = pending.slice(0, newline).trim()
    pending = pending.slice(newline + 1)
    if (line !== 'heap') continue
    gc()
    gc()
    process.stdout.write(`heap ${process.memoryUsage().heapUsed}\n`)
  }
})
process.stdin.on('end', () => void serving.stop().then(() => process.exit(0)))
