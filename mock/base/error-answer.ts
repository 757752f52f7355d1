/**
 * The one writer of the error body every answer of the mock carries, `{ error: { code, message } }`:
 * the core's answers, the HTTP server's own (413, 431, 500...), and the control plane's.
 */

/** An error answer as plain data: what the core returns and each transport writes its own way. */
export interface ErrorAnswer {
  status: number
  /** Lower-case header names. */
  headers: Record<string, string>
  body: string
}

/** The JSON text of an error body. */
export function errorBody(status: number, message: string): string {
  return JSON.stringify({ error: { code: status, message } })
}

/** An error answer: the body, its JSON content type, and any `headers` given (`allow`, `retry-after`...). */
export function errorAnswer(status: number, message: string, headers?: Readonly<Record<string, string>>): ErrorAnswer {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: errorBody(status, message) }
}
