/**
 * What the generator knows about each operation before it writes any file: its parameter type,
 * its return type and its run-time spec, computed once from the contract entry and the named
 * schemas. The render functions only print this model.
 */
import type { OperationDef } from '../../src/contract/define.ts'
import { shapeOf, type Schema, type SchemaIndex } from './schemas.ts'
import { TypePrinter } from './zod-to-ts.ts'

/** How one operation appears in the SDK. */
export interface Generated {
  op: OperationDef
  /** The contract module that declares it (`spaces`, `sites/sections`...). */
  module: string
  /** `GetSpaceByIdParams` */
  paramsName: string
  /** The parameters' object type. */
  params: string
  paramsOptional: boolean
  /** `APIPromise<Space>`, `PagePromise<Member>`... */
  returns: string
  /** The name of the response schema, or of a list's items, when it has one (names the example's result). */
  resultName: string | undefined
  factory: 'operation' | 'listOperation' | 'streamOperation'
  /** The run-time spec the factory takes. */
  spec: string
}

/** The model of every operation, with what the files must import. */
export interface Model {
  generated: Generated[]
  schemas: SchemaIndex
  /** Prints types; `printer.used` is every schema name the types refer to. */
  printer: TypePrinter
  /** Schema values the operation functions use at run time (response schemas and `List`). */
  runtimeNames: Set<string>
  /** Contract modules the operation functions import at run time (a response no schema names). */
  contractImports: Set<string>
}

const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1)

export function buildModel(operations: OperationDef[], moduleOf: Map<string, string>, schemas: SchemaIndex): Model {
  const model: Model = {
    generated: [],
    schemas,
    printer: new TypePrinter(schemas.names),
    runtimeNames: new Set(),
    contractImports: new Set(),
  }
  const sorted = [...operations].sort((a, b) => (a.sdk < b.sdk ? -1 : a.sdk > b.sdk ? 1 : 0))
  model.generated = sorted.map((op) => generate(model, op, moduleOf.get(op.id)!))
  return model
}

function generate(model: Model, op: OperationDef, module: string): Generated {
  const shape: Record<string, Schema> = {}
  for (const part of [op.params, op.query, op.body]) {
    for (const [key, value] of Object.entries(shapeOf(part) ?? {})) {
      if (key in shape) throw new Error(`generate-sdk: ${op.id} declares parameter "${key}" twice`)
      shape[key] = value
    }
  }
  const { value, type, resultName } = responseOf(model, op, module)
  const query = op.body && op.query ? Object.keys(op.query.shape) : []
  const fields = [
    `id: '${op.id}'`,
    `method: '${op.method}'`,
    `path: '${op.path}'`,
    ...(op.idempotent ? ['idempotent: true'] : []),
    ...(query.length ? [`query: [${query.map((q) => `'${q}'`).join(', ')}]`] : []),
    ...(op.body ? ['body: true'] : []),
    ...(value ? [`response: ${value}`] : []),
    ...(op.stream ? ['stream: true'] : []),
  ]
  return {
    op,
    module,
    paramsName: `${pascal(op.id)}Params`,
    params: model.printer.object(shape, 'input'),
    paramsOptional: Object.values(shape).every((s) => s._zod.optin === 'optional'),
    returns: type,
    resultName,
    factory: op.paginated ? 'listOperation' : op.stream ? 'streamOperation' : 'operation',
    spec: `{ ${fields.join(', ')} }`,
  }
}

function responseOf(
  model: Model,
  op: OperationDef,
  module: string,
): { value: string | undefined; type: string; resultName: string | undefined } {
  const { names } = model.schemas
  const use = (name: string) => (model.runtimeNames.add(name), name)
  /** A response schema only the contract holds: correct, but it brings that contract module along. */
  const fromContract = () => {
    model.contractImports.add(module)
    console.warn(
      `generate-sdk: the response of ${op.id} is not a schema named in scripts/generate/schemas.ts; its function imports src/contract/${module}.ts`,
    )
    return `${module}.${op.id}.response`
  }
  const response = op.response as Schema | undefined
  if (!response) return { value: undefined, type: 'APIPromise<void>', resultName: undefined }
  const shape = shapeOf(response)
  if (op.paginated) {
    const item = (shape?.items?._zod.def as { element?: Schema } | undefined)?.element
    if (!shape || !item) throw new Error(`generate-sdk: ${op.id} is paginated but its response has no items array`)
    const extra = Object.fromEntries(Object.entries(shape).filter(([k]) => !['items', 'count', 'next'].includes(k)))
    const itemType = model.printer.print(item, 'output')
    const type = Object.keys(extra).length
      ? `PagePromise<${itemType}, ${model.printer.object(extra, 'output')}>`
      : `PagePromise<${itemType}>`
    const named = names.get(response)
    const value = named
      ? use(named)
      : names.has(item) && Object.keys(extra).length === 0
        ? `/*@__PURE__*/ ${use('List')}(${use(names.get(item)!)})`
        : fromContract()
    return { value, type, resultName: names.get(item) }
  }
  const type = model.printer.print(response, 'output')
  const named = names.get(response)
  return {
    value: named ? use(named) : fromContract(),
    type: op.stream ? `StreamPromise<${type}>` : `APIPromise<${type}>`,
    resultName: named,
  }
}
