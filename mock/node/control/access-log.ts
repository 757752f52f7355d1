import type { RequestSummary } from './front.ts'

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

/** Lines waiting for the next turn of the event loop, written together. */
export interface LineWriter {
  write(line: string): void
  /** Writes what is waiting now (before the process stops). */
  flush(): void
}

/**
 * Collects the lines of one turn of the event loop and writes them in one go: a write to a pipe
 * or a file is synchronous in Node and cost a request about as much as answering it, when under
 * load one turn answers several. Lines still appear as their requests are answered (at the end
 * of that turn), in order.
 */
export function lineWriter(out: { write(text: string): unknown }): LineWriter {
  let pending = ''
  let scheduled: NodeJS.Immediate | undefined
  const flush = () => {
    if (scheduled) clearImmediate(scheduled)
    scheduled = undefined
    if (pending === '') return
    const text = pending
    pending = ''
    out.write(text)
  }
  return {
    write(line) {
      pending += line
      scheduled ??= setImmediate(flush)
    },
    flush,
  }
}
