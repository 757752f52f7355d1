/**
 * Writes `openapi.json` at the repository root: the OpenAPI 3.1 document built from the contract
 * table by `src/openapi/document.ts`, with the mock server's control plane (tag `control`) from
 * its route table. Run `npm run openapi`. The file is generated, not committed; it ships in the
 * package as `docplat/openapi.json`, and the mock server serves the same at `/openapi.json`.
 */
import { writeFileSync } from 'node:fs'
import { buildPackageOpenAPIDocument } from '../mock/control/openapi.ts'

const doc = buildPackageOpenAPIDocument()
const file = new URL('../openapi.json', import.meta.url)
writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`)
const count = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0)
console.log(`wrote openapi.json: ${count} operations, ${Object.keys(doc.components.schemas).length} schemas`)
