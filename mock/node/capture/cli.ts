import { randomBytes } from 'node:crypto'
import { mkdir, open, rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { ConnectionError, createClient } from '../../../src/index.ts'
import { saveStateFile } from '../state-file.ts'
import type { CaptureCliOptions } from './args.ts'
import { capture, CaptureError, type CaptureResult } from './capture.ts'
import { streamProgress } from './progress.ts'

/** Exit code when the capture fails (unreachable service, refused token, unwritable file). */
const EXIT_FAILURE = 1

/**
 * Runs `docplat-mock capture`: checks `--out` can be written, reads the service, writes the
 * state file atomically, prints the copy's tokens (stdout) and a summary (stderr). Nothing is
 * written unless the whole capture succeeded.
 */
export async function runCapture(
  options: CaptureCliOptions,
  stdout: NodeJS.WritableStream = process.stdout,
  stderr: NodeJS.WriteStream = process.stderr,
): Promise<number> {
  const out = resolve(options.out)
  const fail = (message: string) => {
    stderr.write(`docplat-mock capture: ${message}\n`)
    return EXIT_FAILURE
  }
  const writable = await probeWritable(out)
  if (writable) return fail(writable)

  const client = createClient({
    token: options.token,
    baseUrl: options.base,
    // A rate-limited service is waited out (Retry-After honoured), not hammered.
    retry: { limit: 6, backoffLimit: 30_000 },
  })
  let result: CaptureResult
  try {
    result = await capture({
      client,
      organizations: options.organizations,
      spaces: options.spaces,
      maxPagesPerSpace: options.maxPagesPerSpace,
      noContent: options.noContent,
      concurrency: options.concurrency,
      progress: streamProgress(stderr),
    })
  } catch (error) {
    if (error instanceof CaptureError) return fail(error.message)
    if (error instanceof ConnectionError) return fail(`cannot reach ${options.base}${causeOf(error)}; nothing was written`)
    return fail(`capture failed: ${(error as Error)?.message ?? String(error)}`)
  }
  try {
    await saveStateFile({ snapshot: () => result.state, restore: async () => undefined }, out)
  } catch (error) {
    return fail(`cannot write ${out}: ${(error as Error).message}`)
  }
  stderr.write(formatSummary(result, out))
  stdout.write(formatTokens(result, out))
  return 0
}

function causeOf(error: Error): string {
  const cause = (error as { cause?: { message?: string; code?: string } }).cause
  const detail = cause?.code ?? (cause as { cause?: { code?: string } } | undefined)?.cause?.code ?? cause?.message
  return detail ? ` (${detail})` : ''
}

/**
 * Why `out` cannot be written, or undefined. Checked before reading anything, by creating (and
 * removing) a temporary file beside it, so an hour-long capture does not end in EACCES.
 */
async function probeWritable(out: string): Promise<string | undefined> {
  const dir = dirname(out)
  const probe = join(dir, `.${basename(out)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    await mkdir(dir, { recursive: true })
    const handle = await open(probe, 'wx')
    await handle.close()
    await rm(probe, { force: true })
  } catch (error) {
    return `cannot write ${out} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing was captured`
  }
  try {
    const handle = await open(out, 'r+')
    await handle.close()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOENT') return `cannot write ${out} (${code ?? (error as Error).message}); nothing was captured`
  }
  return undefined
}

/** Counts, requests, time, what could not be read and what stands in for what the API hides. */
export function formatSummary(result: CaptureResult, out: string): string {
  const { summary } = result
  const lines = [`Captured into ${out} in ${(summary.durationMs / 1000).toFixed(1)}s with ${summary.requests} requests:`]
  for (const [table, n] of Object.entries(summary.counts)) lines.push(`  ${table.padEnd(26)} ${n}`)
  if (summary.skipped.length > 0) {
    lines.push(`Not captured (${summary.skipped.length}):`)
    for (const s of summary.skipped) lines.push(`  ${s.what}: ${s.reason}`)
  }
  if (summary.placeholders.length > 0) {
    lines.push('Not revealed by the API (left empty or marked placeholders, see docs/capture.md):')
    for (const p of summary.placeholders) lines.push(`  ${p.field} (${p.count}): ${p.detail}`)
  }
  return `${lines.join('\n')}\n`
}

/** The copy's tokens: the capturing user's first, then one per other captured user. */
export function formatTokens(result: CaptureResult, out: string): string {
  const lines = [`Serve the copy with: docplat-mock serve --state ${out}`, 'Tokens of the copy (they work only against the copy):']
  for (const t of result.tokens) {
    const who = `${t.displayName || t.userId}${t.email ? ` <${t.email}>` : ''} (${t.userId})`
    lines.push(`  ${t.capturing ? 'capturing user' : 'user'.padEnd(14)} ${who}: ${t.token}`)
  }
  return `${lines.join('\n')}\n`
}
