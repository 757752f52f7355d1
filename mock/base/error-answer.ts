/**
 * The one writer of the error body every answer of the mock carries, `{ error: { code, message } }`:
 * the core's answers, the HTTP server's own (413, 431, 500...), and the control plane's; and the
 * one maker of a 500, for what is the mock's own failure, never the client's doing.
 */

import type { MockLog } from './logger.ts'

/** An error answer as plain data: what the core returns and each transport writes its own way. */
export interface ErrorAnswer {
  status: number
  /** Lower-case header names. */
  headers: Record<string, string>
  body: string
}

/** The JSON text of an error body. */
export function errorJson(status: number, message: string): string {
  return JSON.stringify({ error: { code: status, message } })
}

/** An error answer: the body, its JSON content type, and any `headers` given (`allow`, `retry-after`...). */
export function errorAnswer(status: number, message: string, headers?: Readonly<Record<string, string>>): ErrorAnswer {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: errorJson(status, message) }
}

/**
 * Where the mock failed: running an operation (a bug in its handler or model), in the HTTP server
 * around the platform, or saving an answered change to the `--state` file.
 */
export type Failed = { during: 'operation'; operationId: string } | { during: 'server' } | { during: 'saving' }

/**
 * The one place a 500 is made: the mock's own failure, said plainly with what failed. A bug is
 * told to the mock's log with its stack; a state file that could not be written is the machine's
 * doing, and its answer says so.
 */
export function internalErrorAnswer(error: unknown, failed: Failed, log: MockLog): ErrorAnswer {
  const message = String((error as Error)?.message ?? error)
  switch (failed.during) {
    case 'saving':
      return errorAnswer(500, `The change was made but could not be saved to the state file: ${message}`)
    case 'operation':
      log.error(`${failed.operationId} failed:`, error)
      return errorAnswer(500, `Internal error in the mock while handling ${failed.operationId}: ${message}`)
    case 'server':
      log.error('the server failed to handle a request:', error)
      return errorAnswer(500, `Internal error in the mock server: ${message}`)
  }
}
