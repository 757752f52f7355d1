/**
 * Bundled in place of markdown-it's `lib/presets/zero.mjs` and `commonmark.mjs` (build/aliases.ts,
 * `markdownItStubs`): every parser of the mock is made from the `default` preset
 * (mock/markdown/parsers.ts). With no preset there, asking markdown-it for one of these throws its
 * own "Wrong `markdown-it` preset" error rather than configuring a parser unlike the package's.
 */
export default undefined
