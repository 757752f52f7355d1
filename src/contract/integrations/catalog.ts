import * as z from 'zod/mini'
import {
  ComponentId,
  Integration,
  IntegrationCategory,
  IntegrationDescription,
  IntegrationRuntime,
  IntegrationScope,
  IntegrationSummary,
  IntegrationTarget,
  IntegrationTitle,
  IntegrationVisibility,
} from '../../schemas/integration.ts'
import { List } from '../../schemas/shared.ts'
import { Id, pagination, Url } from '../common.ts'
import { defineOperation } from '../define.ts'
import { INTEGRATION, integration } from './common.ts'

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

export const listIntegrations = defineOperation({
  id: 'listIntegrations',
  method: 'GET',
  idempotent: true,
  path: '/v1/integrations',
  sdk: 'integrations.list',
  status: 200,
  summary: 'List the integrations the caller can see, by name, with optional filters',
  query: z.object({
    ...pagination,
    /** Text contained in the name, title or description (case-insensitive). */
    search: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
    category: z.optional(IntegrationCategory),
    /** Only integrations with a block unfurling links of this domain. */
    blockDomain: z.optional(z.string().check(z.maxLength(253), z.regex(/^[a-zA-Z0-9-_.]+$/))),
    /** true: only integrations with blocks; false: only those without. */
    blocks: z.optional(z.boolean()),
    /** true: only integrations with content sources; false: only those without. */
    contentSources: z.optional(z.boolean()),
    /** ID of the owner organization. */
    owner: z.optional(Id),
    scope: z.optional(IntegrationScope),
    /** Only integrations installable at this target (those targeting `all` included). */
    target: z.optional(IntegrationTarget),
  }),
  response: List(Integration),
  paginated: true,
})

export const getIntegrationByName = defineOperation({
  id: 'getIntegrationByName',
  method: 'GET',
  idempotent: true,
  path: INTEGRATION,
  sdk: 'integrations.get',
  status: 200,
  summary: 'Get an integration by its name',
  params: z.object(integration),
  response: Integration,
})

export const publishIntegration = defineOperation({
  id: 'publishIntegration',
  method: 'POST',
  idempotent: false,
  path: INTEGRATION,
  sdk: 'integrations.publish',
  status: 200,
  summary: 'Publish an integration, or a new version of it',
  params: z.object(integration),
  body: PublishBody,
  response: Integration,
})

export const unpublishIntegration = defineOperation({
  id: 'unpublishIntegration',
  method: 'DELETE',
  idempotent: true,
  path: INTEGRATION,
  sdk: 'integrations.unpublish',
  status: 205,
  summary: 'Unpublish an integration with its installations and events',
  params: z.object(integration),
})
