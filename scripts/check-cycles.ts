/**
 * Checks the import graph of src/, mock/ and the tools around them (scripts/, bench/, build/,
 * test/, examples/): no import cycle (runtime and type imports alike, except the type-only ones a
 * layer allows), every import goes down the layer order `LAYERS`, and test files live in test/.
 * Imports are resolved by the TypeScript compiler, as `tsc` does.
 *
 * `node scripts/check-cycles.ts` prints what it finds and exits 1 on any problem; `npm run lint`
 * runs it, and test/contract/layers.test.ts tests it on graphs made to break it.
 */
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/**
 * A layer: the modules under its paths (a folder ends with `/`; the longest matching path wins).
 * `typeCycles` lets the layer's modules import each other's types in a cycle (never values).
 */
export interface Layer {
  name: string
  paths: readonly string[]
  typeCycles?: boolean
  /** Lower layers it may still not import (the model takes shapes from `schemas`, never HTTP operations from `contract`). */
  mayNotImport?: readonly string[]
}

/**
 * The layers, lowest first: a module imports from its own layer and the layers before it, never
 * from a later one. Written down in docs/contributing.md ("Layout").
 */
export const LAYERS: readonly Layer[] = [
  // The SDK. The generated shapes and the schemas name each other's types (`interface Space extends
  // SpaceShape {}`; a shape's field refers to a named schema type): one layer, type-only cycles.
  { name: 'schemas', paths: ['src/schemas/', 'src/generated/shapes.ts'], typeCycles: true },
  { name: 'contract', paths: ['src/contract/'] },
  // The version constant is generated (from package.json) but imports nothing: the core sends it.
  { name: 'sdk core', paths: ['src/core/', 'src/generated/version.ts'] },
  { name: 'generated sdk', paths: ['src/generated/'] },
  { name: 'client', paths: ['src/client.ts'] },
  { name: 'openapi', paths: ['src/openapi/'] },
  { name: 'sdk entry', paths: ['src/index.ts'] },
  // The mock, above the SDK whose contract it serves.
  { name: 'mock base', paths: ['mock/base/'] },
  // An engine, not a rule: markdown to trees, plain text, documents, page analysis (no state).
  { name: 'markdown', paths: ['mock/markdown/'] },
  // The model's storage: the write path, the tables with their records' schemas, the lazily loaded libraries.
  { name: 'tables', paths: ['mock/tables/'], mayNotImport: ['contract'] },
  // What is derived from the tables (caches, indexes, analyses, search): it observes them and never
  // imports a rule; the rules read it through its functions (`viewOf`, `searchRevision`...).
  { name: 'derived', paths: ['mock/derived/'], mayNotImport: ['contract'] },
  // The rules: what happens when something is written, and the state that ties tables and derived data.
  { name: 'model', paths: ['mock/model/'], mayNotImport: ['contract'] },
  { name: 'present', paths: ['mock/present/'] },
  { name: 'scenarios', paths: ['mock/scenarios/', 'mock/scenario-cache.ts'] },
  { name: 'handlers', paths: ['mock/handlers/'] },
  // Verification reads request logs, local or remote: below the platform and the remote client that offer it.
  { name: 'verify', paths: ['mock/verify/'] },
  // The integration dev loop (esbuild, workerd): loaded on first use by platform.integrations.dev and the CLI.
  { name: 'dev loop', paths: ['mock/node/dev/'] },
  { name: 'platform', paths: ['mock/core.ts', 'mock/fetch-adapter.ts', 'mock/lifecycle.ts', 'mock/msw.ts', 'mock/platform.ts'] },
  // Many platforms behind one server: made with createMockPlatform, served by the HTTP edge.
  { name: 'host', paths: ['mock/host/'] },
  // The control plane under /_docplat/: the platform's own control API over plain requests.
  { name: 'control', paths: ['mock/control/'] },
  { name: 'remote', paths: ['mock/remote/'] },
  { name: 'mock entry', paths: ['mock/index.ts'] },
  { name: 'browser', paths: ['mock/browser/'] },
  // The HTTP edge: the Node server and its one pipeline of steps.
  { name: 'http', paths: ['mock/http/'] },
  // The Node process: CLI, flags, banner, state file and its journal, capture.
  { name: 'node', paths: ['mock/node/'] },
  // Tools: they may import anything above, and nothing above imports them.
  { name: 'tools', paths: ['build/', 'scripts/', 'bench/', 'test/', 'examples/'] },
]

/** Where test files may live (vitest runs test/; each example project runs its own). */
const TEST_FOLDERS = ['test/', 'examples/']

/** Folders whose files the graph covers (none of them is shipped as is: tsdown bundles src/ and mock/). */
const ROOTS = ['src', 'mock', 'build', 'scripts', 'bench', 'test', 'examples']

/** Inputs of other tools, not modules of this project (they import the built package). */
const NOT_MODULES = ['test/consumer/fixtures/']

export interface ImportGraph {
  /** Repository-relative module path (forward slashes) to the project modules it imports. */
  edges: Map<string, string[]>
  /** `importer -> imported` pairs whose imports are all type-only (absent: a value import). */
  typeOnly?: Set<string>
}

export interface LayerReport {
  /** Each group of modules that import each other (sorted), with one closed path through it. */
  cycles: Array<{ modules: string[]; path: string[] }>
  /** `importer -> imported` pairs that break the layering, and modules in no layer. */
  violations: string[]
  /** Test files outside the test folders (vitest would never run them). */
  strayTests: string[]
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** A declaration that brings in types only (`import type`, `export type`, or every name marked `type`). */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true
    return (
      !!node.exportClause &&
      ts.isNamedExports(node.exportClause) &&
      node.exportClause.elements.length > 0 &&
      node.exportClause.elements.every((e) => e.isTypeOnly)
    )
  }
  const clause = node.importClause
  if (!clause) return false
  if (clause.isTypeOnly) return true
  if (clause.name) return false
  const bindings = clause.namedBindings
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)
}

/** Every import, export-from and `import('...')` of the project's modules, resolved. */
export function importGraph(root: string): ImportGraph {
  const configPath = join(root, 'tsconfig.json')
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p))
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
  const host = ts.createCompilerHost(options)
  const edges = new Map<string, string[]>()
  const typeOnly = new Set<string>()
  const name = (path: string) => relative(root, path).split(sep).join('/')
  const files = ROOTS.flatMap((folder) => filesUnder(join(root, folder))).filter(
    (file) => !NOT_MODULES.some((p) => name(file).startsWith(p)),
  )
  for (const file of files) {
    const text = ts.sys.readFile(file) ?? ''
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const specifiers: Array<{ text: string; typeOnly: boolean }> = []
    const visit = (node: ts.Node): void => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        specifiers.push({ text: node.moduleSpecifier.text, typeOnly: isTypeOnly(node) })
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        specifiers.push({ text: node.argument.literal.text, typeOnly: true })
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        specifiers.push({ text: node.arguments[0].text, typeOnly: false })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
    const from = name(file)
    const targets = new Map<string, boolean>()
    for (const specifier of specifiers) {
      const resolved = ts.resolveModuleName(specifier.text, file, options, host).resolvedModule
      if (!resolved || resolved.isExternalLibraryImport) continue
      const target = name(resolve(resolved.resolvedFileName))
      if (!ROOTS.some((folder) => target.startsWith(`${folder}/`))) continue
      targets.set(target, (targets.get(target) ?? true) && specifier.typeOnly)
    }
    for (const [target, onlyTypes] of targets) if (onlyTypes) typeOnly.add(`${from} -> ${target}`)
    edges.set(from, [...targets.keys()].sort())
  }
  return { edges, typeOnly }
}

/** The layer a module belongs to (its index in `layers`), or -1 when none says so. */
export function layerOf(module: string, layers: readonly Layer[] = LAYERS): number {
  let best = -1
  let length = 0
  layers.forEach((layer, i) => {
    for (const path of layer.paths) {
      const matches = path.endsWith('/') ? module.startsWith(path) : module === path
      if (matches && path.length > length) {
        best = i
        length = path.length
      }
    }
  })
  return best
}

/**
 * The cycles of a graph (one per strongly connected component, shown as one closed path). Type-only
 * imports between two modules of a layer that allows type cycles are left out.
 */
export function findCycles(input: ImportGraph, layers: readonly Layer[] = LAYERS): Array<{ modules: string[]; path: string[] }> {
  const allowed = (from: string, to: string) => {
    if (!input.typeOnly?.has(`${from} -> ${to}`)) return false
    const layer = layerOf(from, layers)
    return layer >= 0 && layer === layerOf(to, layers) && layers[layer]!.typeCycles === true
  }
  const graph: ImportGraph = {
    edges: new Map([...input.edges].map(([from, targets]) => [from, targets.filter((to) => !allowed(from, to))])),
  }
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const components: string[][] = []
  let counter = 0
  for (const start of graph.edges.keys()) {
    if (index.has(start)) continue
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work.at(-1)!
      const targets = graph.edges.get(frame.node) ?? []
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!
        if (!index.has(target)) {
          index.set(target, counter)
          low.set(target, counter++)
          stack.push(target)
          onStack.add(target)
          work.push({ node: target, next: 0 })
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!))
        continue
      }
      work.pop()
      const parent = work.at(-1)
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!))
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = []
        let member: string
        do {
          member = stack.pop()!
          onStack.delete(member)
          component.push(member)
        } while (member !== frame.node)
        const selfLoop = (graph.edges.get(frame.node) ?? []).includes(frame.node)
        if (component.length > 1 || selfLoop) components.push(component)
      }
    }
  }
  return components.map((component) => ({ modules: component.sort(), path: cyclePath(graph, new Set(component)) }))
}

/** One closed path through a strongly connected component, so a report names real imports. */
function cyclePath(graph: ImportGraph, members: Set<string>): string[] {
  const start = [...members].sort()[0]!
  // Breadth-first from `start` back to itself, inside the component.
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const target of graph.edges.get(node) ?? []) {
      if (!members.has(target)) continue
      if (target === start) {
        const path = [start]
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!previous.has(target)) {
        previous.set(target, node)
        queue.push(target)
      }
    }
  }
  return [...members, start]
}

/** Imports that go up the layer order, and modules that belong to no layer. */
export function findViolations(graph: ImportGraph, layers: readonly Layer[] = LAYERS): string[] {
  const found: string[] = []
  for (const [from, targets] of graph.edges) {
    const own = layerOf(from, layers)
    if (own < 0) {
      found.push(`${from} is in no layer (add its folder to LAYERS in scripts/check-cycles.ts)`)
      continue
    }
    for (const target of targets) {
      const theirs = layerOf(target, layers)
      const refused = theirs > own || (theirs >= 0 && layers[own]!.mayNotImport?.includes(layers[theirs]!.name))
      if (refused) found.push(`${from} -> ${target} (${layers[own]!.name} may not import ${layers[theirs]!.name})`)
    }
  }
  return found
}

/** Test files outside the folders whose tests are run. */
export function findStrayTests(graph: ImportGraph): string[] {
  return [...graph.edges.keys()].filter(
    (module) => /\.test\.tsx?$/.test(module) && !TEST_FOLDERS.some((folder) => module.startsWith(folder)),
  )
}

/** The whole check over a repository. */
export function checkLayers(root: string): LayerReport {
  const graph = importGraph(root)
  return { cycles: findCycles(graph), violations: findViolations(graph), strayTests: findStrayTests(graph) }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = checkLayers(resolve(dirname(fileURLToPath(import.meta.url)), '..'))
  for (const cycle of report.cycles) {
    console.log(`cycle among ${cycle.modules.length} modules: ${cycle.modules.join(', ')}`)
    console.log(`  e.g. ${cycle.path.join(' -> ')}`)
  }
  for (const violation of report.violations) console.log(`layering: ${violation}`)
  for (const test of report.strayTests) console.log(`test outside test/: ${test}`)
  if (report.cycles.length === 0 && report.violations.length === 0 && report.strayTests.length === 0) {
    console.log(`no import cycle, layering respected (${LAYERS.map((layer) => layer.name).join(' < ')}), tests in test/`)
  } else process.exitCode = 1
}
