import { OpenAPISpecSlug, OpenAPISpecSourceURL } from '../../../src/schemas/openapi-spec.ts'
import { badRequest, conflict, notFound } from '../../base/http-error.ts'
import { insert, newId, type State } from '../state.ts'
import type { Source } from './openapi-source.ts'
import type { OpenAPISpecRecord, ProcessingOutcome } from '../../tables/services.ts'

/** The spec of an organization with this slug, if any. */
export function specBySlug(state: State, organization: string, slug: string): OpenAPISpecRecord | undefined {
  return state.indexes.openapiSpecsBySlug.get(`${organization}:${slug}`)[0]
}

/** The spec of an organization with this slug (404 otherwise). */
export function findSpec(state: State, organization: string, slug: string): OpenAPISpecRecord {
  const spec = specBySlug(state, organization, slug)
  if (!spec) throw notFound(`OpenAPI specification "${slug}" not found`)
  return spec
}

/**
 * What a run will reveal. Content already processed keeps its version, so re-processing an
 * unchanged source does not make a new one.
 */
function outcomeOf(state: State, spec: OpenAPISpecRecord | undefined, source: Source): ProcessingOutcome {
  if (!source.ok) return { kind: 'failed', errorCode: source.errorCode }
  const same = spec?.lastVersion !== undefined && spec.lastDigest === source.digest
  return { kind: 'complete', version: same ? spec.lastVersion! : newId(state), digest: source.digest }
}

/**
 * A run is scheduled on the clock itself, not on `stamp()` (which runs ahead of a frozen clock by
 * a millisecond per write), so `clock.advance('10s')` always reaches the outcome.
 */
const runStart = (state: State) => state.clock.now().toISOString()

function checkValues(slug: string, sourceURL: string | undefined): void {
  if (!OpenAPISpecSlug.safeParse(slug).success)
    throw badRequest('Invalid body.slug: must match ^[a-z0-9]+(?:-[a-z0-9]+)*$ (at most 100 characters)')
  if (sourceURL !== undefined && !OpenAPISpecSourceURL.safeParse(sourceURL).success)
    throw badRequest('Invalid body.source.url: must be an http(s) URL')
}

/**
 * Creates a spec whose first run starts now; a slug the organization already uses is a conflict.
 * `sourceURL` is undefined for a source given as text.
 */
export function createSpec(
  state: State,
  organization: string,
  slug: string,
  sourceURL: string | undefined,
  source: Source,
): OpenAPISpecRecord {
  checkValues(slug, sourceURL)
  if (specBySlug(state, organization, slug))
    throw conflict(`OpenAPI specification "${slug}" already exists in organization ${organization}`)
  const now = state.clock.stamp()
  return insert(state, state.tables.openapiSpecs, {
    organization,
    slug,
    sourceURL,
    createdAt: now,
    updatedAt: now,
    processingState: 'pending',
    startedAt: runStart(state),
    outcome: outcomeOf(state, undefined, source),
  })
}

/**
 * Points a spec at a source (maybe the same) and starts a new run, replacing one in flight. A text
 * source leaves the spec without a source URL: the text is all it was given.
 */
export function reprocessSpec(state: State, spec: OpenAPISpecRecord, sourceURL: string | undefined, source: Source): OpenAPISpecRecord {
  checkValues(spec.slug, sourceURL)
  return state.tables.openapiSpecs.update(spec, {
    sourceURL,
    updatedAt: state.clock.stamp(),
    processingState: 'pending',
    startedAt: runStart(state),
    outcome: outcomeOf(state, spec, source),
  })
}

export function deleteSpec(state: State, spec: OpenAPISpecRecord): void {
  state.tables.openapiSpecs.delete(spec)
}
