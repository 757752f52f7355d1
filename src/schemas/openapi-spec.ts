import * as z from 'zod/mini'
import { Slug } from './shared.ts'
import type { OpenAPISpecShape } from '../generated/shapes.ts'

/** Slug of an OpenAPI specification: the shared slug pattern, 1 to 100 characters. */
export const OpenAPISpecSlug = /*@__PURE__*/ Slug.check(/*@__PURE__*/ z.maxLength(100))
export type OpenAPISpecSlug = z.infer<typeof OpenAPISpecSlug>

/** Where an OpenAPI specification is fetched from: an http(s) URL of at most 2048 characters. */
export const OpenAPISpecSourceURL = /*@__PURE__*/ z.url({ protocol: /^https?$/ }).check(/*@__PURE__*/ z.maxLength(2048))
export type OpenAPISpecSourceURL = z.infer<typeof OpenAPISpecSourceURL>

/** An OpenAPI specification owned by an organization, referenced by its slug. */
export const OpenAPISpec = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('openapi-spec'),
  id: /*@__PURE__*/ z.string(),
  createdAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  updatedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  slug: /*@__PURE__*/ z.string(),
  sourceURL: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  processingState: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  lastVersion: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  lastProcessedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  lastProcessErrorCode: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  permissions: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ view: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()), edit: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()) })),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface OpenAPISpec extends OpenAPISpecShape {}
