/**
 * Where a specification's source comes from. The mock never reaches the internet: a source URL
 * resolves to the content registered with `platform.imports.register(url, content)`, else, on the
 * reserved example domains (RFC 2606), to a small generated document so demos work out of the box.
 * A source given as text (`source: { text }`) is read as it is. Text is JSON or YAML.
 */

import { cyrb53 } from '../../base/hash.ts'
import { checkJSONLimits, sizeLimit, SourceLimit, type SourceReading } from '../../base/source-limits.ts'
import { slicer } from '../../base/turns.ts'

/** Reads YAML text (the lazily loaded parser, mock/tables/libraries/yaml.ts), yielding between steps; throws when it is not YAML. */
export type ParseYAMLSteps = (text: string) => Generator<void, unknown>

/** Why processing a source failed, as `lastProcessErrorCode` reports it. */
export type SourceErrorCode = 'FETCH_FAILED' | 'PARSE_ERROR' | 'FETCH_TIMEOUT'

/** A resolved source: a digest of the document (same content, same version), or why not. */
export type Source = { ok: true; digest: string } | { ok: false; errorCode: SourceErrorCode }

const NOT_A_DOCUMENT = { ok: false, errorCode: 'PARSE_ERROR' } as const

const EXAMPLE_DOMAINS = ['example.com', 'example.org', 'example.net']

/** Whether the URL is on a reserved example domain (or a subdomain of one). */
export function isExampleHost(url: URL): boolean {
  const host = url.hostname.toLowerCase()
  return EXAMPLE_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`))
}

/**
 * What a source URL serves: the registered fixture (as registered, or in its normalised form),
 * else the example domains' document; anything else cannot be fetched.
 */
export function fetchContent(fixtures: ReadonlyMap<string, unknown>, url: string): { content: unknown } | { failed: Source } {
  if (fixtures.has(url)) return { content: fixtures.get(url) }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { failed: { ok: false, errorCode: 'FETCH_FAILED' } }
  }
  if (fixtures.has(parsed.href)) return { content: fixtures.get(parsed.href) }
  if (isExampleHost(parsed)) return { content: exampleDocument(parsed) }
  return { failed: { ok: false, errorCode: 'FETCH_FAILED' } }
}

/** Resolves a source URL and reads what it serves, at once (builders: content their own code gave). */
export function resolveSource(fixtures: ReadonlyMap<string, unknown>, url: string, parseYAML?: ParseYAMLSteps): SourceReading | Source {
  const fetched = fetchContent(fixtures, url)
  return 'failed' in fetched ? fetched.failed : readSource(fetched.content, parseYAML)
}

/**
 * Content as the text to parse: a string, or UTF-8 bytes of one. `{ value }` for content that is
 * already a value (a document object), `undefined` for bytes that are not UTF-8.
 */
export function contentText(content: unknown): string | { value: unknown } | undefined {
  let value = content
  if (value instanceof ArrayBuffer) value = new Uint8Array(value)
  if (value instanceof Uint8Array) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(value)
    } catch {
      return undefined
    }
  }
  return typeof value === 'string' ? value : { value }
}

/**
 * Reads fetched content at once: a document object, its JSON or YAML text, or UTF-8 bytes of that
 * text. Without a YAML parser, text that is not JSON does not parse.
 */
export function readSource(content: unknown, parseYAML?: ParseYAMLSteps): SourceReading {
  const text = contentText(content)
  if (text === undefined) return NOT_A_DOCUMENT
  return typeof text === 'string' ? runSteps(readTextSteps(text, parseYAML)) : readDocument(text.value)
}

/** Reads text in slices of the event loop ({@link slicer}): outside the state lock, in-thread. */
export async function readTextSliced(text: string, parseYAML: ParseYAMLSteps, pause = slicer()): Promise<SourceReading> {
  const steps = readTextSteps(text, parseYAML)
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value
    const waiting = pause()
    if (waiting) await waiting
  }
}

/** Runs steps to their end at once. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value
}

/**
 * Reads a source's text, yielding between steps of work: its length, then JSON first (most
 * sources, and the fast path), then YAML, of which JSON is nearly a subset; either is checked
 * against the source limits (mock/base/source-limits.ts), and a broken one is named.
 */
export function* readTextSteps(text: string, parseYAML: ParseYAMLSteps | undefined): Generator<void, SourceReading> {
  const size = sizeLimit(text)
  if (size) return { ok: false, limit: size.message }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    if (!parseYAML) return NOT_A_DOCUMENT
    try {
      value = yield* parseYAML(text)
    } catch (error) {
      // Not YAML either, or more aliases than the parser expands, or a limit it names.
      return error instanceof SourceLimit ? { ok: false, limit: error.message } : NOT_A_DOCUMENT
    }
    yield
    return readDocument(value)
  }
  try {
    checkJSONLimits(value)
  } catch (error) {
    if (error instanceof SourceLimit) return { ok: false, limit: error.message }
    throw error
  }
  yield
  return readDocument(value)
}

/** A parsed value as a source: an OpenAPI document's digest, or not a document. */
export function readDocument(value: unknown): { ok: true; digest: string } | typeof NOT_A_DOCUMENT {
  if (!isOpenAPIDocument(value)) return NOT_A_DOCUMENT
  let canonical: string
  try {
    canonical = stableJSON(value)
  } catch {
    // Cycles or values JSON cannot hold: no platform could have fetched that.
    return NOT_A_DOCUMENT
  }
  return { ok: true, digest: digest(canonical) }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The required top of an OpenAPI 3.x or Swagger 2.0 document: the version field, `info` with
 * `title` and `version`, and `paths` (3.1 accepts `components` or `webhooks` instead).
 */
export function isOpenAPIDocument(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false
  const info = value.info
  if (!isObject(info) || typeof info.title !== 'string' || typeof info.version !== 'string') return false
  for (const key of ['paths', 'components', 'webhooks']) if (key in value && !isObject(value[key])) return false
  if (value.swagger === '2.0') return isObject(value.paths)
  if (typeof value.openapi !== 'string') return false
  if (/^3\.0(\.\d+)?$/.test(value.openapi)) return isObject(value.paths)
  if (/^3\.[1-9]\d*(\.\d+)?$/.test(value.openapi)) return isObject(value.paths) || isObject(value.components) || isObject(value.webhooks)
  return false
}

/** JSON with object keys sorted, so two equal documents give one digest whatever their key order. */
function stableJSON(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  )
}

/** A 53-bit hash (cyrb53) as hex: enough to tell versions apart, no crypto needed. */
function digest(text: string): string {
  return cyrb53(text).toString(16).padStart(14, '0')
}

const titleCase = (text: string) => text.replace(/(^|\s)\S/g, (c) => c.toUpperCase())

/**
 * The document an example-domain URL serves: an items API named after the file (or the host),
 * the same for the same URL.
 */
export function exampleDocument(url: URL): Record<string, unknown> {
  const { origin, hostname, pathname } = url
  const file = pathname
    .split('/')
    .filter(Boolean)
    .at(-1)
    ?.replace(/\.(json|ya?ml)$/i, '')
  const name = titleCase((file && !/^(openapi|swagger|spec)$/i.test(file) ? file : hostname.split('.')[0]!).replace(/[-_.]+/g, ' '))
  const item = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } }
  const ok = (description: string, schema: unknown) => ({ description, content: { 'application/json': { schema } } })
  return {
    openapi: '3.1.0',
    info: { title: `${name} API`, version: '1.0.0', description: `Example API served by the docplat mock for ${url.href}.` },
    servers: [{ url: origin }],
    paths: {
      '/items': {
        get: {
          operationId: 'listItems',
          summary: 'List items',
          responses: { '200': ok('The items', { type: 'array', items: { $ref: '#/components/schemas/Item' } }) },
        },
        post: {
          operationId: 'createItem',
          summary: 'Create an item',
          responses: { '201': ok('The new item', { $ref: '#/components/schemas/Item' }) },
        },
      },
      '/items/{itemId}': {
        parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getItem',
          summary: 'Get an item',
          responses: { '200': ok('The item', { $ref: '#/components/schemas/Item' }), '404': { description: 'No such item' } },
        },
      },
    },
    components: { schemas: { Item: item } },
  }
}
