/**
 * Adds `/*@__PURE__*\/` marks to the module-level calls of the schema and contract sources at build
 * time, so the sources stay plain.
 *
 * Why: esbuild keeps a module-level call unless it is marked `@__PURE__` (it ignores
 * `@__NO_SIDE_EFFECTS__` on functions of other modules, zod's included). In the built package the
 * schemas share one module, so without the marks an app bundled by esbuild ships every schema of
 * the package. What gets a mark:
 * - in `src/schemas/`, every module-level call, nested ones included;
 * - in `src/contract/`, every call that is not a `z.*` builder (`defineOperation`, `List`, ...) and
 *   every `.check(...)` call with the checks it takes (zod's own marks cover its builders there, and
 *   the SDK never imports the contract: its marks only matter to apps that import the contract).
 *
 * Used by tsdown.config.ts (`pureAnnotations()`, a Rolldown plugin), by `npm run size` and by
 * test/contract/tree-shaking.test.ts (`esbuildPureAnnotations()`, the same transform for esbuild).
 */
import { readFile } from 'node:fs/promises'
import ts from 'typescript'

const MARK = '/*@__PURE__*/ '

/** Files the transform applies to: the schemas and the contract. */
export const annotatedFiles = /[\\/]src[\\/](?:schemas|contract)[\\/].*\.ts$/

/** Positions (in the text) of the calls that need a mark and lack one. */
export function unmarkedCalls(file: string, text: string): number[] {
  const every = /(?:^|[\\/])src[\\/]schemas[\\/]/.test(file)
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: number[] = []
  const visit = (node: ts.Node, inCheck: boolean): void => {
    // Calls inside functions run when called, not when the module loads.
    if (ts.isFunctionLike(node)) return
    if (ts.isCallExpression(node)) {
      const callee = node.expression
      const zodFunction = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'z'
      const marked = /[@#]__PURE__/.test(text.slice(node.pos, node.getStart()))
      if (!marked && (every || !zodFunction || inCheck)) found.push(node.getStart())
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'check') {
        visit(callee, inCheck)
        for (const arg of node.arguments) visit(arg, true)
        return
      }
    }
    ts.forEachChild(node, (child) => visit(child, inCheck))
  }
  ts.forEachChild(source, (child) => visit(child, false))
  // A call and the call its callee starts with share a position: one mark covers both.
  return [...new Set(found)].sort((a, b) => a - b)
}

/** The text with its marks, and a source map back to the original (exact at every line start and insertion). */
export function annotate(file: string, text: string): { code: string; map: SourceMap } | undefined {
  const positions = unmarkedCalls(file, text)
  if (positions.length === 0) return undefined
  let code = ''
  let from = 0
  for (const at of positions) {
    code += text.slice(from, at) + MARK
    from = at
  }
  code += text.slice(from)
  return { code, map: sourceMap(file, text, positions) }
}

/** A version 3 source map for `text` with `MARK` inserted before each of `positions` (sorted). */
interface SourceMap {
  version: 3
  file: string
  sources: string[]
  sourcesContent: string[]
  names: string[]
  mappings: string
}

function sourceMap(file: string, text: string, positions: number[]): SourceMap {
  const lines: string[] = []
  let lineStart = 0
  let next = 0
  let previousOriginalLine = 0
  let previousOriginalColumn = 0
  const textLines = text.split('\n')
  for (let line = 0; line < textLines.length; line++) {
    const lineEnd = lineStart + textLines[line]!.length
    // Segments: [generated column, source index, original line, original column], each relative
    // to the previous one (the generated column restarts on each line).
    const segments: Array<[number, number]> = [[0, 0]]
    let shift = 0
    while (next < positions.length && positions[next]! <= lineEnd) {
      const column = positions[next]! - lineStart
      shift += MARK.length
      segments.push([column + shift, column])
      next++
    }
    let previousGenerated = 0
    lines.push(
      segments
        .map(([generated, original]) => {
          const segment =
            vlq(generated - previousGenerated) + vlq(0) + vlq(line - previousOriginalLine) + vlq(original - previousOriginalColumn)
          previousGenerated = generated
          previousOriginalLine = line
          previousOriginalColumn = original
          return segment
        })
        .join(','),
    )
    lineStart = lineEnd + 1
  }
  return { version: 3, file, sources: [file], sourcesContent: [text], names: [], mappings: lines.join(';') }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1
  let out = ''
  do {
    let digit = rest & 31
    rest >>>= 5
    if (rest > 0) digit |= 32
    out += BASE64[digit]
  } while (rest > 0)
  return out
}

/** The transform as a Rolldown (tsdown) plugin. */
export function pureAnnotations() {
  return {
    name: 'docplat:pure-annotations',
    transform: {
      filter: { id: annotatedFiles },
      handler(code: string, id: string) {
        return annotate(id, code) ?? null
      },
    },
  }
}

/** The transform as an esbuild plugin (`npm run size`, the tree-shaking test). */
export function esbuildPureAnnotations() {
  return {
    name: 'docplat:pure-annotations',
    setup(build: {
      onLoad(options: { filter: RegExp }, callback: (args: { path: string }) => Promise<{ contents: string; loader: 'ts' }>): void
    }) {
      build.onLoad({ filter: annotatedFiles }, async ({ path }) => {
        const text = await readFile(path, 'utf8')
        return { contents: annotate(path, text)?.code ?? text, loader: 'ts' }
      })
    },
  }
}
