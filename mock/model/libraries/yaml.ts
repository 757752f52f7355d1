import { parse } from 'yaml'

/**
 * The YAML parser (loaded on first need, see ../libraries.ts): OpenAPI sources are JSON or YAML, as
 * real specifications are. Aliases are capped (the library's default of 100), so a document of
 * nested aliases cannot expand into unbounded memory; any failure is "not a document".
 */
export function parseYAML(text: string): unknown {
  // 'error': errors throw, warnings (an unknown tag) are not printed: the text is a client's.
  return parse(text, { maxAliasCount: 100, prettyErrors: false, logLevel: 'error' })
}
