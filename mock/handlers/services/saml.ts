import type * as contract from '../../../src/contract/services/saml.ts'
import { notFound } from '../../base/http-error.ts'
import { paginate } from '../../base/paginate.ts'
import {
  createSAMLProvider,
  deleteSAMLProvider,
  findSAMLProvider,
  providersOf,
  updateSAMLProvider,
} from '../../model/services/saml-providers.ts'
import { presentSAMLProvider, presentSSOLogin } from '../../present/saml-provider.ts'
import { loadOrganization } from '../load.ts'
import type { Handlers, OpsOf } from '../types.ts'

/** SAML providers are security configuration: only organization admins read or change them. */
export const samlHandlers: Handlers<OpsOf<typeof contract>> = {
  listSAMLProvidersInOrganizationById: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'admin')
    return paginate(
      `saml:${org.id}`,
      providersOf(state, org.id),
      (p) => [p.seq],
      input,
      (p) => presentSAMLProvider(state, caller, p),
    )
  },

  createOrganizationSAMLProvider: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'admin')
    return presentSAMLProvider(state, caller, createSAMLProvider(state, org.id, input))
  },

  getOrganizationSAMLProviderById: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'admin')
    return presentSAMLProvider(state, caller, findSAMLProvider(state, org.id, input.samlProviderId))
  },

  updateOrganizationSAMLProvider: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'admin')
    const provider = findSAMLProvider(state, org.id, input.samlProviderId)
    return presentSAMLProvider(state, caller, updateSAMLProvider(state, provider, input))
  },

  deleteOrganizationSAMLProvider: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'admin')
    deleteSAMLProvider(state, findSAMLProvider(state, org.id, input.samlProviderId))
  },

  // A login page asks before its user belongs to the organization: any signed-in caller may read
  // where to start (labels and start URLs, nothing secret). Unknown organizations are 404.
  listSSOProviderLoginsInOrganization: ({ state, input }) => {
    const org = state.tables.organizations.get(input.organizationId)
    if (!org) throw notFound(`Organization ${input.organizationId} not found`)
    return { items: providersOf(state, org.id).map((p) => presentSSOLogin(state, p)) }
  },
}
