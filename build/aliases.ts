import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Modules bundled in place of what a dependency imports, so the mock's browser chunks do not ship
 * what it never runs. markdown-it imports `entities` to decode character references, whose decode
 * tree weighs about 20 KB gzipped: a table of names decodes the single references markdown-it
 * passes alike at well under half the weight (mock/markdown/html-entities.ts, checked against the
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

/**
 * markdown-it's own modules the mock never runs, by their path in the package, and what is
 * bundled instead. They are imported by relative paths, which aliases do not match, so plugins
 * replace them: the HTML renderer (about 0.8 KB gzipped) and the typographer's rules (about 1 KB),
 * which do nothing with the options every parser of the mock uses, the strikethrough rules every
 * parser replaces with GitHub's, and the two presets no parser is made from. The tests run the
 * package unchanged: with those options the two behave alike.
 */
const markdownItUnused: Record<string, string> = {
  'markdown-it/lib/renderer.mjs': fileURLToPath(new URL('./unused-markdown-it-renderer.ts', import.meta.url)),
  'markdown-it/lib/rules_core/smartquotes.mjs': fileURLToPath(new URL('./typographer-off.ts', import.meta.url)),
  'markdown-it/lib/rules_core/replacements.mjs': fileURLToPath(new URL('./typographer-off.ts', import.meta.url)),
  'markdown-it/lib/rules_inline/strikethrough.mjs': fileURLToPath(new URL('./replaced-markdown-it-strikethrough.ts', import.meta.url)),
  'markdown-it/lib/presets/zero.mjs': fileURLToPath(new URL('./unused-markdown-it-preset.ts', import.meta.url)),
  'markdown-it/lib/presets/commonmark.mjs': fileURLToPath(new URL('./unused-markdown-it-preset.ts', import.meta.url)),
}

/** The stand-in for a relative import inside markdown-it, if it has one. */
function markdownItStub(source: string, importer: string | undefined): string | undefined {
  if (!importer || !source.startsWith('.') || !/[\\/]markdown-it[\\/]lib[\\/]/.test(importer)) return undefined
  const path = join(dirname(importer), source).replace(/\\/g, '/')
  const key = Object.keys(markdownItUnused).find((k) => path.endsWith(`/node_modules/${k}`))
  return key === undefined ? undefined : markdownItUnused[key]
}

/** The stand-ins as a Rolldown (tsdown) plugin. */
export function markdownItStubs() {
  return {
    name: 'docplat:markdown-it-stubs',
    resolveId(source: string, importer: string | undefined) {
      return markdownItStub(source, importer) ?? null
    },
  }
}

/** The same, for esbuild (`npm run size`). */
export function esbuildMarkdownItStubs() {
  return {
    name: 'docplat:markdown-it-stubs',
    setup(build: {
      onResolve(options: { filter: RegExp }, callback: (args: { path: string; importer: string }) => { path: string } | undefined): void
    }) {
      build.onResolve({ filter: /^\.\.?\/.*\.mjs$/ }, ({ path, importer }) => {
        const stub = markdownItStub(path, importer)
        return stub === undefined ? undefined : { path: stub }
      })
    },
  }
}

/**
 * Modules of the `yaml` package the mock never runs, by their path in the package: only functions
 * the OpenAPI sources' reader never calls reach them (methods of its `Document`, the syntax tree's
 * visitor: build/unused-yaml-document.ts), about 1.1 KB gzipped off the YAML chunk. Bundles use yaml's browser build (its `default`
 * export), which imports them by relative paths; the tests run the package unchanged, and
 * test/services/bundled-yaml.test.ts checks that the bundled reader reads as they do.
 */
const yamlUnused = ['doc/createNode.js', 'stringify/stringifyDocument.js', 'doc/applyReviver.js', 'parse/cst-visit.js'].map(
  (path) => `/node_modules/yaml/browser/dist/${path}`,
)
const yamlStandIn = fileURLToPath(new URL('./unused-yaml-document.ts', import.meta.url))

/** The stand-in for a relative import inside yaml's browser build, if it has one. */
function yamlStub(source: string, importer: string | undefined): string | undefined {
  if (!importer || !source.startsWith('.') || !/[\\/]yaml[\\/]browser[\\/]dist[\\/]/.test(importer)) return undefined
  const path = join(dirname(importer), source).replace(/\\/g, '/')
  return yamlUnused.some((unused) => path.endsWith(unused)) ? yamlStandIn : undefined
}

/** The yaml stand-ins as a Rolldown (tsdown) plugin. */
export function yamlStubs() {
  return {
    name: 'docplat:yaml-stubs',
    resolveId(source: string, importer: string | undefined) {
      return yamlStub(source, importer) ?? null
    },
  }
}

/** The same, for esbuild (`npm run size`). */
export function esbuildYamlStubs() {
  return {
    name: 'docplat:yaml-stubs',
    setup(build: {
      onResolve(options: { filter: RegExp }, callback: (args: { path: string; importer: string }) => { path: string } | undefined): void
    }) {
      build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, ({ path, importer }) => {
        const stub = yamlStub(path, importer)
        return stub === undefined ? undefined : { path: stub }
      })
    },
  }
}
