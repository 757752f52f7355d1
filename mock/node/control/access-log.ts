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
