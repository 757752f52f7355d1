import * as z from 'zod/mini'
import { Organization } from './organization.ts'

/** Integration name bound: letters, digits, `-`, `_` and `.`. */
export const IntegrationName = /*@__PURE__*/ z.string().check(z.regex(/^[a-zA-Z0-9-_.]+$/))
export type IntegrationName = z.infer<typeof IntegrationName>

/** A UI block an integration provides. */
export const IntegrationBlock = /*@__PURE__*/ z.looseObject({
  id: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  icon: z.optional(z.string()),
  urlUnfurl: z.optional(z.array(z.string())),
  markdown: z.optional(z.looseObject({ codeblock: z.optional(z.string()), body: z.optional(z.string()) })),
})
export interface IntegrationBlock extends z.infer<typeof IntegrationBlock> {}

/** A content source an integration provides (computed content). */
export const IntegrationContentSource = /*@__PURE__*/ z.looseObject({
  id: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  icon: z.optional(z.string()),
  configuration: z.optional(z.looseObject({ componentId: z.optional(z.string()) })),
})
export interface IntegrationContentSource extends z.infer<typeof IntegrationContentSource> {}

/** One configuration property of an integration (a form field). */
export const IntegrationConfigurationProperty = /*@__PURE__*/ z.looseObject({
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  type: z.optional(z.string()),
  default: z.optional(z.unknown()),
  completion_url: z.optional(z.string()),
  enum: z.optional(z.array(z.string())),
})
export interface IntegrationConfigurationProperty extends z.infer<typeof IntegrationConfigurationProperty> {}

/** Configuration schema of an integration at one level (account, space or site). */
export const IntegrationConfigurationSchema = /*@__PURE__*/ z.looseObject({
  properties: z.optional(z.record(z.string(), IntegrationConfigurationProperty)),
  required: z.optional(z.array(z.string())),
})
export interface IntegrationConfigurationSchema extends z.infer<typeof IntegrationConfigurationSchema> {}

/** An integration: a published extension (blocks, content sources, configuration) installable on the platform. */
export const Integration = /*@__PURE__*/ z.looseObject({
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
    }),
  ),
  permissions: z.optional(z.looseObject({ admin: z.optional(z.boolean()), install: z.optional(z.boolean()) })),
  contentSecurityPolicy: z.optional(z.string()),
})
export interface Integration extends z.infer<typeof Integration> {}
