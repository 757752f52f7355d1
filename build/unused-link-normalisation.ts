/**
 * Bundled in place of `punycode.js` and `mdurl` (build/aliases.ts). markdown-it calls them only
 * from its default `normalizeLink` and `normalizeLinkText`, which the mock replaces on every
 * parser it makes (mock/markdown/parse.ts keeps URLs as written), so they would ship unused.
 * Called anyway, they say so rather than misbehave.
 */
const unused = (): never => {
  throw new Error('Not bundled with the mock: markdown-it link normalisation is replaced (mock/markdown/parse.ts)')
}

/** `punycode.js`'s default export. */
export default { toASCII: unused, toUnicode: unused }

/** `mdurl`'s exports. */
export const encode = unused
export const decode = unused
export const format = unused
export const parse = unused
