import { HTTPError, NetworkError, type RetryOptions as KyRetryOptions } from 'ky'
import type { Core } from './client.ts'
import { retryAfterSeconds } from './errors.ts'
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
 * ky's retry settings for one call of `op`. Idempotent operations are retried on the usual
 * statuses and connection errors; the others only when the connection was never made. A
 * `Retry-After` above `maxRetryAfter` ends the call at once with the server's answer.
 */
export function retryFor(op: OperationSpec, retry: Core['options']['retry'], attempts: Attempts): KyRetryOptions {
  return {
    limit: retry.limit,
    methods: ['get', 'post', 'put', 'patch', 'delete', 'head'],
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: AFTER_STATUSES,
    backoffLimit: retry.backoffLimit,
    jitter: retry.jitter,
    ...(retry.delay ? { delay: retry.delay } : {}),
    shouldRetry({ error }) {
      if (error instanceof HTTPError) {
        const status = error.response.status
        if (!RETRY_STATUSES.includes(status) || !op.idempotent) return false
        const after = AFTER_STATUSES.includes(status) ? retryAfterSeconds(error.response.headers) : undefined
        if (after !== undefined && after * 1000 > retry.maxRetryAfter) return false
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
    },
  }
}
