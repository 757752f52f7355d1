import type * as contract from '../../../src/contract/services/openapi.ts'
import { paginate } from '../../base/paginate.ts'
import { readSource, resolveSource, type Source } from '../../model/services/openapi-source.ts'
import type { State } from '../../model/state.ts'
import { createSpec, deleteSpec, findSpec, reprocessSpec, specBySlug } from '../../model/services/openapi-specs.ts'
import { openAPISpecPermissions } from '../../model/services/permissions.ts'
import { presentOpenAPISpec } from '../../present/openapi-spec.ts'
import { loadOrganization } from '../load.ts'
import { Reply, type Handlers, type OpsOf } from '../types.ts'
import { loadForList, loadItem } from './load.ts'

/**
 * The source is resolved from the registered fixtures when the request arrives (the clock-driven
 * sweep that reveals the outcome has no access to them); a source given as text is read then too.
 */
function sourceOf(state: State, fixtures: ReadonlyMap<string, unknown>, source: { url: string } | { text: string }): Source {
  const parseYAML = state.libraries.yaml.parseYAML
  return 'url' in source ? resolveSource(fixtures, source.url, parseYAML) : readSource(source.text, parseYAML)
}

const urlOf = (source: { url: string } | { text: string }) => ('url' in source ? source.url : undefined)

export const openAPIHandlers: Handlers<OpsOf<typeof contract>> = {
  listOpenAPISpecs: ({ state, caller, input }) => {
    const org = loadForList(state, caller, input.organizationId, openAPISpecPermissions, 'OpenAPI specifications')
    return paginate(
      `openapi:${org.id}`,
      state.indexes.openapiSpecsByOrg.get(org.id),
      (s) => [s.seq],
      input,
      (s) => presentOpenAPISpec(state, caller, s),
    )
  },

  createOpenAPISpec: ({ state, caller, capabilities, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'createOpenAPISpec')
    const spec = createSpec(state, org.id, input.slug, urlOf(input.source), sourceOf(state, capabilities.fixtures, input.source))
    return presentOpenAPISpec(state, caller, spec)
  },

  getOpenAPISpecBySlug: ({ state, caller, input }) => {
    const spec = loadItem(
      state,
      caller,
      input.organizationId,
      openAPISpecPermissions,
      (org) => findSpec(state, org, input.specSlug),
      `OpenAPI specification "${input.specSlug}"`,
    )
    return presentOpenAPISpec(state, caller, spec)
  },

  // PUT may create, so it needs the creating permission before looking the slug up (no existence leak).
  createOrUpdateOpenAPISpecBySlug: ({ state, caller, capabilities, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'createOpenAPISpec')
    const source = sourceOf(state, capabilities.fixtures, input.source)
    const existing = specBySlug(state, org.id, input.specSlug)
    if (existing) return presentOpenAPISpec(state, caller, reprocessSpec(state, existing, urlOf(input.source), source))
    const spec = createSpec(state, org.id, input.specSlug, urlOf(input.source), source)
    return new Reply(201, presentOpenAPISpec(state, caller, spec))
  },

  deleteOpenAPISpecBySlug: ({ state, caller, input }) => {
    deleteSpec(
      state,
      loadItem(
        state,
        caller,
        input.organizationId,
        openAPISpecPermissions,
        (org) => findSpec(state, org, input.specSlug),
        `OpenAPI specification "${input.specSlug}"`,
        'edit',
      ),
    )
  },
}
