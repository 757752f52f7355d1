/**
 * Matchers for Vitest's and Jest's `expect`, over a platform's request log: give them to
 * `expect.extend(matchers)` in a setup file. They import nothing from either runner.
 *
 * @packageDocumentation
 * @module docplat/mock/matchers
 */
import type { OperationId } from '../../src/contract/index.ts'
import type { LoggedRequest } from '../base/request-log.ts'
import { verifyRequestOrder, verifyRequests, VerificationError, type OrderedStep, type RequestExpectation } from './verify.ts'

export { VerificationError, type OrderedStep, type RequestExpectation } from './verify.ts'

/**
 * What the matchers accept: a platform (`createMockPlatform`), a remote one (`connectMockServer`),
 * or anything else whose `requests.all()` gives the log.
 */
export interface HasRequestLog {
  readonly requests: { all(): readonly LoggedRequest[] | Promise<readonly LoggedRequest[]> }
}

/**
 * The matchers' types, to merge into your runner's (see docs/mocking.md): `R` is what a matcher
 * returns (`void`, or a promise for a remote platform: `await expect(remote).toHaveReceived(...)`).
 */
export interface DocplatMatchers<R = unknown> {
  /** As `platform.verify`: requests to the operation matching the expectation (by default, at least one). */
  toHaveReceived(operationId: OperationId, expectation?: RequestExpectation): R
  /** As `platform.verifyOrder`: requests matching the steps came in this order. */
  toHaveReceivedInOrder(steps: readonly OrderedStep[]): R
  /** No near miss in the log: every request matched an operation, passed validation and authentication, and sent no body field the operation ignores. */
  toHaveNoUnmatchedRequests(): R
}

/** What a matcher answers `expect`. */
export interface MatcherResult {
  pass: boolean
  message: () => string
}

/** The part of the runner's matcher context the matchers read (Vitest's and Jest's alike). */
export interface MatcherContext {
  isNot?: boolean
}

type Check = (log: readonly LoggedRequest[], isNot: boolean) => MatcherResult

/** Runs a check on the received value's log: at once for a platform, once its log arrives for a remote one. */
function onLog(received: unknown, name: string, check: Check, isNot: boolean): MatcherResult | Promise<MatcherResult> {
  const requests = (received as Partial<HasRequestLog> | null | undefined)?.requests
  if (typeof requests?.all !== 'function')
    throw new TypeError(`${name}: expected a mock platform (something with requests.all()), received ${typeof received}`)
  const log = requests.all()
  return log instanceof Promise ? log.then((entries) => check(entries, isNot)) : check(log, isNot)
}

/** A verification as a matcher result: pass when it holds, its message when it does not. */
function verdict(run: () => LoggedRequest[], negated: (found: LoggedRequest[]) => string): MatcherResult {
  try {
    const found = run()
    return { pass: true, message: () => negated(found) }
  } catch (error) {
    if (!(error instanceof VerificationError)) throw error
    const message = error.message
    return { pass: false, message: () => message }
  }
}

const listed = (found: readonly LoggedRequest[]) =>
  found
    .slice(0, 5)
    .map((entry) => `  ${entry.method} ${entry.url} → ${entry.status}`)
    .join('\n')

/**
 * The matchers, for `expect.extend`: `toHaveReceived`, `toHaveReceivedInOrder` and
 * `toHaveNoUnmatchedRequests`. Each works with `.not`.
 *
 * @example
 * ```ts
 * import { createClient } from 'docplat'
 * import { createMockPlatform } from 'docplat/mock'
 * import { matchers } from 'docplat/mock/matchers'
 * import { expect } from 'vitest'
 *
 * expect.extend(matchers)
 * const platform = createMockPlatform({ scenario: 'demo' })
 * const client = createClient({ token: platform.tokens.admin, fetch: platform.fetch })
 * await client.orgs.list()
 * expect(platform).toHaveReceived('listOrganizationsForAuthenticatedUser', { times: 1, tokenName: 'admin' })
 * expect(platform).not.toHaveReceived('deleteSpaceById')
 * ```
 */
export const matchers = {
  toHaveReceived(this: MatcherContext, received: unknown, operationId: OperationId, expectation?: RequestExpectation) {
    return onLog(
      received,
      'toHaveReceived',
      (log) =>
        verdict(
          () => verifyRequests(log, operationId, expectation),
          (found) => `Expected ${operationId} not to be received like that, but it was received ${found.length} times:\n${listed(found)}`,
        ),
      this.isNot ?? false,
    )
  },
  toHaveReceivedInOrder(this: MatcherContext, received: unknown, steps: readonly OrderedStep[]) {
    return onLog(
      received,
      'toHaveReceivedInOrder',
      (log) =>
        verdict(
          () => verifyRequestOrder(log, steps),
          (found) => `Expected the steps not to be received in this order, but they were:\n${listed(found)}`,
        ),
      this.isNot ?? false,
    )
  },
  toHaveNoUnmatchedRequests(this: MatcherContext, received: unknown) {
    return onLog(
      received,
      'toHaveNoUnmatchedRequests',
      (log) => {
        const misses = log.filter((entry) => entry.miss !== undefined)
        return {
          pass: misses.length === 0,
          message: () =>
            misses.length === 0
              ? 'Expected near misses, but every request matched an operation'
              : `Expected no near misses, but received ${misses.length}:\n${misses
                  .slice(0, 5)
                  .map((entry) => `  ${entry.method} ${entry.url} → ${entry.status} ${entry.miss!.reason}: ${entry.miss!.message}`)
                  .join('\n')}`,
        }
      },
      this.isNot ?? false,
    )
  },
}
