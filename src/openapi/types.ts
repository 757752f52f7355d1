/**
 * The parts of OpenAPI 3.1 the generated document uses. Deliberately narrow: it types what
 * `buildOpenAPIDocument` writes, not the whole specification.
 */

/** A JSON Schema (draft 2020-12), the dialect OpenAPI 3.1 embeds. */
export type JSONSchema = { [keyword: string]: unknown }

/** A `$ref` to a shared component. */
export interface Reference {
  $ref: string
}

export interface Parameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  description?: string
  style?: 'form'
  explode?: boolean
  schema: JSONSchema
}

export interface MediaType {
  schema: JSONSchema
}

export interface Response {
  description: string
  headers?: Record<string, { description: string; schema: JSONSchema }>
  content?: Record<string, MediaType>
}

export interface Operation {
  operationId: string
  summary: string
  tags: string[]
  deprecated?: true
  /** Why the operation is deprecated, when it is. */
  description?: string
  /** Where the operation lives on the docplat client, e.g. `spaces.restore`. */
  'x-sdk-method': string
  parameters?: Parameter[]
  requestBody?: { required: boolean; content: Record<string, MediaType> }
  /** By status code; success statuses carry the schema, error statuses reference shared responses. */
  responses: Record<string, Response | Reference>
}

/** Path item: operations by lower-case HTTP method. */
export type PathItem = Partial<Record<'get' | 'put' | 'post' | 'delete' | 'patch', Operation>>

/** The OpenAPI 3.1 document of the API. */
export interface OpenAPIDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description?: string; license?: { name: string; identifier: string } }
  servers: Array<{ url: string; description?: string }>
  security: Array<Record<string, string[]>>
  tags: Array<{ name: string }>
  paths: Record<string, PathItem>
  components: {
    schemas: Record<string, JSONSchema>
    responses: Record<string, Response>
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; description?: string }>
  }
}
