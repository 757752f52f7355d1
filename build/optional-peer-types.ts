/**
 * Keeps the published declarations compiling where msw (an optional peer) is not installed.
 *
 * Why: `platform.handlers` is `HttpHandler[]` and `startMockWorker` gives msw's `SetupWorker`, so the
 * bundled declarations import msw's types. A project without msw that checks libraries
 * (`skipLibCheck: false`, the compiler's default) would fail on `import 'docplat/mock'` with TS2307.
 * Each msw import of a declaration chunk gets a `// @ts-ignore` line: where msw is installed the
 * types are msw's own; where it is not, the names are `any` and every other declaration still checks.
 * Nothing else in the declarations is silenced (the directive covers the import line alone).
 *
 * Used by tsdown.config.ts; `npm run test:consumer` (section `strict`) compiles every entry point
 * with and without msw.
 */
/** Packages whose types the declarations may name without the package being installed. */
const OPTIONAL_PEERS = ['msw']

const DIRECTIVE = '// @ts-ignore -- msw is an optional peer: without it these types are `any`'

/** A declaration file's text with every import of an optional peer guarded. */
export function guardOptionalPeerImports(code: string): string {
  const peer = OPTIONAL_PEERS.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')
  const imports = new RegExp(`^(import [^\\n]* from ["'](?:${peer})(?:/[^"']*)?["'];?)$`, 'gm')
  return code.replace(imports, (line, _statement, offset: number) =>
    code.slice(0, offset).endsWith(`${DIRECTIVE}\n`) ? line : `${DIRECTIVE}\n${line}`,
  )
}

/** The Rolldown plugin: rewrites the `.d.ts` / `.d.cts` chunks only. */
export function optionalPeerTypes() {
  return {
    name: 'docplat:optional-peer-types',
    renderChunk(code: string, chunk: { fileName: string }) {
      if (!/\.d\.c?ts$/.test(chunk.fileName)) return null
      const guarded = guardOptionalPeerImports(code)
      return guarded === code ? null : { code: guarded, map: null }
    },
  }
}
