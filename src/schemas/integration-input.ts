import * as z from 'zod/mini'
import {
  ComponentId,
  IntegrationCategory,
  IntegrationDescription,
  IntegrationRuntime,
  IntegrationScope,
  IntegrationSummary,
  IntegrationTarget,
  IntegrationTitle,
  IntegrationVisibility,
} from './integration.ts'
import { Url } from './input.ts'

// What an integration publishes: the contract's request bodies and the mock's stored descriptions share these shapes.

/** An icon of a block or content source: an icon name or an image URL. */
const ComponentIcon = z.string().check(z.minLength(1), z.maxLength(2048))

/** An image sent inline: base64 (the mock checks it is a PNG, JPEG, GIF, WebP or SVG image). */
const Base64Image = z.base64().check(z.minLength(1), z.maxLength(500_000))

/**
 * A URL (or URL prefix) whose links a block unfurls: `https://github.com`, `github.com/org`, or
 * `*.figma.com` for every subdomain. The `blockDomain` filter matches its host.
 */
const UnfurlPattern = z
  .string()
  .check(z.maxLength(2048), z.regex(/^(https?:\/\/)?(\*\.)?[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)*(:\d{1,5})?(\/\S*)?$/))

/** A UI block as an integration publishes it. */
export const BlockInput = z.object({
  id: ComponentId,
  title: IntegrationTitle,
  description: z.optional(IntegrationDescription),
  icon: z.optional(ComponentIcon),
  urlUnfurl: z.optional(z.array(UnfurlPattern).check(z.maxLength(50))),
  markdown: z.optional(
    z.object({
      codeblock: z.string().check(z.minLength(1), z.maxLength(50), z.regex(/^[a-zA-Z0-9-_.]+$/)),
      body: z.string().check(z.maxLength(10_000)),
    }),
  ),
})

/** A content source as an integration publishes it. */
export const ContentSourceInput = z.object({
  id: ComponentId,
  title: IntegrationTitle,
  description: z.optional(IntegrationDescription),
  icon: z.optional(ComponentIcon),
  configuration: z.optional(z.object({ componentId: ComponentId })),
})

/** A configuration property name: an identifier. */
const PropertyName = z.string().check(z.maxLength(100), z.regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/))

const PropertyInput = z.object({
  type: z.enum(['string', 'number', 'boolean', 'button']),
  title: z.optional(z.string().check(z.maxLength(30))),
  description: z.optional(z.string().check(z.maxLength(100))),
  default: z.optional(z.unknown()),
  completion_url: z.optional(Url),
  enum: z.optional(z.array(z.string().check(z.maxLength(200))).check(z.minLength(1), z.maxLength(100))),
})

/** The configuration form of one level (account, space or site) as an integration publishes it. */
export const ConfigurationInput = z.object({
  properties: z.record(PropertyName, PropertyInput),
  required: z.optional(z.array(PropertyName)),
})

/** Body of publishing: the whole description of the new version. */
export const PublishBody = z.object({
  /** ID or hostname (subdomain) of the publishing organization; required for a new integration. */
  organization: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  runtime: z.optional(IntegrationRuntime),
  title: IntegrationTitle,
  description: z.optional(IntegrationDescription),
  summary: z.optional(IntegrationSummary),
  icon: z.optional(Base64Image),
  previewImages: z.optional(z.array(Base64Image).check(z.maxLength(3))),
  visibility: z.optional(IntegrationVisibility),
  target: z.optional(IntegrationTarget),
  scopes: z.optional(z.array(IntegrationScope).check(z.maxLength(50))),
  categories: z.optional(z.array(IntegrationCategory).check(z.maxLength(10))),
  blocks: z.optional(z.array(BlockInput).check(z.maxLength(50))),
  contentSources: z.optional(z.array(ContentSourceInput).check(z.maxLength(50))),
  externalLinks: z.optional(
    z.array(z.object({ url: Url, label: z.string().check(z.minLength(1), z.maxLength(100)) })).check(z.maxLength(10)),
  ),
  configurations: z.optional(
    z.object({ account: z.optional(ConfigurationInput), space: z.optional(ConfigurationInput), site: z.optional(ConfigurationInput) }),
  ),
  script: z.optional(z.string().check(z.maxLength(900_000))),
  secrets: z.optional(z.record(PropertyName, z.string().check(z.maxLength(10_000)))),
  contentSecurityPolicy: z.optional(z.string().check(z.maxLength(4096))),
})
export type PublishBody = z.output<typeof PublishBody>
