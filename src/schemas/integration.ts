import * as z from 'zod/mini'
import { Organization } from './organization.ts'
import type { IntegrationBlockShape, IntegrationContentSourceShape, IntegrationConfigurationPropertyShape, IntegrationConfigurationSchemaShape, IntegrationShape } from '../generated/shapes.ts'

/** Integration name bound: letters, digits, `-`, `_` and `.`, at most 100 characters. */
export const IntegrationName = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(100), /*@__PURE__*/ z.regex(/^[a-zA-Z0-9-_.]+$/))
export type IntegrationName = z.infer<typeof IntegrationName>

/**
 * Who can find and install an integration: `public` (listed, anyone installs), `unlisted`
 * (reachable by name, anyone installs), `private` (only members of its owner organization see it).
 */
export const IntegrationVisibility = /*@__PURE__*/ z.enum(['public', 'unlisted', 'private'])
export type IntegrationVisibility = z.infer<typeof IntegrationVisibility>

/** What an installation may cover: everything (`all`), only the organization, only spaces, only sites. */
export const IntegrationTarget = /*@__PURE__*/ z.enum(['all', 'organization', 'space', 'site'])
export type IntegrationTarget = z.infer<typeof IntegrationTarget>

/** Runtime an integration's script runs on; the spec names one. */
export const IntegrationRuntime = /*@__PURE__*/ z.enum(['v1'])
export type IntegrationRuntime = z.infer<typeof IntegrationRuntime>

/** A scope an integration asks for: `resource:...:action` in lowercase (e.g. `space:views:read`). */
export const IntegrationScope = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(100), /*@__PURE__*/ z.regex(/^[a-z]+(?::[a-z-]+)+$/))
export type IntegrationScope = z.infer<typeof IntegrationScope>

/** A marketplace category: a lowercase word, hyphens allowed (e.g. `analytics`). */
export const IntegrationCategory = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(50), /*@__PURE__*/ z.regex(/^[a-z][a-z0-9-]*$/))
export type IntegrationCategory = z.infer<typeof IntegrationCategory>

/** Title of an integration, block or content source: 2 to 40 characters. */
export const IntegrationTitle = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(2), /*@__PURE__*/ z.maxLength(40))
/** Short description of an integration, block or content source: at most 150 characters. */
export const IntegrationDescription = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(150))
/** Long-form markdown summary of an integration: at most 20,000 characters. */
export const IntegrationSummary = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(20_000))
/** ID of a block, content source or UI component of an integration. */
export const ComponentId = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(100), /*@__PURE__*/ z.regex(/^[a-zA-Z0-9-_.]+$/))

/** A UI block an integration provides. */
export const IntegrationBlock = /*@__PURE__*/ z.looseObject({
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  description: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  icon: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  urlUnfurl: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
  markdown: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ codeblock: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), body: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface IntegrationBlock extends IntegrationBlockShape {}

/** A content source an integration provides (computed content). */
export const IntegrationContentSource = /*@__PURE__*/ z.looseObject({
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  description: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  icon: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  configuration: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ componentId: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface IntegrationContentSource extends IntegrationContentSourceShape {}

/** One configuration property of an integration (a form field). */
export const IntegrationConfigurationProperty = /*@__PURE__*/ z.looseObject({
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  description: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  default: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.unknown()),
  completion_url: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  enum: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
})
export interface IntegrationConfigurationProperty extends IntegrationConfigurationPropertyShape {}

/** Configuration schema of an integration at one level (account, space or site). */
export const IntegrationConfigurationSchema = /*@__PURE__*/ z.looseObject({
  properties: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.record(/*@__PURE__*/ z.string(), IntegrationConfigurationProperty)),
  required: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
})
export interface IntegrationConfigurationSchema extends IntegrationConfigurationSchemaShape {}

/** An integration: a published extension (blocks, content sources, configuration) installable on the platform. */
export const Integration = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('integration'),
  name: /*@__PURE__*/ z.string(),
  version: /*@__PURE__*/ z.number(),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  description: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  summary: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  previewImages: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
  target: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  verified: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  visibility: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  scopes: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
  categories: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
  blocks: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(IntegrationBlock)),
  contentSources: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(IntegrationContentSource)),
  configurations: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      account: /*@__PURE__*/ z.optional(IntegrationConfigurationSchema),
      space: /*@__PURE__*/ z.optional(IntegrationConfigurationSchema),
      site: /*@__PURE__*/ z.optional(IntegrationConfigurationSchema),
    }),
  ),
  externalLinks: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.looseObject({ url: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), label: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) }))),
  owner: /*@__PURE__*/ z.optional(Organization),
  urls: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      icon: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      assets: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      publicEndpoint: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
    }),
  ),
  permissions: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ admin: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()), install: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()) })),
  contentSecurityPolicy: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
})
export interface Integration extends IntegrationShape {}
