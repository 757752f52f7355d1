import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The package's entry points: the SDK's, and the mock's. */
const SDK = ['src/index.ts']
const MOCK = ['mock/index.ts', 'mock/node/index.ts', 'mock/browser/index.ts']

const exported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

/**
 * Every name a module exports (values and types), read from its syntax and the modules it
 * re-exports with `export *`: what a user's import of the entry can name. Syntax only, so it
 * costs milliseconds, not a type-check of the whole package.
 */
function exportedNames(file: string, names = new Set<string>()): Set<string> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier && (statement.moduleSpecifier as ts.StringLiteral).text
      if (!statement.exportClause) exportedNames(resolve(dirname(file), from!), names)
      else if (ts.isNamespaceExport(statement.exportClause)) names.add(statement.exportClause.name.text)
      else for (const element of statement.exportClause.elements) names.add(element.name.text)
    } else if (ts.isExportAssignment(statement)) names.add('default')
    else if (exported(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text)
      } else {
        const name = (statement as ts.DeclarationStatement).name
        if (name && ts.isIdentifier(name)) names.add(name.text)
      }
    }
  }
  return names
}

const namesOf = (entries: string[]) => new Set(entries.flatMap((entry) => [...exportedNames(`${root}${entry}`)]))

describe('exported names', () => {
  it("no name the mock exports is also one of the SDK's: each says one thing", () => {
    const sdk = namesOf(SDK)
    const mock = namesOf(MOCK)
    // The walk sees through `export *`: the SDK's errors, operations and schemas are there.
    expect(['createClient', 'APIError', 'listSpacesInCollectionById', 'Space', 'Core'].every((name) => sdk.has(name))).toBe(true)
    expect(['createMockPlatform', 'PlainHandler', 'startMockServer', 'startMockWorker'].every((name) => mock.has(name))).toBe(true)
    expect([...mock].filter((name) => sdk.has(name))).toEqual([])
  })
})
