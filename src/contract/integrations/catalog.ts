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
const ComponentIcon = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(2048))

/** An image sent inline: base64 (the mock checks it is a PNG, JPEG, GIF, WebP or SVG image). */
const Base64Image = /*@__PURE__*/ z.base64().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(500_000))

/**
 * A URL (or URL prefix) whose links a block unfurls: `https://github.com`, `github.com/org`, or
 * `*.figma.com` for every subdomain. The `blockDomain` filter matches its host.
 */
const UnfurlPattern = /*@__PURE__*/ z.string().check(
  /*@__PURE__*/ z.maxLength(2048),
  /*@__PURE__*/ z.regex(/^(https?:\/\/)?(\*\.)?[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)*(:\d{1,5})?(\/\S*)?$/),
)

/** A UI block as an integration publishes it. */
export const BlockInput = /*@__PURE__*/ z.object({
  id: ComponentId,
  title: IntegrationTitle,
  description: z.optional(IntegrationDescription),
  icon: z.optional(ComponentIcon),
  urlUnfurl: z.optional(/*@__PURE__*/ z.array(UnfurlPattern).check(/*@__PURE__*/ z.maxLength(50))),
  markdown: z.optional(
    z.object({
      codeblock: /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(50), /*@__PURE__*/ z.regex(/^[a-zA-Z0-9-_.]+$/)),
      body: /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(10_000)),
    }),
  ),
})

/** A content source as an integration publishes it. */
export const ContentSourceInput = /*@__PURE__*/ z.object({
  id: ComponentId,
  title: IntegrationTitle,
  description: z.optional(IntegrationDescription),
  icon: z.optional(ComponentIcon),
  configuration: z.optional(z.object({ componentId: ComponentId })),
})

/** A configuration property name: an identifier. */
const PropertyName = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(100), /*@__PURE__*/ z.regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/))

const PropertyInput = /*@__PURE__*/ z.object({
  type: z.enum(['string', 'number', 'boolean', 'button']),
  title: z.optional(/*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(30))),
  description: z.optional(/*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(100))),
  default: z.optional(z.unknown()),
  completion_url: z.optional(Url),
  enum: z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(200))).check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(100))),
})

/** The configuration form of one level (account, space or site) as an integration publishes it. */
export const ConfigurationInput = /*@__PURE__*/ z.object({
  properties: z.record(PropertyName, PropertyInput),
  required: z.optional(z.array(PropertyName)),
})

/** Body of publishing: the whole description of the new version. */
export const PublishBody = /*@__PURE__*/ z.object({
  /** ID or hostname (subdomain) of the publishing organization; required for a new integration. */
  organization: z.optional(/*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(256))),
  runtime: z.optional(IntegrationRuntime),
  title: IntegrationTitle,
  description: z.optional(IntegrationDescription),
  summary: z.optional(IntegrationSummary),
  icon: z.optional(Base64Image),
  previewImages: z.optional(/*@__PURE__*/ z.array(Base64Image).check(/*@__PURE__*/ z.maxLength(3))),
  visibility: z.optional(IntegrationVisibility),
  target: z.optional(IntegrationTarget),
  scopes: z.optional(/*@__PURE__*/ z.array(IntegrationScope).check(/*@__PURE__*/ z.maxLength(50))),
  categories: z.optional(/*@__PURE__*/ z.array(IntegrationCategory).check(/*@__PURE__*/ z.maxLength(10))),
  blocks: z.optional(/*@__PURE__*/ z.array(BlockInput).check(/*@__PURE__*/ z.maxLength(50))),
  contentSources: z.optional(/*@__PURE__*/ z.array(ContentSourceInput).check(/*@__PURE__*/ z.maxLength(50))),
  externalLinks: z.optional(/*@__PURE__*/ z.array(z.object({ url: Url, label: /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(100)) })).check(/*@__PURE__*/ z.maxLength(10))),
  configurations: z.optional(
    z.object({ account: z.optional(ConfigurationInput), space: z.optional(ConfigurationInput), site: z.optional(ConfigurationInput) }),
  ),
  script: z.optional(/*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(900_000))),
  secrets: z.optional(z.record(PropertyName, /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(10_000)))),
  contentSecurityPolicy: z.optional(/*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(4096))),
})
export type PublishBody = z.output<typeof PublishBody>

export const listIntegrations = /*@__PURE__*/ defineOperation({
  id: 'listIntegrations', method: 'GET', path: '/v1/integrations', sdk: 'integrations.list', status: 200,
  summary: 'List the integrations the caller can see, by name, with optional filters',
  query: z.object({
    ...pagination,
    /** Text contained in the name, title or description (case-insensitive). */
    search: z.optional(/*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(512))),
    category: z.optional(IntegrationCategory),
    /** Only integrations with a block unfurling links of this domain. */
    blockDomain: z.optional(/*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(253), /*@__PURE__*/ z.regex(/^[a-zA-Z0-9-_.]+$/))),
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
  response: /*@__PURE__*/ List(Integration), paginated: true,
})

export const getIntegrationByName = /*@__PURE__*/ defineOperation({
  id: 'getIntegrationByName', method: 'GET', path: INTEGRATION, sdk: 'integrations.get', status: 200,
  summary: 'Get an integration by its name', params: z.object(integration), response: Integration,
})

export const publishIntegration = /*@__PURE__*/ defineOperation({
  id: 'publishIntegration', method: 'POST', path: INTEGRATION, sdk: 'integrations.publish', status: 200,
  summary: 'Publish an integration, or a new version of it', params: z.object(integration),
  body: PublishBody, response: Integration,
})

export const unpublishIntegration = /*@__PURE__*/ defineOperation({
  id: 'unpublishIntegration', method: 'DELETE', path: INTEGRATION, sdk: 'integrations.unpublish', status: 205,
  summary: 'Unpublish an integration with its installations and events', params: z.object(integration),
})
