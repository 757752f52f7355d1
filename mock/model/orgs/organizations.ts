import type { Role } from '../../../src/schemas/shared.ts'
import { badRequest, conflict, notFound } from '../../base/http-error.ts'
import { insert, newSecret, type State } from '../state.ts'
import type { OrganizationRecord } from '../../tables/orgs.ts'
import type { Patch } from '../../tables/table.ts'

export interface NewOrganization {
  title: string
  emailDomains?: string[] | undefined
  hostname?: string | undefined
  defaultRole?: Role | null | undefined
  type?: string | undefined
  useCase?: string | undefined
  plan?: string | undefined
  sso?: boolean | undefined
  ai?: boolean | undefined
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'org'
  )
}

/** Creates an organization; its hostname is derived from the title and kept unique. */
export function createOrganization(state: State, values: NewOrganization): OrganizationRecord {
  let hostname = values.hostname ?? slugify(values.title)
  if (hostname.length < 3) hostname = `${hostname}-org`
  for (let n = 2; hostnameTaken(state, hostname); n++) hostname = `${slugify(values.title)}-${n}`
  return insert(state, state.tables.organizations, {
    title: values.title,
    createdAt: state.clock.stamp(),
    emailDomains: values.emailDomains ?? [],
    hostname,
    type: values.type ?? 'business',
    useCase: values.useCase ?? 'internalDocs',
    defaultRole: values.defaultRole === undefined ? 'read' : values.defaultRole,
    sso: values.sso ?? false,
    ai: values.ai ?? true,
    inviteLinks: true,
    plan: values.plan ?? 'free_2024',
    visitorSecret: newSecret(state, 32),
  })
}

function hostnameTaken(state: State, hostname: string, except?: string): boolean {
  for (const o of state.tables.organizations.all()) if (o.hostname === hostname && o.id !== except) return true
  return false
}

export interface OrganizationChanges {
  title?: string | undefined
  emailDomains?: string[] | undefined
  hostname?: string | undefined
  defaultRole?: Role | null | undefined
  defaultContent?: { type: 'site'; site: string } | undefined
  logo?: string | undefined
  sso?: boolean | undefined
  ai?: boolean | undefined
  inviteLinks?: boolean | undefined
}

/** Updates an organization; a hostname another organization uses is a conflict. */
export function updateOrganization(state: State, org: OrganizationRecord, changes: OrganizationChanges): OrganizationRecord {
  // The schema bounds the length; a title of spaces only would still name nothing.
  if (changes.title !== undefined && changes.title.trim() === '') throw badRequest('Invalid body.title: must not be blank')
  if (changes.defaultContent !== undefined && state.tables.sites.get(changes.defaultContent.site)?.organization !== org.id) {
    throw badRequest(`Invalid body.defaultContent.site: ${changes.defaultContent.site} is not a site of the organization`)
  }
  if (changes.hostname !== undefined && hostnameTaken(state, changes.hostname, org.id)) {
    throw conflict(`Hostname "${changes.hostname}" is already used by another organization`)
  }
  const patch: Patch<OrganizationRecord> = {}
  for (const key of ['title', 'hostname', 'defaultRole', 'defaultContent', 'logo', 'sso', 'ai', 'inviteLinks'] as const) {
    if (changes[key] !== undefined) (patch as Record<string, unknown>)[key] = changes[key]
  }
  if (changes.emailDomains !== undefined) patch.emailDomains = [...new Set(changes.emailDomains.map((d) => d.toLowerCase()))]
  return state.tables.organizations.update(org, patch)
}

/** Organizations users with an address at `domain` may join. */
export function organizationsForEmailDomain(state: State, domain: string): OrganizationRecord[] {
  const wanted = domain.toLowerCase()
  return [...state.tables.organizations.all()].filter((o) => o.emailDomains.includes(wanted))
}

export function createInvite(state: State, organization: string, role: Role | null = 'read') {
  return insert(state, state.tables.invites, { organization, role, createdAt: state.clock.stamp() })
}

export function deleteInvite(state: State, org: OrganizationRecord, inviteId: string): void {
  const invite = state.tables.invites.get(inviteId)
  if (!invite || invite.organization !== org.id) throw notFound(`Invite ${inviteId} not found`)
  state.tables.invites.delete(invite)
}
