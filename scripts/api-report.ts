/**
 * The API report: for every entry of the package, each exported name with its kind and declared
 * type, read with the TypeScript compiler from the source entry points. `npm run api-report`
 * writes it to `api/<entry>.api.md`; `test/contract/api-report.test.ts` builds it in memory and
 * fails when the checked-in files differ, so a change to the public surface is a deliberate one,
 * seen in review.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The package's entries (`exports` of package.json) and the source module each is built from (tsdown.config.ts). */
export const API_ENTRIES = [
  { entry: 'docplat', source: 'src/index.ts', file: 'api/docplat.api.md' },
  { entry: 'docplat/mock', source: 'mock/index.ts', file: 'api/docplat-mock.api.md' },
  { entry: 'docplat/mock/node', source: 'mock/node/index.ts', file: 'api/docplat-mock-node.api.md' },
  { entry: 'docplat/mock/browser', source: 'mock/browser/index.ts', file: 'api/docplat-mock-browser.api.md' },
  { entry: 'docplat/mock/matchers', source: 'mock/verify/matchers.ts', file: 'api/docplat-mock-matchers.api.md' },
] as const

/** One exported name: what it is and its declared type, as one block of text. */
export interface ApiItem {
  readonly name: string
  readonly text: string
}

const FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType | ts.TypeFormatFlags.InTypeAlias

/** Builds every entry's report: entry → its exported names in order. */
export function apiItems(): Map<string, ApiItem[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${ROOT}tsconfig.json`,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )
  if (!config) throw new Error('tsconfig.json does not parse')
  const program = ts.createProgram({
    rootNames: API_ENTRIES.map((e) => `${ROOT}${e.source}`),
    options: { ...config.options, noEmit: true },
  })
  const checker = program.getTypeChecker()
  const result = new Map<string, ApiItem[]>()
  for (const { entry, source } of API_ENTRIES) {
    const file = program.getSourceFile(`${ROOT}${source}`)
    const moduleSymbol = file && checker.getSymbolAtLocation(file)
    if (!moduleSymbol) throw new Error(`${source}: no module`)
    const items = checker
      .getExportsOfModule(moduleSymbol)
      .map((exported) => ({ name: exported.name, text: describe(checker, exported) }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    result.set(entry, items)
  }
  return result
}

/** What one export is: its kinds (a name may be a value and a type) and each one's declared type. */
function describe(checker: ts.TypeChecker, exported: ts.Symbol): string {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
  const name = exported.name
  const parts: string[] = []
  for (const declaration of symbol.declarations ?? []) {
    const part = declarationText(checker, symbol, name, declaration)
    if (part !== undefined && !parts.includes(part)) parts.push(part)
  }
  return parts.join('\n')
}

function declarationText(checker: ts.TypeChecker, symbol: ts.Symbol, name: string, node: ts.Declaration): string | undefined {
  const typeText = (type: ts.Type) => checker.typeToString(type, node, FORMAT)
  if (ts.isFunctionDeclaration(node)) {
    // Overloads are declarations of their own; the implementation's signature is not public.
    if (node.body && (symbol.declarations ?? []).filter(ts.isFunctionDeclaration).length > 1) return undefined
    const signature = checker.getSignatureFromDeclaration(node)
    return `function ${name}${signature ? checker.signatureToString(signature, node, FORMAT) : '()'}`
  }
  if (ts.isClassDeclaration(node))
    return `class ${name}${heritage(node)} {\n${members(checker, checker.getDeclaredTypeOfSymbol(symbol), node, true)}}`
  if (ts.isInterfaceDeclaration(node))
    return `interface ${name}${typeParameters(node)}${heritage(node)} {\n${members(checker, checker.getDeclaredTypeOfSymbol(symbol), node, false)}}`
  if (ts.isTypeAliasDeclaration(node)) return `type ${name}${typeParameters(node)} = ${typeText(checker.getTypeAtLocation(node.type))}`
  if (ts.isVariableDeclaration(node)) {
    const constant = ts.getCombinedNodeFlags(node) & ts.NodeFlags.Const
    return `${constant ? 'const' : 'let'} ${name}: ${typeText(checker.getTypeOfSymbolAtLocation(symbol, node))}`
  }
  if (ts.isModuleDeclaration(node)) return `namespace ${name}`
  if (ts.isEnumDeclaration(node)) return `enum ${name}`
  return `${ts.SyntaxKind[node.kind]} ${name}`
}

function typeParameters(node: ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.ClassDeclaration): string {
  return node.typeParameters ? `<${node.typeParameters.map((p) => p.getText()).join(', ')}>` : ''
}

function heritage(node: ts.InterfaceDeclaration | ts.ClassDeclaration): string {
  const params = ts.isClassDeclaration(node) ? typeParameters(node) : ''
  const clauses = (node.heritageClauses ?? []).map((clause) => clause.getText().replace(/\s+/g, ' '))
  return `${params}${clauses.length ? ` ${clauses.join(' ')}` : ''}`
}

/** The public members of a class or interface, one a line, with their types. */
function members(checker: ts.TypeChecker, type: ts.Type, node: ts.Node, isClass: boolean): string {
  const lines: string[] = []
  const line = (text: string) => lines.push(`  ${text}\n`)
  if (isClass) {
    const constructorType = checker.getTypeOfSymbolAtLocation(type.symbol, node)
    for (const signature of constructorType.getConstructSignatures())
      line(`constructor${checker.signatureToString(signature, node, FORMAT)}`)
    for (const property of constructorType.getProperties()) {
      if (property.name === 'prototype' || !isPublic(property)) continue
      line(`static ${memberText(checker, property, node)}`)
    }
  }
  for (const property of type.getProperties()) if (isPublic(property)) line(memberText(checker, property, node))
  for (const signature of type.getCallSignatures()) line(checker.signatureToString(signature, node, FORMAT))
  for (const kind of [ts.IndexKind.String, ts.IndexKind.Number]) {
    const info = checker.getIndexInfoOfType(type, kind)
    if (info) line(`[key: ${checker.typeToString(info.keyType)}]: ${checker.typeToString(info.type, node, FORMAT)}`)
  }
  return lines.join('')
}

function isPublic(property: ts.Symbol): boolean {
  if (property.name.startsWith('#') || property.name.startsWith('__')) return false
  const modifiers = (property.declarations ?? []).flatMap((d) => (ts.canHaveModifiers(d) ? (ts.getModifiers(d) ?? []) : []))
  if (modifiers.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword)) return false
  // @internal members are left out of the documentation, and out of the report.
  return !(property.declarations ?? []).some((d) => ts.getJSDocTags(d).some((tag) => tag.tagName.text === 'internal'))
}

function memberText(checker: ts.TypeChecker, property: ts.Symbol, node: ts.Node): string {
  const declaration = property.valueDeclaration ?? property.declarations?.[0]
  const optional = property.flags & ts.SymbolFlags.Optional ? '?' : ''
  const readonly =
    declaration &&
    ts.canHaveModifiers(declaration) &&
    (ts.getModifiers(declaration) ?? []).some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword)
      ? 'readonly '
      : ''
  const type = checker.getTypeOfSymbolAtLocation(property, declaration ?? node)
  if (declaration && (ts.isMethodDeclaration(declaration) || ts.isMethodSignature(declaration))) {
    return type
      .getCallSignatures()
      .map((signature) => `${property.name}${optional}${checker.signatureToString(signature, node, FORMAT)}`)
      .join('\n  ')
  }
  return `${readonly}${property.name}${optional}: ${checker.typeToString(type, node, FORMAT)}`
}

/** The text of one entry's report file. */
export function reportText(entry: string, items: readonly ApiItem[]): string {
  const body = items.map((item) => `### ${item.name}\n\n\`\`\`text\n${item.text}\n\`\`\`\n`).join('\n')
  return [
    `# API report: \`${entry}\``,
    '',
    `Generated by \`npm run api-report\` from the sources; do not edit. ${items.length} exported names.`,
    '',
    body,
  ].join('\n')
}

/** Every report file, path → text. */
export function apiReports(): Map<string, string> {
  const items = apiItems()
  return new Map(API_ENTRIES.map(({ entry, file }) => [file, reportText(entry, items.get(entry)!)]))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(`${ROOT}api`, { recursive: true })
  for (const [file, text] of apiReports()) {
    writeFileSync(`${ROOT}${file}`, text)
    console.log(`wrote ${file}`)
  }
}
