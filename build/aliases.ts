import { fileURLToPath } from 'node:url'

/**
 * Modules bundled in place of what a dependency imports, so the mock's browser chunks do not ship
 * what it never runs. markdown-it imports `entities` to decode character references, whose decode
 * tree weighs about 20 KB gzipped: a table of names decodes the single references markdown-it
 * passes alike at half the weight (mock/markdown/html-entities.ts, checked against the
 * package). It imports `punycode.js` and `mdurl` for link normalisation the mock replaces
 * (build/unused-link-normalisation.ts). Used by tsdown (dist/), by `npm run size` (bundles from the
 * sources) and by the tests (vitest.config.ts), so all three run and weigh the same thing.
 */
export const bundleAliases: Record<string, string> = {
  entities: fileURLToPath(new URL('../mock/markdown/html-entities.ts', import.meta.url)),
  'punycode.js': fileURLToPath(new URL('./unused-link-normalisation.ts', import.meta.url)),
  mdurl: fileURLToPath(new URL('./unused-link-normalisation.ts', import.meta.url)),
}

/** The same, matching a bare import exactly (`entities/lib/decode.js` stays the package's), for Vite. */
export const viteAliases = Object.entries(bundleAliases).map(([name, replacement]) => ({
  find: new RegExp(`^${name.replace(/[.]/g, '\\.')}$`),
  replacement,
}))
