import type { OperationId } from '../../src/contract/index.ts'
import type { LoggedRequest } from '../base/request-log.ts'
import { verifyRequestOrder, verifyRequests, type OrderedStep, type RequestExpectation } from './verify.ts'

/** Verification over HTTP: the methods of `platform.verify`, `verifyOrder` and `unmatched`, asynchronous. */
export interface RemoteVerification {
  /** As `platform.verify`: resolves with the matching requests, or rejects with a `VerificationError`. */
  verify(operationId: OperationId, expectation?: RequestExpectation): Promise<LoggedRequest[]>
  /** As `platform.verifyOrder`. */
  verifyOrder(steps: readonly OrderedStep[]): Promise<LoggedRequest[]>
  /** As `platform.unmatched()`: the near misses in the server's log, oldest first. */
  unmatched(): Promise<LoggedRequest[]>
}

/**
 * Verification of a platform reached over HTTP, from the log `readLog` fetches (the server's
 * `GET /_docplat/requests`): the same checks and messages as in process, one read per check.
 */
export function remoteVerification(readLog: () => Promise<readonly LoggedRequest[]>): RemoteVerification {
  return {
    verify: async (operationId, expectation) => verifyRequests(await readLog(), operationId, expectation),
    verifyOrder: async (steps) => verifyRequestOrder(await readLog(), steps),
    unmatched: async () => (await readLog()).filter((entry) => entry.miss !== undefined),
  }
}
