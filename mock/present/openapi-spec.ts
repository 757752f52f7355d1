import { membership, type Caller } from '../model/access.ts'
import { openAPISpecPermissions } from '../model/services/permissions.ts'
import type { OpenAPISpecRecord } from '../tables/services.ts'
import type { State } from '../model/state.ts'

/** An OpenAPI specification: its processing state, what the last finished run left, the caller's permissions. */
export function presentOpenAPISpec(state: State, caller: Caller, spec: OpenAPISpecRecord) {
  const slug = encodeURIComponent(spec.slug)
  return {
    object: 'openapi-spec' as const,
    id: spec.id,
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    slug: spec.slug,
    sourceURL: spec.sourceURL,
    processingState: spec.processingState,
    lastVersion: spec.lastVersion,
    lastProcessedAt: spec.lastProcessedAt,
    lastProcessErrorCode: spec.lastProcessErrorCode,
    // A failed run stops at its first error, the one `lastProcessErrorCode` names.
    lastProcessedErrorCount: spec.lastProcessErrorCode !== undefined ? 1 : 0,
    permissions: openAPISpecPermissions(membership(state, spec.organization, caller.user.id)),
    urls: {
      location: `${state.urls.api}/v1/orgs/${spec.organization}/openapi/${slug}`,
      app: `${state.urls.app}/o/${spec.organization}/openapi/${slug}`,
    },
  }
}
