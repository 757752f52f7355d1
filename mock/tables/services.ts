import * as z from 'zod/mini'
import { Role } from '../../src/schemas/shared.ts'
import { Table, type Stored } from './table.ts'

const base = { id: z.string(), seq: z.number() }

/** Translation settings of an organization; `languages` are canonical BCP 47 tags in the order given. */
export const TranslationRecord = z.object({
  ...base,
  organization: z.string(),
  title: z.string(),
  languages: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type TranslationRecord = Stored<z.infer<typeof TranslationRecord>>

export const ProcessingState = z.enum(['pending', 'progress', 'complete', 'failed'])
export type ProcessingState = z.infer<typeof ProcessingState>

/**
 * What the current processing run will reveal when the clock reaches its end. The source is
 * resolved when the run starts (the request has the fixtures; the clock-driven sweep has not).
 */
export const ProcessingOutcome = z.union([
  z.object({ kind: z.literal('complete'), version: z.string(), digest: z.string() }),
  z.object({ kind: z.literal('failed'), errorCode: z.string() }),
])
export type ProcessingOutcome = Stored<z.infer<typeof ProcessingOutcome>>

/**
 * An OpenAPI specification. `last*` fields describe the last finished run (`lastVersion` the last
 * successful one); `startedAt` and `outcome` the run in flight until its state is final.
 */
export const OpenAPISpecRecord = z.object({
  ...base,
  organization: z.string(),
  slug: z.string(),
  /** Absent for a spec published as text (`source: { text }`). */
  sourceURL: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  processingState: ProcessingState,
  startedAt: z.string(),
  outcome: z.optional(ProcessingOutcome),
  lastVersion: z.optional(z.string()),
  lastDigest: z.optional(z.string()),
  lastProcessedAt: z.optional(z.string()),
  lastProcessErrorCode: z.optional(z.string()),
})
export type OpenAPISpecRecord = Stored<z.infer<typeof OpenAPISpecRecord>>

/** A SAML identity provider; `certificateExpiresAt` is read from the certificate when it is stored. */
export const SAMLProviderRecord = z.object({
  ...base,
  organization: z.string(),
  label: z.string(),
  entityID: z.string(),
  certificate: z.string(),
  certificateExpiresAt: z.optional(z.string()),
  ssoURL: z.string(),
  defaultTeam: z.optional(z.string()),
  defaultRole: z.nullable(Role),
  createdAt: z.string(),
})
export type SAMLProviderRecord = Stored<z.infer<typeof SAMLProviderRecord>>

/** Tables of the services area. */
export function createServicesTables() {
  const translations = new Table<TranslationRecord>(TranslationRecord)
  const openapiSpecs = new Table<OpenAPISpecRecord>(OpenAPISpecRecord)
  const samlProviders = new Table<SAMLProviderRecord>(SAMLProviderRecord)
  return {
    translations,
    openapiSpecs,
    samlProviders,
    translationsByOrg: translations.index(
      (t) => t.organization,
      (t) => [t.seq],
    ),
    openapiSpecsByOrg: openapiSpecs.index(
      (s) => s.organization,
      (s) => [s.seq],
    ),
    /** At most one spec per `organization:slug`: the slug lookup and the uniqueness check. */
    openapiSpecsBySlug: openapiSpecs.index(
      (s) => `${s.organization}:${s.slug}`,
      (s) => [s.seq],
    ),
    /**
     * Specs whose run is not over, grouped by state (`pending`, `progress`) and ordered by run
     * start: every run lasts the same, so the clock-driven sweep only reads the front of each group.
     */
    openapiSpecsProcessing: openapiSpecs.index(
      (s) => (s.processingState === 'pending' || s.processingState === 'progress' ? s.processingState : undefined),
      (s) => [Date.parse(s.startedAt), s.seq],
    ),
    samlProvidersByOrg: samlProviders.index(
      (p) => p.organization,
      (p) => [p.seq],
    ),
  }
}
