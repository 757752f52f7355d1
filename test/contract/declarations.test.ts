import { readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname

/**
 * The declarations the package ships, emitted in memory from the sources as the build does
 * (tsdown bundles these), so that a test can read them without a build.
 */
function declarations(): Map<string, string> {
  const program = ts.createProgram([join(root, 'src/index.ts')], {
    strict: true,
    declaration: true,
    emitDeclarationOnly: true,
    // Declarations without a full type check (tsc --noEmit does that): only what they need is inferred.
    noCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    rewriteRelativeImportExtensions: true,
    skipLibCheck: true,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    outDir: join(root, '.declarations'),
  })
  const out = new Map<string, string>()
  program.emit(undefined, (file, text) => void out.set(file.slice(join(root, '.declarations').length + 1), text), undefined, true)
  return out
}

/** The packages a declaration imports, and the declaration files it reaches, from the entry on. */
function reachable(files: Map<string, string>, entry: string) {
  const seen = new Set<string>()
  const packages = new Map<string, string>()
  const queue = [entry]
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const text = files.get(file)
    if (text === undefined) throw new Error(`${file} was not emitted`)
    // Doc comments hold examples (`from 'docplat'`): only code counts.
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '')
    for (const [, spec] of code.matchAll(/(?:from\s+|import\()['"]([^'"]+)['"]/g)) {
      if (spec!.startsWith('.')) queue.push(normalize(join(dirname(file), spec!.replace(/\.(ts|js)$/, '.d.ts'))))
      else packages.set(spec!, file)
    }
  }
  return { files: seen, packages }
}

describe('the public declarations', () => {
  it('name only packages the SDK depends on: no HTTP library type leaks into the public API', () => {
    const { files, packages } = reachable(declarations(), 'index.d.ts')
    const dependencies = Object.keys(
      (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: object }).dependencies,
    )
    expect([...packages].filter(([name]) => !dependencies.some((d) => name === d || name.startsWith(`${d}/`)))).toEqual([])
    // The walk can fail: it reaches the core's declarations and the packages they name.
    expect(files).toContain('core/options.d.ts')
    expect([...packages.keys()]).toContain('@standard-schema/spec')
    // A whole-program emit: seconds on a quiet machine, many more on a loaded one.
  }, 300_000)
})
