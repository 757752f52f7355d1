import type * as contract from '../../../src/contract/services/openapi.ts'
import { paginate } from '../../base/paginate.ts'
import type { Capabilities } from '../../base/capabilities.ts'
import { badRequest } from '../../base/http-error.ts'
import { contentText, fetchContent, readDocument, type Source } from '../../model/services/openapi-source.ts'
import type { State } from '../../model/state.ts'
import { createSpec, deleteSpec, findSpec, reprocessSpec, specBySlug } from '../../model/services/openapi-specs.ts'
import { openAPISpecPermissions } from '../../model/services/permissions.ts'
import { presentOpenAPISpec } from '../../present/openapi-spec.ts'
import { loadOrganization } from '../load.ts'
import { Deferred } from '../deferred.ts'
import { Reply, type Handlers, type OpsOf } from '../types.ts'
import { loadForList, loadItem } from './load.ts'

type SourceInput = { url: string } | { text: string }

/**
 * Reads a request's source, then runs `use` with it. The source is resolved from the registered
 * fixtures when the request arrives (the clock-driven sweep that reveals the outcome has no access
 * to them); text to parse is read outside the state lock (`capabilities.readSource`: in slices, or
 * on the server's worker thread), then `use` runs under it as a transaction of its own, checking
 * again what it acts on. A source over a limit answers 400 naming it, changing nothing.
 */
function withSource<T>(
  state: State,
  capabilities: Capabilities,
  source: SourceInput,
  use: (source: Source, state: State) => T,
): T | Deferred<T> {
  const fetched = 'url' in source ? fetchContent(capabilities.fixtures, source.url) : { content: source.text }
  if ('failed' in fetched) return use(fetched.failed, state)
  const text = contentText(fetched.content)
  if (text === undefined) return use({ ok: false, errorCode: 'PARSE_ERROR' }, state)
  if (typeof text !== 'string') return use(readDocument(text.value), state)
  const field = 'url' in source ? 'body.source.url' : 'body.source.text'
  return Deferred.finish(async () => {
    const read = await capabilities.readSource(text)
    if ('limit' in read) throw badRequest(`Invalid ${field}: ${read.limit}`)
    return read
  }, use)
}

const urlOf = (source: SourceInput) => ('url' in source ? source.url : undefined)

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

  // Permission first, so a caller who may not create makes nothing parse.
  createOpenAPISpec: ({ state, caller, capabilities, input }) => {
    loadOrganization(state, caller, input.organizationId, 'createOpenAPISpec')
    return withSource(state, capabilities, input.source, (source, state) => {
      const { org } = loadOrganization(state, caller, input.organizationId, 'createOpenAPISpec')
      return presentOpenAPISpec(state, caller, createSpec(state, org.id, input.slug, urlOf(input.source), source))
    })
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
    loadOrganization(state, caller, input.organizationId, 'createOpenAPISpec')
    return withSource(state, capabilities, input.source, (source, state) => {
      const { org } = loadOrganization(state, caller, input.organizationId, 'createOpenAPISpec')
      const existing = specBySlug(state, org.id, input.specSlug)
      if (existing) return presentOpenAPISpec(state, caller, reprocessSpec(state, existing, urlOf(input.source), source))
      const spec = createSpec(state, org.id, input.specSlug, urlOf(input.source), source)
      return new Reply(201, presentOpenAPISpec(state, caller, spec))
    })
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
