/**
 * Bundled in place of markdown-it's `lib/rules_core/smartquotes.mjs` and `replacements.mjs`
 * (build/aliases.ts, `markdownItStubs`): both return at once unless `typographer` is on, and no
 * parser of the mock turns it on (mock/markdown/parsers.ts).
 */
export default function typographerOff(): void {}
