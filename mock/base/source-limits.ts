/**
 * The bounds of an OpenAPI source the platform reads (JSON or YAML, given as text or registered
 * for a URL): what a real specification never reaches (the largest public ones are a few MB as
 * JSON, with a few thousand paths or schemas in one mapping, a few dozen levels deep), and what
 * keeps a hostile one from costing more than its size (docs/reliability.md, "OpenAPI sources").
 */

/** The most characters a source's text may have: 16 MiB. */
export const MAX_SOURCE_CHARS = 16 * 1024 * 1024
/** The deepest a source's mappings and sequences may nest. */
export const MAX_SOURCE_DEPTH = 100
/** The most keys one mapping (JSON object) of a source may have. */
export const MAX_SOURCE_KEYS = 10_000
/**
 * The most aliases (`*name`) a YAML source may have: resolving an alias looks through the
 * document's anchors and aliases, so their number counts twice.
 */
export const MAX_SOURCE_ALIASES = 500

/** What reading a source's text gives: its digest, that it is no OpenAPI document, or the limit it breaks. */
export type SourceReading = { ok: true; digest: string } | { ok: false; errorCode: 'PARSE_ERROR' } | { ok: false; limit: string }

/** Reads a source's text outside the state lock: in-thread in slices, or on a worker thread where the transport lends one. */
export type SourceReader = (text: string) => Promise<SourceReading>

/** Thrown while reading a source that breaks one of the limits above; its message says which. */
export class SourceLimit extends Error {}

/** The limit a text breaks by its length alone, checked before anything parses it. */
export function sizeLimit(text: string): SourceLimit | undefined {
  return text.length > MAX_SOURCE_CHARS
    ? new SourceLimit(`the source is longer than 16 MiB (${MAX_SOURCE_CHARS} characters), the most a source may be`)
    : undefined
}

export const depthLimit = () => new SourceLimit(`the source nests deeper than ${MAX_SOURCE_DEPTH} levels, the most a source may`)
export const keysLimit = (format: string) =>
  new SourceLimit(`${format} mapping has more than ${MAX_SOURCE_KEYS} keys, the most one mapping of a source may have`)
export const aliasLimit = () => new SourceLimit(`YAML has more than ${MAX_SOURCE_ALIASES} aliases, the most a source may have`)

/**
 * Checks a parsed JSON value's nesting and keys, with a stack of its own (no depth of input
 * reaches the call stack); throws the {@link SourceLimit} it breaks.
 */
export function checkJSONLimits(value: unknown): void {
  const stack: Array<[unknown, number]> = [[value, 1]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (typeof node !== 'object' || node === null) continue
    if (depth > MAX_SOURCE_DEPTH) throw depthLimit()
    const children = Array.isArray(node) ? node : Object.values(node)
    if (!Array.isArray(node) && children.length > MAX_SOURCE_KEYS) throw keysLimit('JSON')
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
  }
}
