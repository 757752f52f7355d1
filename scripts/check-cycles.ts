/**
 * Checks the mock's import graph: no cycle among its modules (runtime and type imports alike),
 * and the layering `core < model < present < handlers < platform`, with demo data in
 * `scenarios/` above the model. Imports are resolved by the TypeScript compiler, as `tsc` does.
 *
 * `node scripts/check-cycles.ts` prints what it finds and exits 1 on any problem;
 * test/contract/layers.test.ts runs the same check in `npm test`.
 */
import { readdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** Folders of mock/ and the folders each may not import from. */
const FORBIDDEN: ReadonlyArray<{ from: string; not: readonly string[] }> = [
  { from: 'mock/core/', not: ['mock/model/', 'mock/present/', 'mock/handlers/', 'mock/scenarios/'] },
  { from: 'mock/model/', not: ['mock/scenarios/', 'mock/present/', 'mock/handlers/'] },
  { from: 'mock/present/', not: ['mock/handlers/', 'mock/scenarios/'] },
]

export interface ImportGraph {
  /** Repository-relative module path (forward slashes) to the mock modules it imports. */
  edges: Map<string, string[]>
}

export interface LayerReport {
  /** Each group of modules that import each other (sorted), with one closed path through it. */
  cycles: Array<{ modules: string[]; path: string[] }>
  /** `importer -> imported` pairs that break the layering. */
  violations: string[]
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Every import, export-from and `import('...')` type of the modules under `mock/`, resolved. */
export function importGraph(root: string): ImportGraph {
  const configPath = join(root, 'tsconfig.json')
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p))
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
  const host = ts.createCompilerHost(options)
  const mockDir = join(root, 'mock')
  const edges = new Map<string, string[]>()
  const name = (path: string) => relative(root, path).split(sep).join('/')
  for (const file of filesUnder(mockDir)) {
    const text = ts.sys.readFile(file) ?? ''
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const specifiers: string[] = []
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        specifiers.push(node.moduleSpecifier.text)
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        specifiers.push(node.argument.literal.text)
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        specifiers.push(node.arguments[0].text)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
    const targets = new Set<string>()
    for (const specifier of specifiers) {
      const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule
      if (!resolved || resolved.isExternalLibraryImport) continue
      const target = resolve(resolved.resolvedFileName)
      if (target.startsWith(mockDir + sep)) targets.add(name(target))
    }
    edges.set(name(file), [...targets].sort())
  }
  return { edges }
}

/** The cycles of a graph (one per strongly connected component, shown as one closed path). */
export function findCycles(graph: ImportGraph): Array<{ modules: string[]; path: string[] }> {
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

/** Imports that go against the layering. */
export function findViolations(graph: ImportGraph): string[] {
  const found: string[] = []
  for (const [from, targets] of graph.edges) {
    for (const rule of FORBIDDEN) {
      if (!from.startsWith(rule.from)) continue
      for (const target of targets) if (rule.not.some((folder) => target.startsWith(folder))) found.push(`${from} -> ${target}`)
    }
  }
  return found
}

/** The whole check over a repository. */
export function checkLayers(root: string): LayerReport {
  const graph = importGraph(root)
  return { cycles: findCycles(graph), violations: findViolations(graph) }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = checkLayers(resolve(dirname(fileURLToPath(import.meta.url)), '..'))
  for (const cycle of report.cycles) {
    console.log(`cycle among ${cycle.modules.length} modules: ${cycle.modules.join(', ')}`)
    console.log(`  e.g. ${cycle.path.join(' -> ')}`)
  }
  for (const violation of report.violations) console.log(`layering: ${violation}`)
  if (report.cycles.length === 0 && report.violations.length === 0) console.log('mock/: no import cycle, layering respected')
  else process.exitCode = 1
}
