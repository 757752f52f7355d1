/**
 * Where a specification's source comes from. The mock never reaches the internet: a source URL
 * resolves to the content registered with `platform.imports.register(url, content)`, else, on the
 * reserved example domains (RFC 2606), to a small generated document so demos work out of the box.
 * A source given as text (`source: { text }`) is read as it is. Text is JSON or YAML.
 */

import { cyrb53 } from '../../base/hash.ts'

/** Reads YAML text (the lazily loaded parser, mock/model/libraries/yaml.ts); throws when it is not YAML. */
export type ParseYAML = (text: string) => unknown

/** Why processing a source failed, as `lastProcessErrorCode` reports it. */
export type SourceErrorCode = 'FETCH_FAILED' | 'PARSE_ERROR' | 'FETCH_TIMEOUT'

/** A resolved source: the document and a digest of it (same content, same version), or why not. */
export type Source = { ok: true; document: Record<string, unknown>; digest: string } | { ok: false; errorCode: SourceErrorCode }

const EXAMPLE_DOMAINS = ['example.com', 'example.org', 'example.net']

/** Whether the URL is on a reserved example domain (or a subdomain of one). */
export function isExampleHost(url: URL): boolean {
  const host = url.hostname.toLowerCase()
  return EXAMPLE_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`))
}

/**
 * Resolves a source URL from the registered fixtures (as registered, or in its normalised form),
 * then the example domains; anything else cannot be fetched.
 */
export function resolveSource(fixtures: ReadonlyMap<string, unknown>, url: string, parseYAML?: ParseYAML): Source {
  if (fixtures.has(url)) return readSource(fixtures.get(url), parseYAML)
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { ok: false, errorCode: 'FETCH_FAILED' }
  }
  if (fixtures.has(parsed.href)) return readSource(fixtures.get(parsed.href), parseYAML)
  if (isExampleHost(parsed)) return readSource(exampleDocument(parsed))
  return { ok: false, errorCode: 'FETCH_FAILED' }
}

/**
 * Reads fetched content: a document object, its JSON or YAML text, or UTF-8 bytes of that text.
 * Without a YAML parser, text that is not JSON does not parse.
 */
export function readSource(content: unknown, parseYAML?: ParseYAML): Source {
  let value = content
  if (value instanceof ArrayBuffer) value = new Uint8Array(value)
  if (value instanceof Uint8Array) {
    try {
      value = new TextDecoder('utf-8', { fatal: true }).decode(value)
    } catch {
      return { ok: false, errorCode: 'PARSE_ERROR' }
    }
  }
  if (typeof value === 'string') {
    const parsed = parseText(value, parseYAML)
    if (!parsed.ok) return { ok: false, errorCode: 'PARSE_ERROR' }
    value = parsed.value
  }
  if (!isOpenAPIDocument(value)) return { ok: false, errorCode: 'PARSE_ERROR' }
  let canonical: string
  try {
    canonical = stableJSON(value)
  } catch {
    // Cycles or values JSON cannot hold: no platform could have fetched that.
    return { ok: false, errorCode: 'PARSE_ERROR' }
  }
  return { ok: true, document: value, digest: digest(canonical) }
}

/** JSON first (most sources, and the fast path), then YAML, of which JSON is nearly a subset. */
function parseText(text: string, parseYAML: ParseYAML | undefined): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    if (!parseYAML) return { ok: false }
  }
  try {
    return { ok: true, value: parseYAML(text) }
  } catch {
    // Not YAML either, or too deep, or more aliases than the parser allows.
    return { ok: false }
  }
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
