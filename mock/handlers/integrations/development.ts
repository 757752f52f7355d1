import type * as contract from '../../../src/contract/integrations/development.ts'
import type { Caller } from '../../model/access.ts'
import { disableDevelopmentMode, enableDevelopmentMode, renderTunnelFor } from '../../model/integrations/development.ts'
import {
  decodeRenderRequest,
  renderDeclaredBlock,
  renderDispatch,
  renderThroughTunnel,
  type RenderRequest,
} from '../../model/integrations/render.ts'
import { presentEnvironment } from '../../present/environment.ts'
import { presentRenderOutput } from '../../present/render-output.ts'
import type { IntegrationRecord } from '../../tables/integrations.ts'
import type { State } from '../../model/state.ts'
import type { Capabilities } from '../../base/capabilities.ts'
import { badRequest } from '../../base/http-error.ts'
import { Deferred } from '../deferred.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { loadIntegration, requireRender } from './load.ts'

/**
 * Renders with the runtime, or through the development tunnel; the tunnel is called once the
 * state lock is released (`Deferred`), since the integration may call the platform back.
 */
function render(state: State, caller: Caller, capabilities: Capabilities, integration: IntegrationRecord, request: RenderRequest) {
  requireRender(state, caller, integration, request.context?.spaceId)
  const tunnel = renderTunnelFor(state, integration, caller.user.id)
  const dispatch = tunnel && renderDispatch(state, integration, request, caller.user.id, presentEnvironment)
  if (!tunnel || !dispatch) return presentRenderOutput(renderDeclaredBlock(integration, request), request)
  const { fetch } = capabilities
  return Deferred.answer(async () => presentRenderOutput(await renderThroughTunnel(fetch, tunnel, dispatch), request))
}

export const developmentHandlers: Handlers<OpsOf<typeof contract>> = {
  setIntegrationDevelopmentMode: ({ state, caller, capabilities, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName, 'admin')
    // The platform calls the tunnel from its own network: only loopback and allowed hosts.
    const refused = capabilities.tunnelRefusal(input.tunnelUrl)
    if (refused !== undefined) throw badRequest(`Invalid body.tunnelUrl: ${refused}`)
    enableDevelopmentMode(state, integration, input.tunnelUrl, input.all ?? false, caller.user.id)
  },

  disableIntegrationDevelopmentMode: ({ state, caller, input }) => {
    disableDevelopmentMode(state, loadIntegration(state, caller, input.integrationName, 'admin'))
  },

  renderIntegrationUIWithGet: ({ state, caller, capabilities, input }) => {
    // Who may render is checked before the request is decoded, so a stranger learns nothing from its errors.
    const integration = loadIntegration(state, caller, input.integrationName)
    requireRender(state, caller, integration, undefined)
    return render(state, caller, capabilities, integration, decodeRenderRequest(state.libraries.lz, input.request))
  },

  renderIntegrationUIWithPost: ({ state, caller, capabilities, input }) => {
    const { integrationName, ...request } = input
    return render(state, caller, capabilities, loadIntegration(state, caller, integrationName), request)
  },
}
