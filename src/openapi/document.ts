import pkg from '../../package.json' with { type: 'json' }
import type { OperationDef } from '../contract/define.ts'
import { operations } from '../contract/index.ts'
import { DEFAULT_BASE_URL } from '../core/options.ts'
import { ErrorSchema, errorResponses, errorsOf } from './errors.ts'
import { type IO, SchemaSet } from './schemas.ts'
import type { JSONSchema, MediaType, OpenAPIDocument, Operation, Parameter, PathItem, Response } from './types.ts'

const REASONS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 205: 'Reset Content' }

// The order the OpenAPI specification lists them in, so a path's methods read the same every run.
const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'patch']

/**
 * Builds the OpenAPI 3.1 document of the API from the contract table. Every path, parameter,
 * body and response schema comes from the operations' zod schemas; nothing is restated.
 * The output is deterministic: paths, methods, tags and components are sorted.
 *
 * @param table - The operations to describe, by operationId. Defaults to the whole contract.
 * @throws When an operation's path and `params` disagree, or two operations share a method and path.
 *
 * @example
 * ```ts
 * import { buildOpenAPIDocument } from './src/openapi/document.ts'
 * const doc = buildOpenAPIDocument()
 * doc.paths['/v1/spaces/{spaceId}']?.get?.operationId // 'getSpaceById'
 * ```
 */
export function buildOpenAPIDocument(table: Readonly<Record<string, OperationDef>> = operations): OpenAPIDocument {
  const schemas = new SchemaSet()
  const paths: Record<string, PathItem> = {}
  for (const op of Object.values(table)) {
    const item = (paths[op.path] ??= {})
    const method = op.method.toLowerCase() as keyof PathItem
    const taken = item[method]
    if (taken) throw new Error(`OpenAPI: ${op.id} and ${taken.operationId} are both ${op.method} ${op.path}`)
    item[method] = operationObject(op, schemas)
  }
  const responses = errorResponses()
  const sortedPaths = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((path) => [path, sortMethods(paths[path]!)]),
  )
  const components = schemas.finish({ paths: sortedPaths, responses }, { Error: ErrorSchema })
  const tags = [...new Set(Object.values(table).map(tagOf))].sort()
  return {
    openapi: '3.1.0',
    info: { title: 'docplat', version: pkg.version, description: pkg.description, license: { name: pkg.license, identifier: pkg.license } },
    servers: [{ url: DEFAULT_BASE_URL, description: 'The documentation platform API' }],
    security: [{ bearerAuth: [] }],
    tags: tags.map((name) => ({ name })),
    paths: sortedPaths,
    components: {
      schemas: components,
      responses,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token, sent as `Authorization: Bearer <token>`.' },
      },
    },
  }
}

function operationObject(op: OperationDef, schemas: SchemaSet): Operation {
  const parameters = [...pathParameters(op, schemas), ...queryParameters(op, schemas)]
  return {
    operationId: op.id,
    summary: op.summary,
    tags: [tagOf(op)],
    ...(op.deprecated ? { deprecated: true as const, description: `Deprecated: ${op.deprecated}` } : {}),
    'x-sdk-method': op.sdk,
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: requestBody(op, schemas) } : {}),
    responses: { ...successResponses(op, schemas), ...errorsOf(op) },
  }
}

function tagOf(op: OperationDef): string {
  return op.sdk.split('.')[0]!
}

/** Path parameters in the order the template names them; the template and `params` must agree. */
function pathParameters(op: OperationDef, schemas: SchemaSet): Parameter[] {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
  const { properties } = objectParts(op.params, 'input', `${op.id}.params`, schemas)
  const extra = Object.keys(properties).filter((name) => !names.includes(name))
  if (extra.length) throw new Error(`OpenAPI: ${op.id} declares params ${extra.join(', ')} that ${op.path} does not use`)
  return names.map((name) => {
    const schema = properties[name]
    if (!schema) throw new Error(`OpenAPI: ${op.id} has {${name}} in its path but no such param`)
    return parameter(name, 'path', true, schema)
  })
}

/** Query parameters; arrays repeat the name (`authors=a&authors=b`), as the SDK and the mock do. */
function queryParameters(op: OperationDef, schemas: SchemaSet): Parameter[] {
  const { properties, required } = objectParts(op.query, 'input', `${op.id}.query`, schemas)
  return Object.entries(properties).map(([name, schema]) => {
    const param = parameter(name, 'query', required.includes(name), schema)
    return isArray(schemas.resolve(schema)) ? { ...param, style: 'form', explode: true } : param
  })
}

function parameter(name: string, where: 'path' | 'query', required: boolean, schema: JSONSchema): Parameter {
  // Tools show a parameter's description beside it, not inside its schema. A `$ref` keeps its
  // identity (the schema set patches it in place), so it is never copied.
  const { description, ...rest } = schema
  const moved = typeof description === 'string' && typeof schema.$ref !== 'string'
  return { name, in: where, required, ...(typeof description === 'string' ? { description } : {}), schema: moved ? rest : schema }
}

function requestBody(op: OperationDef, schemas: SchemaSet): NonNullable<Operation['requestBody']> {
  const schema = schemas.convert(op.body!, 'input', `${op.id}.body`)
  const required = ((schemas.resolve(schema).required as string[] | undefined) ?? []).length > 0
  return { required, content: { 'application/json': { schema } } }
}

function successResponses(op: OperationDef, schemas: SchemaSet): Record<string, Response> {
  let content: Record<string, MediaType> | undefined
  let note = ''
  if (op.response) {
    const schema = schemas.convert(op.response, 'output', `${op.id}.response`)
    content = op.stream ? { 'text/event-stream': { schema } } : { 'application/json': { schema } }
    if (op.stream) note = ': a stream of Server-Sent Events, each `data` field one JSON object matching the schema'
  }
  const out: Record<string, Response> = {}
  for (const status of [op.status, ...(op.alsoStatus ?? [])]) {
    out[status] = { description: `${REASONS[status] ?? 'Success'}${note}`, ...(content ? { content } : {}) }
  }
  return out
}

/** The properties of an object schema (path or query), each with its own JSON Schema. */
function objectParts(schema: OperationDef['params'], io: IO, owner: string, schemas: SchemaSet) {
  if (!schema) return { properties: {} as Record<string, JSONSchema>, required: [] as string[] }
  const json = schemas.resolve(schemas.convert(schema, io, owner))
  return {
    properties: (json.properties ?? {}) as Record<string, JSONSchema>,
    required: (json.required ?? []) as string[],
  }
}

function isArray(schema: JSONSchema): boolean {
  return schema.type === 'array' || (Array.isArray(schema.anyOf) && schema.anyOf.some((s: JSONSchema) => s.type === 'array'))
}

function sortMethods(item: PathItem): PathItem {
  return Object.fromEntries(Object.entries(item).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)))
}
