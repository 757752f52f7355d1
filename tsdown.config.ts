import { defineConfig } from 'tsdown'
import { bundleAliases, markdownItStubs, yamlStubs } from './build/aliases.ts'
import { optionalPeerTypes } from './build/optional-peer-types.ts'
import { pureAnnotations } from './build/pure-annotations.ts'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'mock/index': 'mock/index.ts',
    'mock/node/index': 'mock/node/index.ts',
    'mock/node/cli': 'mock/node/cli.ts',
    'mock/browser/index': 'mock/browser/index.ts',
    'mock/matchers/index': 'mock/verify/matchers.ts',
    // The Node server's OpenAPI source reader runs this file on a worker thread (mock/http/source-workers.ts).
    'mock/source-worker': 'mock/http/source-worker.ts',
  },
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: { resolver: 'tsc' },
  sourcemap: true,
  clean: true,
  // One build for every entry, so the mock and its Node server share one copy of the platform
  // (errors thrown by one are recognised by the other); Node built-ins stay imports.
  // Packaging (docs/decisions/packaging.md): every runtime library but zod (whose types the
  // public API names) and msw (an optional peer, loaded only for interception) is bundled, so
  // `require` works without require(esm) and an install adds no packages for the mock.
  // scripts/third-party.ts lists what got bundled, with its licence, in dist/THIRD_PARTY_LICENSES.md.
  deps: { neverBundle: [/^node:/, /^msw(\/|$)/], onlyBundle: false },
  // The "neutral" platform reads no main fields: bundled packages without `exports` need them.
  inputOptions: { resolve: { mainFields: ['module', 'main'] } },
  alias: bundleAliases,
  plugins: [pureAnnotations(), markdownItStubs(), yamlStubs(), optionalPeerTypes()],
  // The inspector page ships as plain files (no build step): the server finds them in dist/inspector.
  copy: [{ from: 'mock/control/inspector/*', to: 'dist/inspector' }],
  // `import.meta.url` (where the server looks for those files) in the CommonJS build too.
  shims: true,
})
