import * as z from 'zod/mini'
import { buildOpenAPIDocument } from '../../src/openapi/document.ts'
import type { JSONSchema, OpenAPIDocument, Operation, Parameter, PathItem, Response } from '../../src/openapi/types.ts'
import { CONTROL_ROUTES, type ControlRoute } from './routes.ts'

/** The tag of the control plane's operations in the OpenAPI document. */
export const CONTROL_TAG = 'control'

const TAG_DESCRIPTION =
  "The mock server's control plane (`docplat-mock serve`, `startMockServer`), not part of the platform's API: reset, state, clock, faults, request log, tokens, users. " +
  'No credentials while the server listens on loopback; otherwise `Authorization: Bearer <--control-token>`.'

/**
 * The document the package ships as `docplat/openapi.json`: the API from the contract table, and
 * the control plane from its route table (`routes.ts`), tagged `control`.
 */
export function buildPackageOpenAPIDocument(): OpenAPIDocument {
  return withControlPlane(buildOpenAPIDocument())
}

/** Adds the control plane's paths, from the same table the server routes with. */
export function withControlPlane(doc: OpenAPIDocument): OpenAPIDocument {
  const paths: Record<string, PathItem> = { ...doc.paths }
  for (const route of CONTROL_ROUTES) {
    const item = (paths[route.path] ??= {})
    item[route.method.toLowerCase() as keyof PathItem] = operationOf(route)
  }
  const sorted = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((path) => [path, paths[path]!]),
  )
  const tags = [...doc.tags.filter((tag) => tag.name !== CONTROL_TAG), { name: CONTROL_TAG, description: TAG_DESCRIPTION }]
  return { ...doc, tags, paths: sorted }
}

function operationOf(route: ControlRoute): Operation {
  const parameters: Parameter[] = [
    ...[...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1]!,
      in: 'path' as const,
      required: true,
      schema: { type: 'integer' },
    })),
    ...Object.entries(route.query ?? {}).map(([name, q]) => ({
      name,
      in: 'query' as const,
      required: false,
      description: q.description,
      schema: schemaOf(q.schema, 'input'),
    })),
  ]
  const success: Response = { description: route.status === 204 ? 'No Content' : route.status === 201 ? 'Created' : 'OK' }
  if (route.contentType) success.content = { [route.contentType]: { schema: { type: 'string' } } }
  else if (route.response) success.content = { 'application/json': { schema: schemaOf(route.response, 'output') } }
  const open = route.id === 'controlInspector' || route.id === 'controlOpenAPI'
  return {
    operationId: route.id,
    summary: route.summary,
    tags: [CONTROL_TAG],
    // Not on the SDK client: `connectMockServer` from docplat/mock is its client.
    'x-sdk-method': `connectMockServer:${route.id}`,
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } } } : {}),
    ...(open ? { security: [] } : {}),
    responses: {
      [route.status]: success,
      ...(route.body || route.query || route.path.includes('{') ? { 400: { $ref: '#/components/responses/BadRequest' } } : {}),
      ...(open ? {} : { 401: { $ref: '#/components/responses/Unauthorized' } }),
    },
  } as Operation
}

function schemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): JSONSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JSONSchema
  return rest
}
