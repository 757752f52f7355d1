import { defineConfig } from 'tsdown'
import { pureAnnotations } from './build/pure-annotations.ts'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'mock/index': 'mock/index.ts',
    'mock/node/index': 'mock/node/index.ts',
    'mock/node/cli': 'mock/node/cli.ts',
    'mock/browser/index': 'mock/browser/index.ts',
  },
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  sourcemap: true,
  clean: true,
  // One build for every entry, so the mock and its Node server share one copy of the platform
  // (errors thrown by one are recognised by the other); Node built-ins stay imports.
  deps: { neverBundle: [/^node:/] },
  plugins: [pureAnnotations()],
  // The inspector page ships as plain files (no build step): the server finds them in dist/inspector.
  copy: [{ from: 'mock/node/control/inspector/*', to: 'dist/inspector' }],
  // `import.meta.url` (where the server looks for those files) in the CommonJS build too.
  shims: true,
})
