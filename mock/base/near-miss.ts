import type { OperationDef } from '../../src/contract/define.ts'
import type { OperationId } from '../../src/contract/index.ts'
import type { UnknownField } from './input.ts'
import type { ClosestOperation, NearMiss, NearMissReason } from './request-log.ts'

/** The longest message a near miss keeps: the log's memory is bounded whatever clients send. */
const MAX_MESSAGE_CHARS = 512

/** A near miss of a request refused before its operation ran (a 400/413/415 about its input, a 401). */
export function refusal(op: OperationDef, reason: 'validation' | 'authentication', message: string): NearMiss {
  const field = reason === 'authentication' ? 'header.authorization' : (/^Invalid ([\w.[\]-]+)/.exec(message)?.[1] ?? 'body')
  return { reason, message: clip(message), closest: closestOf(op, field) }
}

/**
 * A near miss of a request its operation answered although its body held fields the operation
 * does not take (and the platform ignored): the first names the field, and the known one it is
 * nearest to. A typo in an optional field otherwise passes unseen, as the field's default.
 */
export function unknownFields(op: OperationDef, fields: readonly UnknownField[]): NearMiss {
  const first = fields[0]!
  const named = fields.map((f) => (f.didYouMean ? `${f.field} (did you mean ${f.didYouMean}?)` : f.field)).join(', ')
  const takes = first.didYouMean || first.known.length === 0 ? '' : `; ${op.id} takes ${first.known.join(', ')}`
  const message = `Unknown field${fields.length > 1 ? 's' : ''} ${named}, ignored by ${op.id}${takes}`
  return {
    reason: 'unknown-field',
    message: clip(message),
    closest: { ...closestOf(op, first.field), ...(first.didYouMean ? { didYouMean: first.didYouMean } : {}) },
  }
}

/**
 * A near miss of a request that matched no operation: the closest is the operation whose path
 * template shares the most with the request's path (same number of segments first, then the
 * most static segments equal, then the method), so a typo in one segment or a wrong method
 * points at the operation that was meant.
 */
export function unrouted(ops: readonly OperationDef[], method: string, pathname: string, message: string): NearMiss {
  const parts = split(pathname)
  const reason: NearMissReason = ops.some((op) => op.method !== method && fits(split(op.path), parts)) ? 'method-not-allowed' : 'no-route'
  let best: OperationDef | undefined
  let bestScore = -Infinity
  for (const op of ops) {
    // A write that missed was meant for a write rather than a read of the same path.
    const score = similarity(split(op.path), parts) + (op.method === method ? 1 : (op.method === 'GET') === (method === 'GET') ? 0.5 : 0)
    if (score > bestScore) {
      best = op
      bestScore = score
    }
  }
  const closest = best && closestOf(best, reason === 'method-not-allowed' || fits(split(best.path), parts) ? 'method' : 'path')
  return { reason, message: clip(message), ...(closest ? { closest } : {}) }
}

function closestOf(op: OperationDef, field: string): ClosestOperation {
  return { operationId: op.id as OperationId, method: op.method, path: op.path, field }
}

function clip(message: string): string {
  return message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS - 1)}…` : message
}

function split(path: string): string[] {
  const parts = path.split('/').slice(1)
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop()
  return parts
}

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}')

/** Whether every static segment of a template equals the path's, parameters filled. */
function fits(template: readonly string[], parts: readonly string[]): boolean {
  return template.length === parts.length && template.every((s, i) => (isParam(s) ? parts[i] !== '' : s === parts[i]))
}

/**
 * How much a path looks like a template: 4 per equal static segment, 2 per filled parameter,
 * 2 per static segment one or two edits away (a typo), minus 3 per segment one has more than the other.
 */
function similarity(template: readonly string[], parts: readonly string[]): number {
  let score = -3 * Math.abs(template.length - parts.length)
  const n = Math.min(template.length, parts.length)
  for (let i = 0; i < n; i++) {
    const s = template[i]!
    const p = parts[i]!
    if (isParam(s)) score += p === '' ? 0 : 2
    else if (s === p) score += 4
    else if (nearlyEqual(s, p)) score += 2
  }
  return score
}

/** Whether two short words are at most two edits apart (bounded: segments longer than 64 never are). */
function nearlyEqual(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2 || a.length > 64 || b.length > 64) return false
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = row
  }
  return previous[b.length]! <= 2
}
