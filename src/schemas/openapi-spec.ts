import * as z from 'zod/mini'
import { Slug } from './shared.ts'
import type { OpenAPISpecShape } from '../generated/shapes.ts'

/** Slug of an OpenAPI specification: the shared slug pattern, 1 to 100 characters. */
export const OpenAPISpecSlug = Slug.check(z.maxLength(100))
export type OpenAPISpecSlug = z.infer<typeof OpenAPISpecSlug>

/** Where an OpenAPI specification is fetched from: an http(s) URL of at most 2048 characters. */
export const OpenAPISpecSourceURL = z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))
export type OpenAPISpecSourceURL = z.infer<typeof OpenAPISpecSourceURL>

/**
 * An OpenAPI specification given as its text, JSON or YAML: at least one character (the request
 * body's limit bounds it). An addition to the spec, from the platform's published API description.
 */
export const OpenAPISpecSourceText = z.string().check(z.minLength(1))
export type OpenAPISpecSourceText = z.infer<typeof OpenAPISpecSourceText>

/** An OpenAPI specification owned by an organization, referenced by its slug. */
export const OpenAPISpec = z.looseObject({
  object: z.literal('openapi-spec'),
  id: z.string(),
  createdAt: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
  slug: z.string(),
  sourceURL: z.optional(z.string()),
  processingState: z.optional(z.string()),
  /** How many errors the last processing run found. */
  lastProcessedErrorCount: z.optional(z.number()),
  lastVersion: z.optional(z.string()),
  lastProcessedAt: z.optional(z.string()),
  lastProcessErrorCode: z.optional(z.string()),
  permissions: z.optional(z.looseObject({ view: z.optional(z.boolean()), edit: z.optional(z.boolean()) })),
  urls: z.optional(z.looseObject({ location: z.optional(z.string()), app: z.optional(z.string()) })),
})
export interface OpenAPISpec extends OpenAPISpecShape {}
