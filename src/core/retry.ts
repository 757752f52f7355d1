import { HTTPError, NetworkError, type RetryOptions as KyRetryOptions } from 'ky'
import { toDocplatError, type CallState } from './attempt.ts'
import type { Core } from './client.ts'
import { retryAfterSeconds, type DocplatError } from './errors.ts'
import { WARN } from './logger.ts'
import { neverSent, rootCause } from './network.ts'
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
 * ky's retry settings for one call of `op`. Idempotent operations are retried on the usual
 * statuses and connection errors; the others only when the connection was never made. A
 * `Retry-After` above `maxRetryAfter` ends the call at once with the server's answer. Middleware
 * `shouldRetry` hooks may then decide otherwise; a retry is logged at `warn`.
 */
export function retryFor(op: OperationSpec, retry: Core['options']['retry'], attempts: Attempts, state: CallState): KyRetryOptions {
  const { log, middleware } = state.core.runtime
  /** `undefined` leaves the wait to ky: the backoff, or the `Retry-After` of a 429 or 503. */
  const decide = (error: unknown): boolean | undefined => {
    if (error instanceof HTTPError) {
      const status = error.response.status
      if (!RETRY_STATUSES.includes(status) || !op.idempotent) return false
      const after = AFTER_STATUSES.includes(status) ? retryAfterSeconds(error.response.headers) : undefined
      if (after !== undefined && after * 1000 > retry.maxRetryAfter) {
        if (log.level >= WARN) log.logger.warn(`docplat: ${state.label} ${state.method} ${state.url.pathname}: not retrying, the server asks to wait ${after} s (Retry-After), above retry.maxRetryAfter (${retry.maxRetryAfter} ms)`)
        return false
      }
      if (!NOT_APPLIED.has(status)) attempts.ambiguous = true
      return undefined
    }
    if (error instanceof NetworkError) {
      if (neverSent(error)) return true
      if (!op.idempotent) return false
      attempts.ambiguous = true
      return true
    }
    // Timeouts are not retried: the attempt may still be running on the server.
    return false
  }
  return {
    limit: retry.limit,
    methods: ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'],
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: AFTER_STATUSES,
    backoffLimit: retry.backoffLimit,
    jitter: retry.jitter,
    ...(retry.delay ? { delay: retry.delay } : {}),
    async shouldRetry({ error, retryCount }) {
      if (state.failure) return false
      let decision = decide(error)
      if (state.info && middleware.some((m) => m.shouldRetry)) {
        const planned = decision !== false
        const failure = toDocplatError(error, state)
        let wanted = planned
        try {
          for (const m of middleware) {
            const answer = m.shouldRetry ? await m.shouldRetry(state.info, failure as DocplatError, wanted) : undefined
            if (typeof answer === 'boolean') wanted = answer
          }
        } catch (hookError) {
          state.failure = { error: hookError }
          return false
        }
        if (wanted !== planned) decision = wanted
      }
      if (decision !== false && log.level >= WARN) {
        const response = error instanceof HTTPError ? error.response : undefined
        const status = response?.status
        const after = response && AFTER_STATUSES.includes(response.status) ? retryAfterSeconds(response.headers) : undefined
        log.logger.warn(
          `docplat: ${state.label} ${state.method} ${state.url.pathname}: ${status ?? (rootCause(error) || 'connection failed')} on attempt ${state.attempt}, retrying (retry ${retryCount} of ${retry.limit})${after ? `, waiting ${after} s as Retry-After asks` : ''}`,
        )
      }
      return decision
    },
  }
}
