import { compareKeys, type SortKey } from './sort-key.ts'
import { badRequest } from './http-error.ts'
import { lowerBound } from './lower-bound.ts'

/** The pagination query every list operation takes. */
export interface PageInput {
  page?: string | undefined
  limit?: number | undefined
}

/** The wire envelope of a list. */
export interface Envelope<T> {
  items: T[]
  count: number
  next?: { page: string }
}

export const DEFAULT_LIMIT = 100

/** A cursor's text: base64url of its JSON. */
export function encode(value: unknown): string {
  const json = JSON.stringify(value)
  // ASCII text is its own UTF-8 (every page of most lists): no encoder and no byte loop per page.
  let binary = json
  if (!ASCII.test(json)) {
    binary = ''
    for (const b of new TextEncoder().encode(json)) binary += String.fromCharCode(b)
  }
  return btoa(binary).replace(BASE64_URL, (c) => (c === '+' ? '-' : c === '/' ? '_' : ''))
}

const ASCII = /^[\0-\x7f]*$/
/** What base64 has and base64url has not: `+` and `/` become `-` and `_`, padding goes. */
const BASE64_URL = /[+/=]/g

/** The value of a cursor made by {@link encode}; throws on anything else. */
export function decode(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url')
  const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))))
}

/**
 * The fields of a cursor of ours for `list`, checked by `valid`; anything else (not ours, another
 * list's, damaged) is a 400 naming the parameter.
 */
export function readCursorOf<T>(list: string, cursor: string, valid: (fields: Record<string, unknown>) => T | undefined): T {
  let value: unknown
  try {
    value = decode(cursor)
  } catch {
    value = undefined
  }
  const fields =
    typeof value === 'object' && value !== null && (value as { l?: unknown }).l === list
      ? valid(value as Record<string, unknown>)
      : undefined
  if (fields === undefined) throw badRequest('Invalid query.page: not a page cursor of this list')
  return fields
}

/** Reads a cursor of ours for this list; anything else is a 400. */
function readCursor(list: string, cursor: string): SortKey {
  return readCursorOf(list, cursor, (v) =>
    Array.isArray(v.k) && v.k.every((x) => typeof x === 'number' || typeof x === 'string') ? (v.k as SortKey) : undefined,
  )
}

/**
 * One page of a list sorted by `keyOf` (ascending; `descending` walks it backwards).
 * The cursor holds the last item's key, not an offset, so items added or removed meanwhile
 * never make a walk repeat or skip an item that existed throughout; finding the page start is
 * a binary search, so a page costs the same at 1k or 100k items.
 */
export function paginate<T, W = T>(
  list: string,
  sorted: readonly T[],
  keyOf: (item: T) => SortKey,
  input: PageInput,
  present: (item: T) => W = (item) => item as unknown as W,
  descending = false,
): Envelope<W> {
  const limit = input.limit ?? DEFAULT_LIMIT
  const after = input.page === undefined ? undefined : readCursor(list, input.page)
  // First index whose key is above the cursor (ascending), or last below it (descending).
  const bound = descending ? -1 : 0
  const lo = after ? lowerBound(sorted, (item) => compareKeys(keyOf(item), after) <= bound) : 0
  const items: W[] = []
  let last: T | undefined
  if (descending) {
    let i = (after ? lo : sorted.length) - 1
    for (; i >= 0 && items.length < limit; i--) items.push(present((last = sorted[i]!)))
    return envelope(list, items, sorted.length, i >= 0 && last ? keyOf(last) : undefined)
  }
  let i = lo
  for (; i < sorted.length && items.length < limit; i++) items.push(present((last = sorted[i]!)))
  return envelope(list, items, sorted.length, i < sorted.length && last ? keyOf(last) : undefined)
}

function envelope<W>(list: string, items: W[], count: number, lastKey: SortKey | undefined): Envelope<W> {
  return lastKey ? { items, count, next: { page: encode({ l: list, k: lastKey }) } } : { items, count }
}

/** Sorts a small, already filtered array and pages it: for lists whose order depends on the query. */
export function paginateArray<T, W = T>(
  list: string,
  items: T[],
  keyOf: (item: T) => SortKey,
  input: PageInput,
  present?: (item: T) => W,
  descending = false,
): Envelope<W> {
  const keyed = items.map((item) => ({ item, key: keyOf(item) }))
  keyed.sort((a, b) => compareKeys(a.key, b.key))
  return paginate(
    list,
    keyed,
    (k) => k.key,
    input,
    (k) => (present ? present(k.item) : (k.item as unknown as W)),
    descending,
  )
}
