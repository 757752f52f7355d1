/**
 * Adds the `/*@__PURE__*\/` marks test/contract/tree-shaking.test.ts asks for: on every
 * module-level call of a file in src/schemas/, and on the `.check(...)` and `List(...)` calls (and
 * the checks they take) of a file in src/contract/. Existing marks are kept.
 * Run: `node scripts/mark-pure.ts src/schemas/ask.ts src/contract/services/ask.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import ts from 'typescript'

/** Positions (in the text) of the calls that need a mark and lack one. */
export function unmarkedCalls(file: string, text: string): number[] {
  const every = /(^|\/)src\/schemas\//.test(file)
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: number[] = []
  const visit = (node: ts.Node, inCheck: boolean): void => {
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
  return [...new Set(found)]
}

if (import.meta.main) {
  for (const file of process.argv.slice(2)) {
    let text = readFileSync(file, 'utf8')
    const positions = unmarkedCalls(file, text).sort((a, b) => b - a)
    for (const at of positions) text = `${text.slice(0, at)}/*@__PURE__*/ ${text.slice(at)}`
    writeFileSync(file, text)
    console.log(`${file}: ${positions.length} marks added`)
  }
}
