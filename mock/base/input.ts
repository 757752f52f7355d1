import * as z from 'zod/mini'
import type { ObjectSchema, OperationDef } from '../../src/contract/define.ts'
import { markdownDepth, MAX_MARKDOWN_DEPTH } from './markdown-depth.ts'
import { badRequest, HttpError } from './http-error.ts'

/** Largest request body the mock accepts, as the platform would (1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * Deepest nesting of arrays and objects a JSON body may have. Every consumer of a body (the
 * schema check, copies, the request log) walks it; without a bound, 5,000 nested arrays (10 KB)
 * overflowed the call stack.
 */
export const MAX_JSON_DEPTH = 64

/** Media types read as JSON: `application/json` and structured `application/*+json` (not `json-seq`). */
const JSON_TYPE = /^application\/(?:json|[\w.!#$&^-]+\+json)\s*(?:;|$)/i

export type QueryType = 'boolean' | 'number' | 'array' | 'string'

const queryTypeCache = new WeakMap<ObjectSchema, Map<string, QueryType>>()

/**
 * The JSON type a query parameter's schema takes as input: wrappers (optional, nullable,
 * default...) and pipes read through, a union takes its first non-null option. Read from the
 * schema's definition rather than with `z.toJSONSchema`, which would bring zod's JSON Schema
 * generator (a fifth of the mock's zod) into every browser app for this one question; a test
 * checks both agree on every query parameter of the contract.
 */
export function queryTypeOf(schema: z.core.$ZodType): QueryType {
  let current: z.core.$ZodType | undefined = schema
  for (let depth = 0; current && depth < 32; depth++) {
    current = unwrap(current)
    if (!current) break
    const def = current._zod.def as z.core.$ZodTypeDef & Record<string, unknown>
    switch (def.type) {
      case 'union':
        current = (def.options as z.core.$ZodType[]).find((o) => o._zod.def.type !== 'null')
        continue
      case 'boolean':
        return 'boolean'
      case 'number':
        return 'number'
      case 'array':
        return 'array'
      case 'literal': {
        const values = def.values as unknown[]
        return values.every((v) => typeof v === 'boolean') ? 'boolean' : values.every((v) => typeof v === 'number') ? 'number' : 'string'
      }
      case 'enum':
        return Object.values(def.entries as Record<string, unknown>).every((v) => typeof v === 'number') ? 'number' : 'string'
      default:
        return 'string'
    }
  }
  return 'string'
}

/** The schema under all of `schema`'s wrappers ({@link wrappedBy}); `undefined` past 32 of them. */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  let current = schema
  for (let depth = 0; depth < 32; depth++) {
    const inner = wrappedBy(current)
    if (!inner) return current
    current = inner
  }
  return undefined
}

/**
 * The schema a wrapper (optional, nullable, default, readonly, a pipe's input, a lazy getter)
 * stands for; `undefined` when `schema` wraps nothing.
 */
function wrappedBy(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return def.innerType as z.core.$ZodType
    case 'pipe':
      return def.in as z.core.$ZodType
    case 'lazy':
      return (def.getter as () => z.core.$ZodType)()
    default:
      return undefined
  }
}

/** The JSON type each query parameter takes, read once from the contract's schema. */
function queryTypes(schema: ObjectSchema): Map<string, QueryType> {
  let types = queryTypeCache.get(schema)
  if (types) return types
  types = new Map()
  for (const [name, prop] of Object.entries(schema._zod.def.shape)) types.set(name, queryTypeOf(prop as z.core.$ZodType))
  queryTypeCache.set(schema, types)
  return types
}

/** Turns query strings into the types the contract expects; what cannot convert is left for the schema to refuse. */
function queryObject(schema: ObjectSchema, search: URLSearchParams): Record<string, unknown> {
  const types = queryTypes(schema)
  const out: Record<string, unknown> = {}
  for (const [name, type] of types) {
    const values = search.getAll(name)
    if (values.length === 0) continue
    if (type === 'array') {
      out[name] = values
      continue
    }
    if (values.length > 1) throw badRequest(`Invalid query.${name}: given ${values.length} times, expected once`)
    const v = values[0]!
    if (type === 'boolean') out[name] = v === 'true' ? true : v === 'false' ? false : v
    else if (type === 'number') out[name] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v
    else out[name] = v
  }
  return out
}

/** What is wrong with a field, from its Zod issue, in words a client can act on (zod/mini's own say "Invalid input"). */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const i = issue as z.core.$ZodIssue & Record<string, unknown>
  switch (issue.code) {
    case 'invalid_type':
      return i.input === undefined ? 'is required' : `expected ${String(i.expected)}, got ${typeName(i.input)}`
    case 'too_big':
      return i.origin === 'string'
        ? `must be at most ${String(i.maximum)} characters`
        : i.origin === 'array'
          ? `must have at most ${String(i.maximum)} items`
          : `must be at most ${String(i.maximum)}`
    case 'too_small':
      return i.origin === 'string'
        ? i.minimum === 1
          ? 'must not be empty'
          : `must be at least ${String(i.minimum)} characters`
        : i.origin === 'array'
          ? `must have at least ${String(i.minimum)} items`
          : `must be at least ${String(i.minimum)}`
    case 'invalid_format':
      if (i.format === 'regex') return `must match ${String(i.pattern)}`
      // A schema's own message (the http(s) URLs of src/contract/common.ts say what they take).
      if (issue.message && issue.message !== 'Invalid input') return issue.message
      return `must be a valid ${String(i.format)}`
    case 'invalid_value':
      // A missing enum (or literal) is reported as a wrong value: say what the client did wrong.
      if (i.input === undefined) return 'is required'
      return `must be one of: ${(i.values as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
    case 'not_multiple_of':
      return `must be a multiple of ${String(i.divisor)}`
    case 'invalid_union':
      if (i.input === undefined) return 'is required'
      return 'does not match any allowed shape'
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid'
  }
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
}

/** Validates one part of the request; the 400 names the first failing field. */
function check<T>(where: 'path' | 'query' | 'body', schema: z.ZodMiniType<T>, value: unknown): T {
  // Without the input in the issues, a wrong type would read as a missing field.
  const result = schema.safeParse(value, { reportInput: true })
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const field = [where, ...issue.path.map(String)].join('.')
  throw badRequest(`Invalid ${field}: ${describeIssue(issue)}`)
}

const tooLarge = () => new HttpError(413, `Request body is larger than ${MAX_BODY_BYTES} bytes`)

/**
 * Reads a WHATWG body's bytes, stopping as soon as they pass the limit. The limit is in bytes, as
 * a server counts them: text length would let non-ASCII bodies of up to three times the limit in.
 */
export function readRequestBytes(request: Request): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  // A refusal is a rejection, as the read's own would be: callers handle one way of failing.
  if (declared > MAX_BODY_BYTES) return Promise.reject(tooLarge())
  if (!request.body) return Promise.resolve(undefined)
  return readBytesUpTo(request.body, MAX_BODY_BYTES, tooLarge)
}

/**
 * Reads a stream's bytes up to `limit`, cancelling it and throwing `tooLarge()` as soon as they
 * pass it, so what is read never holds more than the limit. `keep: false` counts without keeping
 * (an answer read only to its end) and resolves an empty array.
 */
export async function readBytesUpTo(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  tooLarge: () => Error,
  keep = true,
): Promise<Uint8Array> {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    if (keep) chunks.push(value)
  }
  if (!keep) return new Uint8Array(0)
  if (chunks.length === 1) return chunks[0]!
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** What {@link parseInput} reads of a request, whatever transport carried it. */
export interface InputSource {
  header(name: string): string | undefined
  /** The body's bytes (throwing a 413 when too large), `undefined` when there is none. */
  body(): Uint8Array | undefined | Promise<Uint8Array | undefined>
  /** Lets go of a body the operation does not take. */
  discard?(): void
}

const decoder = new TextDecoder('utf-8', { fatal: true })

/** Reads a JSON body, refusing what is too large, not JSON or not an object. */
async function readBody(request: InputSource): Promise<unknown> {
  const bytes = await request.body()
  if (!bytes || bytes.byteLength === 0) return {}
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    throw badRequest('Invalid body: not valid UTF-8')
  }
  if (text.trim() === '') return {}
  const type = request.header('content-type') ?? ''
  if (!JSON_TYPE.test(type)) {
    throw new HttpError(415, `Invalid body: Content-Type must be application/json (or application/*+json), got ${type || 'none'}`)
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw badRequest(`Invalid body: arrays and objects nest more than ${MAX_JSON_DEPTH} deep`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badRequest('Invalid body: not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('Invalid body: must be a JSON object')
  return value
}

/** How deep arrays and objects nest in a JSON text, counted in one pass outside strings. */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) deepest = Math.max(deepest, ++depth)
    else if (c === 93 || c === 125) depth--
  }
  return deepest
}

/**
 * Markdown fields (any string under a `markdown` key) nested deeper than the platform renders:
 * the 400 names the field. The body is already bounded in depth, so this walk is too.
 */
function checkMarkdown(value: unknown, path: string[]): void {
  if (typeof value !== 'object' || value === null) return
  for (const [key, child] of Object.entries(value)) {
    const here = [...path, key]
    const strings =
      key === 'markdown'
        ? typeof child === 'string'
          ? [child]
          : typeof child === 'object' && child !== null
            ? Object.values(child)
            : []
        : []
    for (const markdown of strings) {
      if (typeof markdown !== 'string') continue
      const depth = markdownDepth(markdown)
      if (depth > MAX_MARKDOWN_DEPTH) {
        throw badRequest(
          `Invalid ${here.join('.')}: lists and block quotes nest ${depth} deep, more than the ${MAX_MARKDOWN_DEPTH} allowed`,
        )
      }
    }
    checkMarkdown(child, here)
  }
}

/** A body field the operation does not take, and the known field it is nearest to, if one is near. */
export interface UnknownField {
  /** As a 400 would name it: `body.titel`, `body.integration.nmae`, `body.items.0.titel`. */
  field: string
  /** The known field at the same place nearest to it: `body.title`. */
  didYouMean?: string
  /** The fields the object at that place takes (`body.title`, `body.parent`), at most {@link MAX_KNOWN_LISTED}. */
  known: readonly string[]
}

/** Most unknown fields reported of one body: the walk stops there, whatever the body holds. */
const MAX_UNKNOWN_REPORTED = 5
/** Most known fields listed beside an unknown one with nothing near it. */
const MAX_KNOWN_LISTED = 10
/** Longest key kept in a field's name: the request log is bounded whatever clients send. */
const MAX_KEY_CHARS = 64

/** The fields an object schema takes, and the object schemas below them worth walking. */
interface BodyShape {
  readonly keys: ReadonlySet<string>
  /** Fields whose value is an object schema that drops unknown keys (or an array of one). */
  readonly nested: ReadonlyMap<string, { shape: BodyShape; array: boolean }>
}

const bodyShapeCache = new WeakMap<z.core.$ZodType, BodyShape | null>()

/**
 * The object schema under a field's wrappers (optional, nullable, default, pipes), with whether
 * it is an array of it; `undefined` for anything else (unions, records, primitives).
 */
function objectUnder(schema: z.core.$ZodType): { object: z.core.$ZodType; array: boolean } | undefined {
  let current = unwrap(schema)
  let array = false
  if (current?._zod.def.type === 'array') {
    array = true
    current = unwrap((current._zod.def as z.core.$ZodArrayDef).element)
  }
  return current?._zod.def.type === 'object' ? { object: current, array } : undefined
}

/**
 * The shape of an object schema that drops unknown keys (`z.object`), read once per schema;
 * `null` for one that keeps them on purpose (`z.looseObject`: a forward-compatible or open-ended
 * object), whose keys are then never reported.
 */
function bodyShape(schema: z.core.$ZodType, depth = 0): BodyShape | null {
  const cached = bodyShapeCache.get(schema)
  if (cached !== undefined) return cached
  const def = schema._zod.def as z.core.$ZodTypeDef & { shape?: Record<string, z.core.$ZodType>; catchall?: unknown }
  if (def.type !== 'object' || def.catchall !== undefined || !def.shape) {
    bodyShapeCache.set(schema, null)
    return null
  }
  const nested = new Map<string, { shape: BodyShape; array: boolean }>()
  // Recursive schemas stop here: deeper than a body may nest is never walked anyway.
  if (depth < MAX_JSON_DEPTH) {
    for (const [key, field] of Object.entries(def.shape)) {
      const under = objectUnder(field)
      const shape = under && bodyShape(under.object, depth + 1)
      if (under && shape) nested.set(key, { shape, array: under.array })
    }
  }
  const shape: BodyShape = { keys: new Set(Object.keys(def.shape)), nested }
  bodyShapeCache.set(schema, shape)
  return shape
}

/**
 * The fields of a body (already validated) that its operation's schema does not take, at the
 * top and in nested objects the contract describes: the platform ignores them, and a test
 * hears of it as a near miss. One walk of the body's keys against sets built once per schema.
 */
export function unknownBodyFields(schema: ObjectSchema, body: unknown): UnknownField[] {
  const shape = bodyShape(schema)
  const out: UnknownField[] = []
  if (shape) walkUnknown(shape, body, 'body', out)
  return out
}

function walkUnknown(shape: BodyShape, value: unknown, path: string, out: UnknownField[]): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return
  for (const key of Object.keys(value)) {
    if (!shape.keys.has(key)) {
      out.push(unknownField(shape, key, path))
      if (out.length >= MAX_UNKNOWN_REPORTED) return
      continue
    }
    const below = shape.nested.get(key)
    if (!below) continue
    const child = (value as Record<string, unknown>)[key]
    if (!below.array) walkUnknown(below.shape, child, `${path}.${key}`, out)
    else if (Array.isArray(child))
      for (let i = 0; i < child.length && out.length < MAX_UNKNOWN_REPORTED; i++)
        walkUnknown(below.shape, child[i], `${path}.${key}.${i}`, out)
    if (out.length >= MAX_UNKNOWN_REPORTED) return
  }
}

function unknownField(shape: BodyShape, key: string, path: string): UnknownField {
  const near = nearestKey(shape.keys, key)
  return {
    field: `${path}.${printableKey(key)}`,
    ...(near !== undefined ? { didYouMean: `${path}.${near}` } : {}),
    known: [...shape.keys].slice(0, MAX_KNOWN_LISTED).map((k) => `${path}.${k}`),
  }
}

/** A key as a message may show it: control and direction characters escaped, at most 64 characters. */
function printableKey(key: string): string {
  const cut = key.length > MAX_KEY_CHARS ? `${key.slice(0, MAX_KEY_CHARS - 1)}…` : key
  return cut.replace(
    /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/**
 * The known key a client most likely meant: the same once case, `_` and `-` are ignored
 * (`default_level`, `Title`), or one or two edits away (a swap counts one) for keys long enough
 * that this is not a coincidence. `undefined` when none is near.
 */
function nearestKey(keys: ReadonlySet<string>, key: string): string | undefined {
  if (key.length > MAX_KEY_CHARS) return undefined
  const given = normalKey(key)
  let best: string | undefined
  let bestDistance = Infinity
  for (const known of keys) {
    const candidate = normalKey(known)
    const allowed = Math.min(2, Math.floor(Math.max(given.length, candidate.length) / 3))
    if (Math.abs(candidate.length - given.length) > allowed) continue
    const distance = editDistance(given, candidate)
    if (distance <= allowed && distance < bestDistance) {
      best = known
      bestDistance = distance
    }
  }
  return best
}

const normalKey = (key: string) => key.toLowerCase().replace(/[_-]/g, '')

/** Edits (insert, delete, replace, swap two neighbours) between two short strings. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1)
      row[j] = d
    }
    rows.push(row)
  }
  return rows[a.length]![b.length]!
}

/**
 * Parses a request's path parameters, query and body with the operation's contract schemas and
 * returns them as one flat object, as the SDK sends them. Body fields the operation does not take
 * are dropped, as the platform drops them, and told to `onUnknown` (once, when there are any).
 */
export function parseInput(
  op: OperationDef,
  rawParams: Record<string, string>,
  search: string,
  request: InputSource,
  onUnknown?: (fields: UnknownField[]) => void,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  const params: Record<string, string> = {}
  for (const name in rawParams) {
    const raw = rawParams[name]!
    try {
      params[name] = raw.includes('%') ? decodeURIComponent(raw) : raw
    } catch {
      throw badRequest(`Invalid path.${name}: malformed percent-encoding`)
    }
  }
  const input: Record<string, unknown> = op.params ? { ...check('path', op.params, params) } : {}
  if (op.query) Object.assign(input, check('query', op.query, search === '' ? {} : queryObject(op.query, new URLSearchParams(search))))
  // Only a body needs waiting for: the rest answers in the same turn.
  if (op.body) {
    return readBody(request).then((value) => {
      const body = check('body', op.body!, value)
      checkMarkdown(body, ['body'])
      if (onUnknown) {
        const unknown = unknownBodyFields(op.body!, value)
        if (unknown.length > 0) onUnknown(unknown)
      }
      return Object.assign(input, body)
    })
  }
  request.discard?.()
  return input
}
