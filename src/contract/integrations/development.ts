import * as z from 'zod/mini'
import { RenderOutput, RenderRequest } from '../../schemas/render.ts'
import { Url } from '../common.ts'
import { defineOperation } from '../define.ts'
import { INTEGRATION, integration } from './common.ts'

export const setIntegrationDevelopmentMode = defineOperation({
  id: 'setIntegrationDevelopmentMode',
  method: 'PUT',
  idempotent: true,
  path: `${INTEGRATION}/dev`,
  sdk: 'integrations.dev.enable',
  status: 204,
  summary: 'Turn development mode on: events and renders go to the tunnel URL',
  params: z.object(integration),
  body: z.object({
    tunnelUrl: Url,
    /** true: forward everything; false (default): only what comes from the owner organization. */
    all: z.optional(z.boolean()),
  }),
})

export const disableIntegrationDevelopmentMode = defineOperation({
  id: 'disableIntegrationDevelopmentMode',
  method: 'DELETE',
  idempotent: true,
  path: `${INTEGRATION}/dev`,
  sdk: 'integrations.dev.disable',
  status: 205,
  summary: 'Turn development mode off',
  params: z.object(integration),
})

export const renderIntegrationUIWithGet = defineOperation({
  id: 'renderIntegrationUIWithGet',
  method: 'GET',
  idempotent: true,
  path: `${INTEGRATION}/render`,
  sdk: 'integrations.renderWithGet',
  status: 200,
  summary: 'Render a UI component of an integration from an LZ-string compressed request',
  params: z.object(integration),
  query: z.object({
    /** `compressToEncodedURIComponent(JSON.stringify({ componentId, props, state, context }))` (lz-string). */
    request: z.string().check(z.minLength(1), z.maxLength(16_384)),
  }),
  response: RenderOutput,
})

export const renderIntegrationUIWithPost = defineOperation({
  id: 'renderIntegrationUIWithPost',
  method: 'POST',
  idempotent: true,
  path: `${INTEGRATION}/render`,
  sdk: 'integrations.render',
  status: 200,
  summary: 'Render a UI component of an integration',
  params: z.object(integration),
  body: RenderRequest,
  response: RenderOutput,
})
