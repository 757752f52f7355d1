import SwaggerParser from '@apidevtools/swagger-parser'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import pkg from '../../package.json' with { type: 'json' }
import { operations } from '../../src/contract/index.ts'
import { defineOperation, type OperationDef } from '../../src/contract/define.ts'
import { DEFAULT_BASE_URL } from '../../src/core/options.ts'
import { buildOpenAPIDocument } from '../../src/openapi/document.ts'
import { SchemaSet } from '../../src/openapi/schemas.ts'
import type { JSONSchema, OpenAPIDocument, Operation, Parameter, Response } from '../../src/openapi/types.ts'
import { AskStreamEvent, List, PageList, Space } from '../../src/schemas/index.ts'

const table = Object.values(operations) as OperationDef[]
const doc = buildOpenAPIDocument()

function operationsOf(document: OpenAPIDocument): Array<{ path: string; method: string; op: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op: op! })),
  )
}

const byId = new Map(operationsOf(doc).map((entry) => [entry.op.operationId, entry]))
const documented = (id: string) => byId.get(id)!.op
const params = (op: Operation, where: Parameter['in']) => (op.parameters ?? []).filter((p) => p.in === where)
const success = (op: Operation, status: number) => op.responses[status] as Response

/** A small table of made-up operations, for shapes the real contract may not have yet. */
const Node: z.ZodMiniType = z.object({
  name: z.string(),
  get children() {
    return z.array(Node)
  },
})
const synthetic = {
  listThings: defineOperation({
    id: 'listThings',
    method: 'GET',
    idempotent: true,
    path: '/v1/things',
    sdk: 'things.list',
    status: 200,
    summary: 'List things',
    query: z.object({ authors: z.optional(z.array(z.string())), flag: z.optional(z.boolean()) }),
    response: List(Space),
    paginated: true,
  }),
  putThing: defineOperation({
    id: 'putThing',
    method: 'PUT',
    idempotent: true,
    path: '/v1/things/{thingId}',
    sdk: 'things.put',
    status: 200,
    alsoStatus: [201],
    summary: 'Create or replace a thing',
    deprecated: 'Use createThing instead.',
    params: z.object({ thingId: z.string() }),
    body: z.object({ tree: Node }),
    response: PageList,
  }),
  streamThings: defineOperation({
    id: 'streamThings',
    method: 'GET',
    idempotent: true,
    path: '/v1/things/stream',
    sdk: 'things.stream',
    status: 200,
    summary: 'Stream things',
    response: AskStreamEvent,
    stream: true,
  }),
  treeOfThing: defineOperation({
    id: 'treeOfThing',
    method: 'GET',
    idempotent: true,
    path: '/v1/things/{thingId}/tree',
    sdk: 'things.tree',
    status: 200,
    summary: 'The tree of a thing',
    params: z.object({ thingId: z.string() }),
    response: Node,
  }),
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document describing docplat', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info).toMatchObject({ title: 'docplat', version: pkg.version })
    expect(doc.servers).toEqual([{ url: DEFAULT_BASE_URL, description: 'The documentation platform API' }])
    expect(doc.security).toEqual([{ bearerAuth: [] }])
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
  })

  it('lists exactly the operations of the contract table', () => {
    const listed = operationsOf(doc)
      .map(({ op, method, path }) => `${op.operationId} ${method} ${path}`)
      .sort()
    expect(listed).toEqual(table.map((op) => `${op.id} ${op.method} ${op.path}`).sort())
    expect(listed.length).toBeGreaterThan(0)
  })

  it('carries each operation’s summary, tag, SDK method and deprecation', () => {
    for (const op of table) {
      const { summary, tags, deprecated, 'x-sdk-method': sdk } = documented(op.id)
      expect({ summary, tags, deprecated, sdk }).toEqual({
        summary: op.summary,
        tags: [op.sdk.split('.')[0]],
        deprecated: op.deprecated ? true : undefined,
        sdk: op.sdk,
      })
    }
    expect(doc.tags.map((t) => t.name)).toEqual([...new Set(table.map((op) => op.sdk.split('.')[0]))].sort())
  })

  it('documents each declared success status, with a body only where the operation has one', () => {
    for (const op of table) {
      for (const status of [op.status, ...(op.alsoStatus ?? [])]) {
        const response = success(documented(op.id), status)
        expect(response, `${op.id} ${status}`).toBeDefined()
        const types = Object.keys(response.content ?? {})
        expect(types, op.id).toEqual(!op.response ? [] : op.stream ? ['text/event-stream'] : ['application/json'])
      }
    }
  })

  it('documents page and limit on every paginated operation', () => {
    const paginated = table.filter((op) => op.paginated)
    expect(paginated.length).toBeGreaterThan(0)
    for (const op of paginated) {
      const query = params(documented(op.id), 'query')
      expect(
        query.find((p) => p.name === 'page'),
        op.id,
      ).toMatchObject({ required: false, schema: { type: 'string' } })
      expect(
        query.find((p) => p.name === 'limit'),
        op.id,
      ).toEqual({
        name: 'limit',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 1000 },
      })
    }
  })

  it('declares every {param} of every templated path as a required path parameter, in order', () => {
    for (const { path, op } of operationsOf(doc)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])
      const declared = params(op, 'path')
      expect(
        declared.map((p) => p.name),
        op.operationId,
      ).toEqual(names)
      for (const p of declared) expect(p.required, `${op.operationId} ${p.name}`).toBe(true)
    }
  })

  it('lists the errors each operation can cause, from shared responses', () => {
    const statuses = (id: string) => Object.keys(documented(id).responses).map(Number)
    expect(statuses('updateSpaceById')).toEqual([200, 400, 401, 403, 404, 409, 413, 415, 429])
    expect(statuses('getSpaceById')).toEqual([200, 400, 401, 403, 404, 429])
    expect(statuses('listOrganizationsForAuthenticatedUser')).toEqual([200, 400, 401, 429])
    expect(documented('updateSpaceById').responses[404]).toEqual({ $ref: '#/components/responses/NotFound' })
    expect(Object.keys(doc.components.responses).sort()).toEqual([
      'BadRequest',
      'Conflict',
      'Forbidden',
      'NotFound',
      'PayloadTooLarge',
      'TooManyRequests',
      'Unauthorized',
      'UnsupportedMediaType',
    ])
    expect(doc.components.responses.TooManyRequests!.headers).toEqual({
      'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
    })
    expect(doc.components.schemas.Error).toMatchObject({
      required: ['error'],
      properties: { error: { required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } } },
    })
  })

  it('requires a request body only when it has required fields', () => {
    expect(documented('transferSpace').requestBody).toMatchObject({ required: true, content: { 'application/json': {} } })
    expect(documented('updateSpaceById').requestBody?.required).toBe(false)
    expect(documented('getSpaceById').requestBody).toBeUndefined()
  })

  it('refers to resources by their schema name and embeds no JSON Schema dialect or local $defs', () => {
    expect(success(documented('getSpaceById'), 200).content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Space' })
    expect(doc.components.schemas.Space).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'title']) })
    const text = JSON.stringify(doc)
    expect(text).not.toContain('$schema')
    expect(text).not.toContain('#/$defs/')
    expect(text).not.toContain('"$ref":"#"')
  })

  it('is deterministic, with sorted paths and components', () => {
    expect(JSON.stringify(buildOpenAPIDocument())).toBe(JSON.stringify(doc))
    const paths = Object.keys(doc.paths)
    expect(paths).toEqual([...paths].sort())
    const schemas = Object.keys(doc.components.schemas)
    expect(schemas).toEqual([...schemas].sort())
  })
})

describe('OpenAPI document of shapes the contract may grow into', () => {
  const small = buildOpenAPIDocument(synthetic)

  it('is valid', async () => {
    await expect(SwaggerParser.validate(structuredClone(small) as never)).resolves.toBeTruthy()
  })

  it('sends query arrays as repeated names', () => {
    const [authors, flag] = small.paths['/v1/things']!.get!.parameters!
    expect(authors).toEqual({
      name: 'authors',
      in: 'query',
      required: false,
      style: 'form',
      explode: true,
      schema: { type: 'array', items: { type: 'string' } },
    })
    expect(flag).toEqual({ name: 'flag', in: 'query', required: false, schema: { type: 'boolean' } })
  })

  it('answers streams as text/event-stream with the event schema', () => {
    const response = small.paths['/v1/things/stream']!.get!.responses[200] as Response
    expect(response.content).toEqual({ 'text/event-stream': { schema: { $ref: '#/components/schemas/AskStreamEvent' } } })
    expect(response.description).toMatch(/Server-Sent Events/)
  })

  it('documents every success status, marks deprecation, and resolves recursive schemas', () => {
    const put = small.paths['/v1/things/{thingId}']!.put!
    expect(put.deprecated).toBe(true)
    expect(put.description).toBe('Deprecated: Use createThing instead.')
    expect(Object.keys(put.responses).map(Number)).toEqual([200, 201, 400, 401, 403, 404, 409, 413, 415, 429])
    expect((put.responses[201] as Response).content).toEqual((put.responses[200] as Response).content)
    // Page is named: its children point at the component itself.
    expect(small.components.schemas.Page).toMatchObject({
      properties: { pages: { type: 'array', items: { $ref: '#/components/schemas/Page' } } },
    })
    // Node is not: it is hoisted under the operation part that uses it.
    expect(put.requestBody!.content['application/json']!.schema).toMatchObject({
      properties: { tree: { $ref: '#/components/schemas/putThing.body.schema0' } },
    })
    expect(small.components.schemas['putThing.body.schema0']).toMatchObject({
      properties: { children: { items: { $ref: '#/components/schemas/putThing.body.schema0' } } },
    })
    const tree = small.paths['/v1/things/{thingId}/tree']!.get!.responses[200] as Response
    expect(tree.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/treeOfThing.response' })
    expect(small.components.schemas['treeOfThing.response']).toMatchObject({
      properties: { children: { items: { $ref: '#/components/schemas/treeOfThing.response' } } },
    })
  })

  it('keeps only the components the document uses', () => {
    const { schemas } = small.components
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['AskStreamEvent', 'Error', 'Page', 'PageList', 'Space']))
    expect(schemas).not.toHaveProperty('Member')
    for (const name of Object.keys(schemas)) {
      const others = { ...small, components: { ...small.components, schemas: { ...schemas, [name]: {} } } }
      expect(JSON.stringify(others), name).toContain(`"$ref":"#/components/schemas/${name}"`)
    }
  })

  it('refuses a path and params that disagree', () => {
    const op = defineOperation({
      id: 'bad',
      method: 'GET',
      idempotent: true,
      path: '/v1/things/{thingId}',
      sdk: 'things.bad',
      status: 200,
      summary: 'Bad',
      params: z.object({ id: z.string() }),
    })
    expect(() => buildOpenAPIDocument({ bad: op })).toThrow('bad declares params id that /v1/things/{thingId} does not use')
    expect(() => buildOpenAPIDocument({ bad: { ...op, params: undefined } })).toThrow('bad has {thingId} in its path but no such param')
  })

  it('refuses two operations on one method and path', () => {
    expect(() => buildOpenAPIDocument({ a: synthetic.listThings, b: { ...synthetic.listThings, id: 'b' } })).toThrow(
      'b and listThings are both GET /v1/things',
    )
  })
})

describe('SchemaSet', () => {
  const ref = (schema: JSONSchema) => schema.$ref

  it('names the request form of a component apart when it differs from the response form', () => {
    const Inner = z.object({ n: z.number() })
    const Outer = z.looseObject({ inner: Inner })
    const set = new SchemaSet({ Inner, Outer })
    const request = set.convert(Outer, 'input', 'op.body')
    const response = set.convert(Outer, 'output', 'op.response')
    const schemas = set.finish({ request, response })
    expect(ref(request)).toBe('#/components/schemas/OuterInput')
    expect(ref(response)).toBe('#/components/schemas/Outer')
    expect(schemas.InnerInput).toEqual({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] })
    expect(schemas.Inner).toEqual({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'], additionalProperties: false })
    expect(schemas.OuterInput).toMatchObject({ properties: { inner: { $ref: '#/components/schemas/InnerInput' } } })
    expect(schemas.Outer).toMatchObject({ properties: { inner: { $ref: '#/components/schemas/Inner' } } })
  })

  it('shares one component when both forms agree', () => {
    const Thing = z.looseObject({ id: z.string(), parent: z.optional(z.looseObject({ id: z.string() })) })
    const set = new SchemaSet({ Thing })
    const request = set.convert(Thing, 'input', 'op.body')
    const response = set.convert(Thing, 'output', 'op.response')
    const schemas = set.finish({ request, response })
    expect([ref(request), ref(response)]).toEqual(['#/components/schemas/Thing', '#/components/schemas/Thing'])
    expect(Object.keys(schemas)).toEqual(['Thing'])
  })
})
