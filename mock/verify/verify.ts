import { operations } from '../../src/contract/index.ts'
import type { OperationId } from '../../src/contract/index.ts'
import type { LoggedRequest } from '../base/request-log.ts'

/**
 * What requests to an operation must look like. Every field given must match; objects match
 * partially (the keys given, deeply; arrays element by element), a `RegExp` matches a string, and
 * asymmetric matchers of Vitest and Jest (`expect.any(String)`, `expect.stringContaining('x')`) work.
 */
export interface RequestExpectation {
  /**
   * How many matching requests: a number (`0` for "never", `1` for "once") or bounds.
   * Default: at least one.
   */
  times?: number | { atLeast?: number; atMost?: number } | undefined
  /**
   * The logged input, partially: the body's fields and, for operations that take a body, the path
   * parameters beside them, as the SDK call named them (`{ title: 'Roadmap' }`).
   */
  body?: unknown
  /** Query parameters, partially; values compare as the strings sent (`{ limit: 20 }` matches `?limit=20`). */
  query?: Record<string, unknown> | undefined
  /** Path parameters, partially, decoded (`{ organizationId: org.id }`). */
  params?: Record<string, unknown> | undefined
  /** The status the platform answered. */
  status?: number | undefined
  /** The caller's name for itself (`X-Docplat-Client` or `User-Agent`): the whole of it, or a `RegExp`. */
  client?: string | RegExp | undefined
  /** The name of the token that authenticated it: `'admin'` for `platform.tokens.admin`. */
  tokenName?: string | undefined
}

/** One step of `platform.verifyOrder`: an operation, and what its request must look like. */
export type OrderedStep = OperationId | ({ operationId: OperationId } & Omit<RequestExpectation, 'times'>)

/**
 * A verification failed: the message says what was expected and what was received instead,
 * closest first. `matched` holds the requests that did match.
 */
export class VerificationError extends Error {
  override name = 'VerificationError'
  /** The requests that matched the expectation. */
  readonly matched: readonly LoggedRequest[]
  constructor(message: string, matched: readonly LoggedRequest[]) {
    super(message)
    this.matched = matched
  }
}

/**
 * A strict platform received a near miss: a request that matched no operation, that was refused
 * before one ran, or whose body held fields its operation ignored.
 */
export class UnmatchedRequestError extends Error {
  override name = 'UnmatchedRequestError'
  /** The request: its `miss` says why and what it came closest to. */
  readonly request: UnmatchedRequest
  constructor(request: UnmatchedRequest) {
    super(`Unmatched request (strict mode): ${describeMiss(request)}`)
    this.request = request
  }
}

/** What {@link UnmatchedRequestError} tells of the request. */
export type UnmatchedRequest = Pick<LoggedRequest, 'method' | 'url' | 'status' | 'miss'>

/** One way a request differs from an expectation. */
interface Difference {
  field: string
  expected: unknown
  received: unknown
}

/** How many of the requests received instead a failure lists. */
const SHOWN = 5

/**
 * Checks the log for requests to one operation matching an expectation; returns them, or throws
 * a {@link VerificationError} listing what was received instead, closest first. Near misses
 * refused before the operation ran never count, but are listed with their reason; a request the
 * operation answered while ignoring unknown body fields counts as received, and is listed with
 * the field it ignored (and the one it was probably meant to be) beside what differs.
 *
 * @example
 * ```ts
 * import { createClient } from 'docplat'
 * import { createMockPlatform } from 'docplat/mock'
 *
 * const platform = createMockPlatform({ scenario: 'demo' })
 * const client = createClient({ token: platform.tokens.admin, fetch: platform.fetch })
 * const [org] = (await client.orgs.list()).items
 * await client.collections.create({ organizationId: org!.id, title: 'Roadmap' })
 *
 * platform.verify('createCollection', { times: 1, body: { title: 'Roadmap' }, tokenName: 'admin' })
 * platform.verify('deleteSpaceById', { times: 0 })
 * try {
 *   platform.verify('createCollection', { body: { title: 'Roadmaps' } })
 * } catch (error) {
 *   console.log((error as Error).message.split('\n')[0])
 *   // → Expected createCollection with body { title: 'Roadmaps' } to be received at least once, but it was received 0 times.
 * }
 * ```
 */
export function verifyRequests(
  log: readonly LoggedRequest[],
  operationId: OperationId,
  expectation: RequestExpectation = {},
): LoggedRequest[] {
  checkOperation(operationId)
  const matched: LoggedRequest[] = []
  const others: Array<{ entry: LoggedRequest; distance: number; differences: Difference[] }> = []
  for (const entry of log) {
    const differences = differencesOf(entry, operationId, expectation)
    if (differences.length === 0) matched.push(entry)
    else {
      const distance = distanceOf(entry, operationId, differences)
      if (distance !== undefined) others.push({ entry, distance, differences })
    }
  }
  const { atLeast, atMost } = boundsOf(expectation.times)
  if (matched.length >= atLeast && matched.length <= atMost) return matched
  const lines = [
    `Expected ${operationId}${describeExpectation(expectation)} to be received ${describeTimes(atLeast, atMost)}, but it was received ${count(matched.length)}.`,
  ]
  if (matched.length > atMost) {
    lines.push('Received:')
    for (const entry of matched.slice(0, SHOWN)) lines.push(`  ${line(entry)}`)
    if (matched.length > SHOWN) lines.push(`  … and ${matched.length - SHOWN} more`)
  } else if (others.length === 0) {
    lines.push(`Nothing close was received${log.length ? ` (${count(log.length, 'request')} in the log)` : ' (the log is empty)'}.`)
  } else {
    // Stable: equally close ones stay in the order they came.
    others.sort((a, b) => a.distance - b.distance)
    lines.push('Received instead, closest first:')
    for (const { entry, differences } of others.slice(0, SHOWN)) {
      lines.push(`  ${line(entry)}`)
      if (!reached(entry)) continue
      for (const d of differences.slice(0, 3))
        lines.push(`      ${d.field}: expected ${format(d.expected)}, received ${format(d.received)}`)
    }
    if (others.length > SHOWN) lines.push(`  … and ${others.length - SHOWN} more`)
  }
  throw new VerificationError(lines.join('\n'), matched)
}

/**
 * Checks that requests matching the steps were received in this order (other requests may come
 * between them); returns one request per step, or throws a {@link VerificationError} naming the
 * first step not found after the one before, with the requests received in between.
 */
export function verifyRequestOrder(log: readonly LoggedRequest[], steps: readonly OrderedStep[]): LoggedRequest[] {
  const found: LoggedRequest[] = []
  let from = 0
  for (const [i, step] of steps.entries()) {
    const { operationId, ...expectation } = typeof step === 'string' ? { operationId: step } : step
    checkOperation(operationId)
    const at = log.findIndex((entry, j) => j >= from && differencesOf(entry, operationId, expectation).length === 0)
    if (at === -1) {
      const everywhere = log.findIndex((entry) => differencesOf(entry, operationId, expectation).length === 0)
      const what = `${operationId}${describeExpectation(expectation)}`
      const lines = [
        i === 0
          ? `Expected ${what} first, but it was never received.`
          : everywhere === -1
            ? `Expected ${what} after ${stepName(steps[i - 1]!)}, but it was never received.`
            : `Expected ${what} after ${stepName(steps[i - 1]!)}, but it was received only before it (request ${everywhere + 1} of the log, step ${i} matched request ${from}).`,
        'Received, in order:',
      ]
      log.slice(0, 20).forEach((entry, j) => {
        lines.push(`  ${found.includes(entry) ? `step ${found.indexOf(entry) + 1} →` : '       '} ${j + 1}. ${line(entry)}`)
      })
      if (log.length > 20) lines.push(`  … and ${log.length - 20} more`)
      throw new VerificationError(lines.join('\n'), found)
    }
    found.push(log[at]!)
    from = at + 1
  }
  return found
}

/** What {@link UnmatchedRequestError} and failures say about a near miss, in one line. */
export function describeMiss(entry: UnmatchedRequest): string {
  const { miss } = entry
  const head = `${entry.method} ${pathOf(entry.url)} → ${entry.status}`
  if (!miss) return head
  const closest =
    miss.closest && miss.reason !== 'unknown-field'
      ? `; closest: ${miss.closest.operationId} (${miss.closest.method} ${miss.closest.path}), ${miss.closest.field}`
      : ''
  return `${head} ${miss.reason}: ${miss.message}${closest}`
}

const known = new Set<string>(Object.keys(operations))

function checkOperation(operationId: string): void {
  if (typeof operationId !== 'string' || !known.has(operationId)) {
    const near = [...known].filter((id) => id.toLowerCase().includes(String(operationId).toLowerCase().slice(0, 6))).slice(0, 5)
    throw new TypeError(
      `"${String(operationId)}" is not an operation of the contract${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}`,
    )
  }
}

function boundsOf(times: RequestExpectation['times']): { atLeast: number; atMost: number } {
  if (times === undefined) return { atLeast: 1, atMost: Infinity }
  if (typeof times === 'number') {
    if (!Number.isInteger(times) || times < 0) throw new TypeError(`times must be a whole number, 0 or more, not ${String(times)}`)
    return { atLeast: times, atMost: times }
  }
  const atLeast = times.atLeast ?? 0
  const atMost = times.atMost ?? Infinity
  if (!(Number.isInteger(atLeast) && atLeast >= 0) || !(atMost === Infinity || (Number.isInteger(atMost) && atMost >= atLeast)))
    throw new TypeError(`times must be { atLeast, atMost }: whole numbers, 0 or more, atLeast ≤ atMost`)
  return { atLeast, atMost }
}

/**
 * Whether a request reached its operation: every request with one, except near misses refused
 * before it ran (one whose unknown body fields the operation ignored did reach it).
 */
const reached = (entry: LoggedRequest): boolean => entry.miss === undefined || entry.miss.reason === 'unknown-field'

/** How an entry differs from an expectation; an entry of another operation differs by its operation alone. */
function differencesOf(entry: LoggedRequest, operationId: string, expectation: Omit<RequestExpectation, 'times'>): Difference[] {
  if (entry.operationId !== operationId || !reached(entry))
    return [{ field: 'operationId', expected: operationId, received: entry.miss ? `${entry.miss.reason}` : entry.operationId }]
  const found: Difference[] = []
  if (expectation.status !== undefined && expectation.status !== entry.status)
    found.push({ field: 'status', expected: expectation.status, received: entry.status })
  if (expectation.tokenName !== undefined && expectation.tokenName !== entry.tokenName)
    found.push({ field: 'tokenName', expected: expectation.tokenName, received: entry.tokenName })
  if (expectation.client !== undefined && !matches(expectation.client, entry.client))
    found.push({ field: 'client', expected: expectation.client, received: entry.client })
  if (expectation.body !== undefined) compare(expectation.body, entry.body, 'body', found)
  if (expectation.query !== undefined) compare(asStrings(expectation.query), queryOf(entry.url), 'query', found)
  if (expectation.params !== undefined) compare(asStrings(expectation.params), paramsOf(entry.url, operationId), 'params', found)
  return found
}

/**
 * How far an entry is from what was expected, `undefined` when too far to list: a request to the
 * operation counts its differences; a near miss closest to it, one; another operation with the
 * same method, ten.
 */
function distanceOf(entry: LoggedRequest, operationId: OperationId, differences: Difference[]): number | undefined {
  if (!reached(entry)) return entry.miss?.closest?.operationId === operationId ? 1 : undefined
  if (entry.operationId === operationId) return differences.length
  const op = operations[operationId as keyof typeof operations] as { method: string } | undefined
  return op && op.method === entry.method ? 10 : undefined
}

function matches(expected: unknown, received: unknown): boolean {
  const found: Difference[] = []
  compare(expected, received, '', found)
  return found.length === 0
}

interface Asymmetric {
  asymmetricMatch(other: unknown): boolean
}

const isAsymmetric = (value: unknown): value is Asymmetric =>
  typeof value === 'object' && value !== null && typeof (value as Asymmetric).asymmetricMatch === 'function'

/** Partial deep comparison: pushes each difference, by its path. */
function compare(expected: unknown, received: unknown, field: string, found: Difference[]): void {
  if (isAsymmetric(expected)) {
    if (!expected.asymmetricMatch(received)) found.push({ field, expected, received })
    return
  }
  if (expected instanceof RegExp) {
    if (typeof received !== 'string' || !expected.test(received)) found.push({ field, expected, received })
    return
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(received) || received.length !== expected.length) {
      found.push({ field, expected, received })
      return
    }
    expected.forEach((item, i) => compare(item, received[i], `${field}[${i}]`, found))
    return
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof received !== 'object' || received === null || Array.isArray(received)) {
      found.push({ field, expected, received })
      return
    }
    for (const [key, value] of Object.entries(expected))
      compare(value, (received as Record<string, unknown>)[key], field ? `${field}.${key}` : key, found)
    return
  }
  if (!Object.is(expected, received)) found.push({ field, expected, received })
}

/** Query and path values are strings on the wire: `{ limit: 20 }` means `?limit=20`. */
function asStrings(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values))
    out[key] = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value
  return out
}

function queryOf(url: string): Record<string, string | string[]> {
  const params = new URL(url).searchParams
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    out[key] = values.length === 1 ? values[0]! : values
  }
  return out
}

/** The path parameters of an entry, from its operation's template matched against the end of its path. */
function paramsOf(url: string, operationId: string): Record<string, string> {
  const template = (operations[operationId as keyof typeof operations] as { path: string }).path.split('/').slice(1)
  const parts = new URL(url).pathname.split('/').slice(1)
  if (parts.length > 1 && parts.at(-1) === '') parts.pop()
  const tail = parts.slice(parts.length - template.length)
  const out: Record<string, string> = {}
  template.forEach((segment, i) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1]
    if (name === undefined || tail[i] === undefined) return
    try {
      out[name] = decodeURIComponent(tail[i]!)
    } catch {
      out[name] = tail[i]!
    }
  })
  return out
}

function describeExpectation(expectation: Omit<RequestExpectation, 'times'>): string {
  const parts: string[] = []
  if (expectation.body !== undefined) parts.push(`body ${format(expectation.body)}`)
  if (expectation.query !== undefined) parts.push(`query ${format(expectation.query)}`)
  if (expectation.params !== undefined) parts.push(`params ${format(expectation.params)}`)
  if (expectation.status !== undefined) parts.push(`status ${expectation.status}`)
  if (expectation.tokenName !== undefined) parts.push(`token ${format(expectation.tokenName)}`)
  if (expectation.client !== undefined) parts.push(`client ${format(expectation.client)}`)
  return parts.length ? ` with ${parts.join(', ')}` : ''
}

function describeTimes(atLeast: number, atMost: number): string {
  if (atLeast === atMost) return atLeast === 0 ? 'never' : atLeast === 1 ? 'once' : `exactly ${atLeast} times`
  if (atMost === Infinity) return atLeast === 1 ? 'at least once' : `at least ${atLeast} times`
  return `${atLeast} to ${atMost} times`
}

function count(n: number, noun = 'time'): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

function stepName(step: OrderedStep): string {
  return typeof step === 'string' ? step : step.operationId
}

function pathOf(url: string): string {
  try {
    const { pathname, search } = new URL(url)
    return pathname + search
  } catch {
    return url
  }
}

function line(entry: LoggedRequest): string {
  if (!reached(entry)) return describeMiss(entry)
  const body = entry.body === undefined ? '' : ` ${format(entry.body)}`
  const ignored = entry.miss ? `; ${entry.miss.message}` : ''
  return `${entry.operationId ?? '(no operation)'}: ${entry.method} ${pathOf(entry.url)} → ${entry.status}${body}${ignored}`
}

/** A value in a message: short, one line, as code would write it. */
function format(value: unknown): string {
  if (isAsymmetric(value)) {
    const described = (value as { toAsymmetricMatcher?: () => string }).toAsymmetricMatcher?.() ?? String(value)
    return described === '[object Object]' ? 'an asymmetric matcher' : described
  }
  const text = formatValue(value, 0)
  return text.length > 120 ? `${text.slice(0, 119)}…` : text
}

function formatValue(value: unknown, depth: number): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`
  if (value instanceof RegExp) return String(value)
  if (typeof value !== 'object' || value === null) return String(value)
  if (isAsymmetric(value)) return format(value)
  if (depth > 3) return Array.isArray(value) ? '[…]' : '{…}'
  if (Array.isArray(value)) return `[ ${value.map((item) => formatValue(item, depth + 1)).join(', ')} ]`
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  return `{ ${entries.map(([key, item]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`}: ${formatValue(item, depth + 1)}`).join(', ')} }`
}
