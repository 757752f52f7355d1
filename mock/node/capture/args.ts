import { parseArgs } from 'node:util'

/** What `docplat-mock capture` was asked to do. */
export interface CaptureCliOptions {
  base: string
  /** From `--token`, else the `DOCPLAT_TOKEN` environment variable. */
  token: string
  out: string
  organizations: string[]
  spaces: string[]
  maxPagesPerSpace: number | undefined
  noContent: boolean
  concurrency: number
}

export const CAPTURE_USAGE = `Usage: docplat-mock capture --base <url> --token <token> --out <state.json> [options]

Copies what the token can see on a live service into a state file that
docplat-mock serve --state <state.json> serves (see docs/capture.md).

Options of capture:
  --base <url>                  the service's API base URL (without /v1)
  --token <token>               API token (default: the DOCPLAT_TOKEN environment variable)
  --out <file.json>             the state file to write (written atomically)
  --org <id>                    only this organization (repeatable)
  --space <id>                  only this space (repeatable); also captures soft-deleted spaces
  --max-pages-per-space <n>     at most n pages per space and change request
  --no-content                  leave page bodies out
  --concurrency <n>             requests at once (default 4)
`

/**
 * Parses the arguments after `docplat-mock capture`. Throws `Error`s whose message the CLI
 * prints as a usage error.
 */
export function parseCaptureArgs(argv: readonly string[], env: Record<string, string | undefined>): CaptureCliOptions {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      base: { type: 'string' },
      token: { type: 'string' },
      out: { type: 'string' },
      org: { type: 'string', multiple: true },
      space: { type: 'string', multiple: true },
      'max-pages-per-space': { type: 'string' },
      'no-content': { type: 'boolean' },
      concurrency: { type: 'string' },
    },
  })
  if (positionals.length > 0) throw new Error(`Unexpected argument "${positionals[0]}"`)
  const base = required('--base', values.base)
  try {
    const url = new URL(base)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)')
  } catch {
    throw new Error(`Invalid --base "${base}": expected an http(s) URL such as https://api.docplat.dev`)
  }
  const token = values.token ?? env.DOCPLAT_TOKEN
  if (token === undefined || token.trim() === '') throw new Error('Missing --token (or the DOCPLAT_TOKEN environment variable)')
  return {
    base: base.replace(/\/+$/, ''),
    token,
    out: required('--out', values.out),
    organizations: (values.org ?? []).map((id) => required('--org', id)),
    spaces: (values.space ?? []).map((id) => required('--space', id)),
    maxPagesPerSpace: count('--max-pages-per-space', values['max-pages-per-space'], 0),
    noContent: values['no-content'] ?? false,
    concurrency: count('--concurrency', values.concurrency, 1) ?? 4,
  }
}

function required(name: string, value: string | undefined): string {
  if (value === undefined) throw new Error(`Missing ${name}`)
  if (value.trim() === '') throw new Error(`Invalid ${name}: must not be empty`)
  return value
}

function count(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined
  const n = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN
  if (!(n >= min && n <= 100_000)) throw new Error(`Invalid ${name} "${value}": expected an integer from ${min} to 100000`)
  return n
}
