import type * as contract from '../../../src/contract/integrations/catalog.ts'
import { badRequest, conflict } from '../../base/http-error.ts'
import { paginate } from '../../base/paginate.ts'
import { integrationByName, listedFor, matchesFilters } from '../../model/integrations/catalog.ts'
import { publishIntegration, unpublishIntegration } from '../../model/integrations/publish.ts'
import { presentIntegration } from '../../present/integration.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { afterDeliveries } from './deliveries.ts'
import { loadAdministeredOrganization, loadIntegration } from './load.ts'

export const catalogHandlers: Handlers<OpsOf<typeof contract>> = {
  listIntegrations: ({ state, caller, input }) => {
    const items = state.indexes.integrationsSorted.get('all').filter((i) => listedFor(state, caller.user.id, i) && matchesFilters(i, input))
    return paginate(
      'integrations',
      items,
      (i) => [i.name],
      input,
      (i) => presentIntegration(state, caller, i),
    )
  },

  getIntegrationByName: ({ state, caller, input }) =>
    presentIntegration(state, caller, loadIntegration(state, caller, input.integrationName)),

  /**
   * A name belongs to the organization that first published it: naming another organization is
   * a conflict, and a new version needs an admin of the owner (the one named, or by default).
   */
  publishIntegration: ({ state, caller, capabilities, input }) => {
    const { integrationName: name, organization: ref, ...manifest } = input
    const existing = integrationByName(state, name)
    const org = ref !== undefined ? loadAdministeredOrganization(state, caller, ref) : undefined
    if (existing && org && org.id !== existing.organization)
      throw conflict(`Integration name "${name}" is already taken by another organization`)
    if (existing && !org) loadIntegration(state, caller, name, 'admin')
    if (!existing && !org) throw badRequest('Invalid body.organization: is required to publish a new integration')
    const { integration, events } = publishIntegration(state, name, org?.id ?? existing!.organization, manifest, caller.user.id, existing)
    return afterDeliveries(state, capabilities, events, presentIntegration(state, caller, integration))
  },

  unpublishIntegration: ({ state, caller, input }) => {
    unpublishIntegration(state, loadIntegration(state, caller, input.integrationName, 'admin'))
  },
}
