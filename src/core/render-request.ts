import type { RenderRequest } from '../schemas/render.ts'
import { compressToEncodedURIComponent } from './lz-string.ts'

/**
 * The `request` parameter of `renderWithGet` (`GET .../render`): the render request as JSON,
 * compressed with lz-string's `compressToEncodedURIComponent`, as the platform expects. Use it
 * instead of compressing by hand; the mock refuses more than 16,384 characters (400 naming
 * `query.request`), and `render` (POST) takes the same request uncompressed.
 *
 * @example
 * ```ts
 * import { createClient, encodeRenderRequest } from 'docplat'
 * const client = createClient({ token: process.env.DOCPLAT_TOKEN })
 * const ui = await client.integrations.renderWithGet({
 *   integrationName: 'demo-integration',
 *   request: encodeRenderRequest({ componentId: 'metric', props: { metric: 'visits' } }),
 * })
 * console.log(ui.type)
 * ```
 */
export function encodeRenderRequest(request: RenderRequest): string {
  return compressToEncodedURIComponent(JSON.stringify(request))
}
