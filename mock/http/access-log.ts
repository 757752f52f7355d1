/**
 * One answered request, as the access log prints it: wall-clock time (`at`, ISO), method, path
 * with query, status (0 for a dropped connection), milliseconds until the answer was ready, and
 * the operation it matched.
 */
export interface RequestSummary {
  /** Wall-clock time the request arrived (ISO): what a developer compares with their app's logs. */
  at: string
  method: string
  /** Path and query. */
  path: string
  /** The status answered; 0 when the connection was dropped (an injected fault). */
  status: number
  /** Milliseconds until the answer was ready. */
  duration: number
  operationId?: string
}

/** How the CLI prints each request: a line for people, JSON for tools, or nothing. */
export type LogFormat = 'text' | 'json' | 'quiet'

/**
 * One line per request: `09:41:07.123 GET /v1/orgs 200 3.1ms listOrganizationsForAuthenticatedUser`.
 * Paths never carry tokens (they travel in the Authorization header), so nothing secret is printed.
 */
export function formatRequestLine(entry: RequestSummary, format: Exclude<LogFormat, 'quiet'>): string {
  if (format === 'json') return `${JSON.stringify(entry)}\n`
  const time = entry.at.slice(11, 23)
  const status = entry.status === 0 ? 'dropped' : String(entry.status)
  return `${time} ${entry.method} ${entry.path} ${status} ${entry.duration}ms${entry.operationId ? ` ${entry.operationId}` : ''}\n`
}

/** Lines waiting to be written together. */
export interface LineWriter {
  write(line: string): void
  /** Writes what is waiting now (before the process stops). */
  flush(): void
}

/** How long a line may wait for others before it is written, in milliseconds: too short for a person to notice. */
export const LINE_DELAY_MS = 20
/** Characters waiting that are written at once, whatever the delay. */
const LINE_BUFFER_CHARS = 64 * 1024

/**
 * Collects request lines for a few milliseconds and writes them in one go: a write to a pipe or a
 * file is synchronous in Node, and one per request cost a busy server about as much as answering
 * the request did. Lines stay in order and appear within {@link LINE_DELAY_MS}.
 */
export function lineWriter(out: { write(text: string): unknown }): LineWriter {
  let pending = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (pending === '') return
    const text = pending
    pending = ''
    out.write(text)
  }
  return {
    write(line) {
      pending += line
      if (pending.length >= LINE_BUFFER_CHARS) flush()
      else timer ??= setTimeout(flush, LINE_DELAY_MS)
    },
    flush,
  }
}
