// Only inside the docplat repository: maps the package's names to its TypeScript sources, so the
// example runs without a build (`node --import ./examples/node/from-source.ts examples/node/main.ts`).
// A project that installed docplat imports the built package and needs none of this.
import { registerHooks } from 'node:module'

const sources: Record<string, string> = {
  docplat: '../../src/index.ts',
  'docplat/mock': '../../mock/index.ts',
  'docplat/mock/node': '../../mock/node/index.ts',
}

registerHooks({
  resolve(specifier, context, next) {
    const source = sources[specifier]
    return source ? { url: new URL(source, import.meta.url).href, shortCircuit: true } : next(specifier, context)
  },
})
