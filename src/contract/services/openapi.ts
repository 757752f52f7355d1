import * as z from 'zod/mini'
import { OpenAPISpec, OpenAPISpecSlug, OpenAPISpecSourceText, OpenAPISpecSourceURL } from '../../schemas/openapi-spec.ts'
import { List } from '../../schemas/shared.ts'
import { pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { ORG, org } from '../organizations.ts'

const spec = { ...org, specSlug: OpenAPISpecSlug }
const SPEC = `${ORG}/openapi/{specSlug}`
// `{ text }` is an addition to the spec (which lists `{ url }` only): the live service takes a
// specification's text, and the platform's CLI sends a file that way. See docs/decisions/services.md.
const Source = z.union([z.object({ url: OpenAPISpecSourceURL }), z.object({ text: OpenAPISpecSourceText })])

export const listOpenAPISpecs = defineOperation({
  id: 'listOpenAPISpecs',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/openapi`,
  sdk: 'orgs.openapi.list',
  status: 200,
  summary: 'List the OpenAPI specifications of an organization',
  params: z.object(org),
  query: z.object({ ...pagination }),
  response: List(OpenAPISpec),
  paginated: true,
})

export const createOpenAPISpec = defineOperation({
  id: 'createOpenAPISpec',
  method: 'POST',
  idempotent: false,
  path: `${ORG}/openapi`,
  sdk: 'orgs.openapi.create',
  status: 201,
  summary: 'Create an OpenAPI specification and start processing its source',
  params: z.object(org),
  body: z.object({ slug: OpenAPISpecSlug, source: Source }),
  response: OpenAPISpec,
})

export const getOpenAPISpecBySlug = defineOperation({
  id: 'getOpenAPISpecBySlug',
  method: 'GET',
  idempotent: true,
  path: SPEC,
  sdk: 'orgs.openapi.get',
  status: 200,
  summary: 'Get an OpenAPI specification by its slug',
  params: z.object(spec),
  response: OpenAPISpec,
})

export const createOrUpdateOpenAPISpecBySlug = defineOperation({
  id: 'createOrUpdateOpenAPISpecBySlug',
  method: 'PUT',
  idempotent: true,
  path: SPEC,
  sdk: 'orgs.openapi.put',
  status: 200,
  alsoStatus: [201],
  summary: 'Create (201) or update (200) an OpenAPI specification by its slug and process its source again',
  params: z.object(spec),
  body: z.object({ source: Source }),
  response: OpenAPISpec,
})

export const deleteOpenAPISpecBySlug = defineOperation({
  id: 'deleteOpenAPISpecBySlug',
  method: 'DELETE',
  idempotent: true,
  path: SPEC,
  sdk: 'orgs.openapi.delete',
  status: 205,
  summary: 'Delete an OpenAPI specification',
  params: z.object(spec),
})
