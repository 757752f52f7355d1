import type { Role } from '../../../src/schemas/shared.ts'
import { newId, type State } from '../state.ts'
import { generateCertificate } from './certificate.ts'
import { finishRun } from './openapi-processing.ts'
import type { SourceReading } from '../../base/source-limits.ts'
import { readSource, resolveSource, type Source, type SourceErrorCode } from './openapi-source.ts'
import { createSpec } from './openapi-specs.ts'
import { createSAMLProvider } from './saml-providers.ts'
import type { OpenAPISpecRecord, SAMLProviderRecord } from '../../tables/services.ts'

/** What the `openAPISpec` builder takes. */
export interface NewOpenAPISpec {
  organization: string
  slug: string
  /** Default `https://<slug>.example.com/openapi.json`. */
  sourceURL?: string | undefined
  /** What the source serves (a document, or its JSON or YAML text). Default: as the API resolves it (example domains serve a document, other URLs fail to fetch). */
  content?: unknown | undefined
  /** Make the run fail with this code, e.g. `FETCH_TIMEOUT`, whatever the content. */
  errorCode?: SourceErrorCode | undefined
  /** `false` leaves the first run pending, as the API does; by default it is already over. */
  processed?: boolean | undefined
}

/** A spec, processed at once unless `processed: false`. */
export async function buildOpenAPISpec(state: State, values: NewOpenAPISpec): Promise<OpenAPISpecRecord> {
  const sourceURL = values.sourceURL ?? `https://${values.slug}.example.com/openapi.json`
  if (typeof values.content === 'string' && !values.errorCode) await state.libraries.load(['yaml'])
  const read: SourceReading | Source = values.errorCode
    ? { ok: false, errorCode: values.errorCode }
    : values.content !== undefined
      ? readSource(values.content, typeof values.content === 'string' ? state.libraries.yaml.parseYAMLSteps : undefined)
      : resolveSource(new Map(), sourceURL)
  if ('limit' in read) throw new RangeError(`openAPISpec content: ${read.limit}`)
  const source: Source = read
  const spec = createSpec(state, values.organization, values.slug, sourceURL, source)
  return values.processed === false ? spec : finishRun(state, spec, state.clock.stamp())
}

/** What the `samlProvider` builder takes; everything but the organization has a working default. */
export interface NewSAMLProvider {
  organization: string
  label?: string | undefined
  entityID?: string | undefined
  /** Default: a generated certificate valid for three years from the start of today (UTC). */
  certificate?: string | undefined
  ssoURL?: string | undefined
  defaultTeam?: string | null | undefined
  defaultRole?: Role | null | undefined
}

const DAY_MS = 86_400_000
const CERTIFICATE_LIFETIME_MS = 3 * 365 * DAY_MS

/** A SAML provider, with a freshly generated certificate unless one is given. */
export function buildSAMLProvider(state: State, values: NewSAMLProvider): SAMLProviderRecord {
  const label = values.label ?? 'Single sign-on'
  // From the day's start, so a scenario built on a flowing clock makes the same bytes all day.
  const from = Math.floor(state.clock.ms() / DAY_MS) * DAY_MS
  const certificate =
    values.certificate ??
    generateCertificate(state.random, { commonName: label, notBefore: new Date(from), notAfter: new Date(from + CERTIFICATE_LIFETIME_MS) })
  return createSAMLProvider(state, values.organization, {
    label,
    entityID: values.entityID ?? `https://idp.example.com/metadata/${newId(state)}`,
    certificate,
    ssoURL: values.ssoURL ?? 'https://idp.example.com/sso/saml',
    defaultTeam: values.defaultTeam,
    defaultRole: values.defaultRole,
  })
}
