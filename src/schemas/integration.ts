import * as z from 'zod/mini'
import { Organization } from './organization.ts'
import type {
  IntegrationBlockShape,
  IntegrationContentSourceShape,
  IntegrationConfigurationPropertyShape,
  IntegrationConfigurationSchemaShape,
  IntegrationShape,
} from '../generated/shapes.ts'

/** Integration name bound: letters, digits, `-`, `_` and `.`, at most 100 characters. */
export const IntegrationName = z.string().check(z.maxLength(100), z.regex(/^[a-zA-Z0-9-_.]+$/))
export type IntegrationName = z.infer<typeof IntegrationName>

/**
 * Who can find and install an integration: `public` (listed, anyone installs), `unlisted`
 * (reachable by name, anyone installs), `private` (only members of its owner organization see it).
 */
export const IntegrationVisibility = z.enum(['public', 'unlisted', 'private'])
export type IntegrationVisibility = z.infer<typeof IntegrationVisibility>

/** What an installation may cover: everything (`all`), only the organization, only spaces, only sites. */
export const IntegrationTarget = z.enum(['all', 'organization', 'space', 'site'])
export type IntegrationTarget = z.infer<typeof IntegrationTarget>

/**
 * Runtime an integration's script runs on. The spec names `v1`; `v2` is an addition, the value the
 * platform's published API description also lists and its CLI sends (docs/decisions/integrations.md).
 */
export const IntegrationRuntime = z.enum(['v1', 'v2'])
export type IntegrationRuntime = z.infer<typeof IntegrationRuntime>

/** A scope an integration asks for: `resource:...:action` in lowercase (e.g. `space:views:read`). */
export const IntegrationScope = z.string().check(z.maxLength(100), z.regex(/^[a-z]+(?::[a-z-]+)+$/))
export type IntegrationScope = z.infer<typeof IntegrationScope>

/** A marketplace category: a lowercase word, hyphens allowed (e.g. `analytics`). */
export const IntegrationCategory = z.string().check(z.maxLength(50), z.regex(/^[a-z][a-z0-9-]*$/))
export type IntegrationCategory = z.infer<typeof IntegrationCategory>

/** Title of an integration, block or content source: 2 to 40 characters. */
export const IntegrationTitle = z.string().check(z.minLength(2), z.maxLength(40))
/** Short description of an integration, block or content source: at most 150 characters. */
export const IntegrationDescription = z.string().check(z.maxLength(150))
/** Long-form markdown summary of an integration: at most 20,000 characters. */
export const IntegrationSummary = z.string().check(z.maxLength(20_000))
/** ID of a block, content source or UI component of an integration. */
export const ComponentId = z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[a-zA-Z0-9-_.]+$/))

/** A UI block an integration provides. */
export const IntegrationBlock = z.looseObject({
  id: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  icon: z.optional(z.string()),
  urlUnfurl: z.optional(z.array(z.string())),
  markdown: z.optional(z.looseObject({ codeblock: z.optional(z.string()), body: z.optional(z.string()) })),
})
export interface IntegrationBlock extends IntegrationBlockShape {}

/** A content source an integration provides (computed content). */
export const IntegrationContentSource = z.looseObject({
  id: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  icon: z.optional(z.string()),
  configuration: z.optional(z.looseObject({ componentId: z.optional(z.string()) })),
})
export interface IntegrationContentSource extends IntegrationContentSourceShape {}

/** One configuration property of an integration (a form field). */
export const IntegrationConfigurationProperty = z.looseObject({
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  type: z.optional(z.string()),
  default: z.optional(z.unknown()),
  completion_url: z.optional(z.string()),
  enum: z.optional(z.array(z.string())),
})
export interface IntegrationConfigurationProperty extends IntegrationConfigurationPropertyShape {}

/** Configuration schema of an integration at one level (account, space or site). */
export const IntegrationConfigurationSchema = z.looseObject({
  properties: z.optional(z.record(z.string(), IntegrationConfigurationProperty)),
  required: z.optional(z.array(z.string())),
})
export interface IntegrationConfigurationSchema extends IntegrationConfigurationSchemaShape {}

/** An integration: a published extension (blocks, content sources, configuration) installable on the platform. */
export const Integration = z.looseObject({
  object: z.literal('integration'),
  name: z.string(),
  version: z.number(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  summary: z.optional(z.string()),
  previewImages: z.optional(z.array(z.string())),
  target: z.optional(z.string()),
  verified: z.optional(z.boolean()),
  visibility: z.optional(z.string()),
  scopes: z.optional(z.array(z.string())),
  categories: z.optional(z.array(z.string())),
  blocks: z.optional(z.array(IntegrationBlock)),
  contentSources: z.optional(z.array(IntegrationContentSource)),
  configurations: z.optional(
    z.looseObject({
      account: z.optional(IntegrationConfigurationSchema),
      space: z.optional(IntegrationConfigurationSchema),
      site: z.optional(IntegrationConfigurationSchema),
    }),
  ),
  externalLinks: z.optional(z.array(z.looseObject({ url: z.optional(z.string()), label: z.optional(z.string()) }))),
  owner: z.optional(Organization),
  urls: z.optional(
    z.looseObject({
      location: z.optional(z.string()),
      icon: z.optional(z.string()),
      app: z.optional(z.string()),
      assets: z.optional(z.string()),
      publicEndpoint: z.optional(z.string()),
      /** Where the integration's rendered content is served (the public endpoint when no separate origin serves it). */
      publicContentEndpoint: z.optional(z.string()),
    }),
  ),
  permissions: z.optional(z.looseObject({ admin: z.optional(z.boolean()), install: z.optional(z.boolean()) })),
  contentSecurityPolicy: z.optional(z.string()),
})
export interface Integration extends IntegrationShape {}
