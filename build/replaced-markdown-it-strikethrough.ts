/**
 * Bundled in place of markdown-it's `lib/rules_inline/strikethrough.mjs` (build/aliases.ts,
 * `markdownItStubs`): every parser of the mock replaces both of its rules, by name, with GitHub's
 * strikethrough (mock/markdown/strikethrough.ts), so the package's never run. The names stay in
 * markdown-it's rule lists; these rules find nothing, as a disabled rule would.
 */
export default {
  tokenize: (): boolean => false,
  postProcess: (): void => {},
}
