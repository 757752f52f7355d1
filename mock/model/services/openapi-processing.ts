import type { State } from '../state.ts'
import type { OpenAPISpecRecord } from '../../tables/services.ts'

/** How long a run waits in `pending` before it is picked up. */
export const QUEUED_MS = 2_000
/** How long a run lasts from its start to its outcome (`complete` or `failed`). */
export const RUN_MS = 10_000

/**
 * Moves runs along as platform time passes: `pending` becomes `progress` after
 * {@link QUEUED_MS}, and `progress` reveals the run's stored outcome after {@link RUN_MS}. Every
 * run lasts the same, so each state's group is ordered by due time and only its front is read:
 * nothing to do costs two lookups.
 */
export function advanceProcessing(state: State): void {
  const now = state.clock.ms()
  const pending = state.indexes.openapiSpecsProcessing.get('pending')
  while (pending.length > 0 && Date.parse(pending[0]!.startedAt) + QUEUED_MS <= now) {
    state.tables.openapiSpecs.update(pending[0]!, { processingState: 'progress' })
  }
  const progress = state.indexes.openapiSpecsProcessing.get('progress')
  while (progress.length > 0 && Date.parse(progress[0]!.startedAt) + RUN_MS <= now) {
    const spec = progress[0]!
    finishRun(state, spec, new Date(Date.parse(spec.startedAt) + RUN_MS).toISOString())
  }
}

/**
 * Ends a spec's run with its outcome at `at`: a success becomes the last version and clears the
 * last error; a failure keeps the last good version and records why.
 */
export function finishRun(state: State, spec: OpenAPISpecRecord, at: string): OpenAPISpecRecord {
  const outcome = spec.outcome
  if (!outcome) return spec
  if (outcome.kind === 'complete') {
    return state.tables.openapiSpecs.update(spec, {
      processingState: 'complete',
      outcome: undefined,
      lastVersion: outcome.version,
      lastDigest: outcome.digest,
      lastProcessedAt: at,
      lastProcessErrorCode: undefined,
    })
  }
  return state.tables.openapiSpecs.update(spec, {
    processingState: 'failed',
    outcome: undefined,
    lastProcessedAt: at,
    lastProcessErrorCode: outcome.errorCode,
  })
}
