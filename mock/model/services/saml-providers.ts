import type { Role } from '../../../src/schemas/shared.ts'
import { badRequest, conflict, notFound } from '../../base/http-error.ts'
import type { TeamRecord } from '../../tables/orgs.ts'
import { insert, type State } from '../state.ts'
import { parseCertificate } from './certificate.ts'
import type { SAMLProviderRecord } from '../../tables/services.ts'
import type { Patch } from '../../tables/table.ts'

/** The fields of a provider; on update every one is optional. `defaultTeam: null` means no default team. */
export interface SAMLProviderValues {
  label: string
  entityID: string
  certificate: string
  ssoURL: string
  defaultTeam?: string | null | undefined
  defaultRole?: Role | null | undefined
}

/** The providers of an organization, oldest first. */
export function providersOf(state: State, organization: string): readonly SAMLProviderRecord[] {
  return state.indexes.samlProvidersByOrg.get(organization)
}

/** A provider of an organization by ID (404 otherwise). */
export function findSAMLProvider(state: State, organization: string, id: string): SAMLProviderRecord {
  const provider = state.tables.samlProviders.get(id)
  if (!provider || provider.organization !== organization) throw notFound(`SAML provider ${id} not found`)
  return provider
}

function checkTeam(state: State, organization: string, team: string): void {
  if (state.tables.teams.get(team)?.organization !== organization) {
    throw badRequest(`Invalid body.defaultTeam: ${team} is not a team of organization ${organization}`)
  }
}

/** The identity provider's entity ID names it in every SAML response, so two providers of one organization cannot share it. */
function checkEntityID(state: State, organization: string, entityID: string, except?: string): void {
  if (providersOf(state, organization).some((p) => p.entityID === entityID && p.id !== except)) {
    throw conflict(`A SAML provider of organization ${organization} already has the entity ID "${entityID}"`)
  }
}

/**
 * Adds a provider. Without `defaultRole`, the members it signs in get the organization's
 * default role (copied now, as the provider then shows it).
 */
export function createSAMLProvider(state: State, organization: string, values: SAMLProviderValues): SAMLProviderRecord {
  const certificate = parseCertificate(values.certificate)
  if (values.defaultTeam) checkTeam(state, organization, values.defaultTeam)
  checkEntityID(state, organization, values.entityID)
  const defaultRole =
    values.defaultRole !== undefined ? values.defaultRole : (state.tables.organizations.get(organization)?.defaultRole ?? null)
  return insert(state, state.tables.samlProviders, {
    organization,
    label: values.label,
    entityID: values.entityID,
    certificate: certificate.pem,
    ...(certificate.notAfter ? { certificateExpiresAt: certificate.notAfter.toISOString() } : {}),
    ssoURL: values.ssoURL,
    ...(values.defaultTeam ? { defaultTeam: values.defaultTeam } : {}),
    defaultRole,
    createdAt: state.clock.stamp(),
  })
}

/** Changes the given fields; a new certificate replaces the expiry read from the old one. */
export function updateSAMLProvider(state: State, provider: SAMLProviderRecord, changes: Partial<SAMLProviderValues>): SAMLProviderRecord {
  const certificate = changes.certificate !== undefined ? parseCertificate(changes.certificate) : undefined
  if (changes.defaultTeam) checkTeam(state, provider.organization, changes.defaultTeam)
  if (changes.entityID !== undefined) checkEntityID(state, provider.organization, changes.entityID, provider.id)
  const patch: Patch<SAMLProviderRecord> = {}
  if (changes.label !== undefined) patch.label = changes.label
  if (changes.entityID !== undefined) patch.entityID = changes.entityID
  if (changes.ssoURL !== undefined) patch.ssoURL = changes.ssoURL
  if (changes.defaultRole !== undefined) patch.defaultRole = changes.defaultRole
  if (changes.defaultTeam !== undefined) patch.defaultTeam = changes.defaultTeam ?? undefined
  if (certificate) {
    patch.certificate = certificate.pem
    patch.certificateExpiresAt = certificate.notAfter?.toISOString()
  }
  return state.tables.samlProviders.update(provider, patch)
}

/** Deletes a provider; the last one of an organization that enforces SSO stays, or nobody could sign in. */
export function deleteSAMLProvider(state: State, provider: SAMLProviderRecord): void {
  const org = state.tables.organizations.get(provider.organization)
  if (org?.sso && providersOf(state, provider.organization).length === 1) {
    throw conflict(
      `SAML provider ${provider.id} is the last one of organization ${provider.organization}, which enforces SSO: turn SSO enforcement off first`,
    )
  }
  state.tables.samlProviders.delete(provider)
}

/** A deleted team is no longer anyone's default team: members signing in then join no team. */
export function teamDeletedFromProviders(state: State, team: TeamRecord): void {
  for (const provider of [...providersOf(state, team.organization)]) {
    if (provider.defaultTeam === team.id) state.tables.samlProviders.update(provider, { defaultTeam: undefined })
  }
}

/** Whether the provider's certificate has expired on the platform clock (then nobody can sign in through it). */
export function certificateExpired(state: State, provider: SAMLProviderRecord): boolean {
  return provider.certificateExpiresAt !== undefined && Date.parse(provider.certificateExpiresAt) < state.clock.ms()
}
