import { fileURLToPath } from 'node:url'

/**
 * Modules bundled in place of what a dependency imports. markdown-it imports `decodeHTML` from
 * `entities`, whose index also pulls in its encoding tables (about 6 KB gzipped) that nothing
 * calls; its `decode` module is the same code without them. It imports `punycode.js` and `mdurl`
 * for link normalisation the mock replaces (build/unused-link-normalisation.ts). Used by tsdown (dist/) and by
 * `npm run size` (bundles from the sources), so both weigh the same thing.
 */
export const bundleAliases: Record<string, string> = {
  entities: 'entities/lib/decode.js',
  'punycode.js': fileURLToPath(new URL('./unused-link-normalisation.ts', import.meta.url)),
  mdurl: fileURLToPath(new URL('./unused-link-normalisation.ts', import.meta.url)),
}
