import type { CallState, Failure } from './attempt.ts'
import type { Core } from './client.ts'
import { retryAfterSeconds } from './errors.ts'
import { WARN } from './logger.ts'
import { neverSent } from './network.ts'
import type { OperationSpec } from './spec.ts'

/** Statuses worth retrying: the server may answer differently next time. */
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504]
/** Statuses whose `Retry-After` the SDK honours. */
const AFTER_STATUSES = [429, 503]
/** Statuses that say the request was refused before it was carried out. */
const NOT_APPLIED = new Set([408, 429])

/** What the retries of one call learnt: whether an earlier attempt may have been carried out. */
export interface Attempts {
  /** An attempt failed in a way that leaves its effect unknown (a 5xx, a dropped connection). */
  ambiguous: boolean
}

/**
 * Whether to retry after `failure`, and after how long (ms): idempotent operations are retried on
 * the usual statuses and connection errors, or when the answer says `x-should-retry: true`, never
 * when it says `x-should-retry: false`; the others only when the connection was never made.
 * A `Retry-After` above `maxRetryAfter` ends the call at once with the server's answer. Timeouts
 * never reach here: the attempt may still be running on the server.
 */
export function retryDelay(
  op: OperationSpec,
  retry: Core['options']['retry'],
  attempts: Attempts,
  failure: Failure,
  attempt: number,
  state: CallState,
): number | false {
  const { response } = failure
  if (response) {
    const status = response.status
    // The server's word wins over the status, as Stainless SDKs read it: `false` when another
    // attempt would repeat work already done (a render that reached a stuck development tunnel).
    const should = response.headers.get('x-should-retry')
    if (should === 'false' || !op.idempotent) return false
    if (should !== 'true' && !RETRY_STATUSES.includes(status)) return false
    const after = AFTER_STATUSES.includes(status) ? retryAfterSeconds(response.headers) : undefined
    if (after !== undefined) {
      if (after * 1000 > retry.maxRetryAfter) {
        const { log } = state.core.runtime
        if (log.level >= WARN)
          log.logger.warn(
            `docplat: ${state.label} ${state.method} ${state.url.pathname}: not retrying, the server asks to wait ${after} s (Retry-After), above retry.maxRetryAfter (${retry.maxRetryAfter} ms)`,
          )
        return false
      }
      if (!NOT_APPLIED.has(status)) attempts.ambiguous = true
      return after * 1000
    }
    if (!NOT_APPLIED.has(status)) attempts.ambiguous = true
    return backoff(retry, attempt)
  }
  if (!neverSent(failure.error)) {
    if (!op.idempotent) return false
    attempts.ambiguous = true
  }
  return backoff(retry, attempt)
}

/** The wait before retry `attempt` (from 1): exponential, capped, with full jitter unless turned off. */
export function backoff(retry: Core['options']['retry'], attempt: number): number {
  const delay = retry.delay ? retry.delay(attempt) : 300 * 2 ** (attempt - 1)
  return Math.min(retry.backoffLimit, retry.jitter ? Math.random() * delay : delay)
}
