/**
 * Writes src/generated/ from the contract table (src/contract/) and the named schemas
 * (scripts/generate/schemas.ts); src/generated/README.md says what each file is and why.
 * Run `npm run generate`; test/contract/generated.test.ts fails when the files are stale.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { modules, operations } from '../src/contract/index.ts'
import type { OperationDef } from '../src/contract/define.ts'
import { buildModel } from './generate/model.ts'
import { renderChecks, renderClientTypes, renderNamespaces, renderOperations, renderShapes } from './generate/render.ts'
import { loadSchemas } from './generate/schemas.ts'

const root = new URL('../', import.meta.url)

/** The generated files by path (relative to the repository root). */
export async function generate(): Promise<Record<string, string>> {
  const moduleOf = new Map<string, string>()
  for (const [file, mod] of Object.entries(modules)) for (const name of Object.keys(mod)) if (name in operations) moduleOf.set(name, file)
  const model = buildModel(Object.values(operations) as OperationDef[], moduleOf, await loadSchemas(root))
  return {
    'src/generated/operations.ts': renderOperations(model),
    'src/generated/namespaces.ts': renderNamespaces(model),
    'src/generated/client-types.ts': renderClientTypes(model),
    'src/generated/checks.ts': renderChecks(model),
    'src/generated/shapes.ts': renderShapes(model),
    'src/generated/version.ts': renderVersion(JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).version as string),
  }
}

/**
 * The package's version as a constant: the SDK names it in its User-Agent without importing
 * package.json, which a bundler would otherwise ship whole inside every app.
 */
function renderVersion(version: string): string {
  return `// Written by \`npm run generate\` (scripts/generate-sdk.ts) from package.json's version: never edit by hand.

/** This SDK's version (the \`docplat\` package's). */
export const VERSION = ${JSON.stringify(version)}
`
}

async function main(): Promise<void> {
  const files = await generate()
  for (const [path, text] of Object.entries(files)) writeFileSync(new URL(path, root), text)
  console.log(`generated ${Object.keys(operations).length} operations into ${Object.keys(files).length} files`)
}

if (import.meta.main) await main()
