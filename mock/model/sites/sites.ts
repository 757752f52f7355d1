import type { SiteVisibility } from '../../../src/schemas/site.ts'
import { membership } from '../access.ts'
import { insert, type State } from '../state.ts'
import { slugify, uniquePath } from './paths.ts'
import type { SiteRecord } from '../../tables/sites.ts'

/** What a new site needs (sites come from scenarios and builders: the API has no site creation). */
export interface NewSite {
  organization: string
  title: string
  visibility?: SiteVisibility | undefined
  /** Default: `{organization hostname}.docplat.site`. */
  hostname?: string | undefined
  /** Path of the site on its host; default: a slug of the title, unique on the host. */
  basename?: string | undefined
  /** Users (members of the organization) who administer this site. */
  admins?: readonly string[] | undefined
}

/** Creates a site without sections or site spaces. */
export function createSite(state: State, values: NewSite): SiteRecord {
  const org = state.tables.organizations.get(values.organization)
  if (!org) throw new Error(`No organization ${values.organization}`)
  for (const user of values.admins ?? []) {
    if (!state.tables.members.get(`${org.id}:${user}`)) throw new Error(`User ${user} is not a member of organization ${org.id}`)
  }
  const hostname = values.hostname ?? `${org.hostname}.docplat.site`
  const taken = new Set([...state.tables.sites.all()].filter((s) => s.hostname === hostname).map((s) => s.basename))
  const basename = values.basename ?? uniquePath(slugify(values.title, 'site'), taken)
  if (taken.has(basename)) throw new Error(`https://${hostname}/${basename} is already a site`)
  return insert(state, state.tables.sites, {
    organization: org.id,
    title: values.title,
    hostname,
    basename,
    visibility: values.visibility ?? 'public',
    admins: [...new Set(values.admins ?? [])],
    createdAt: state.clock.stamp(),
  })
}

/**
 * The caller's permissions on a site, as its `permissions` object reports them: members of the
 * organization view it; organization admins and the site's own admins administer it.
 */
export function sitePermissions(state: State, userId: string, site: SiteRecord) {
  const member = membership(state, site.organization, userId)
  return {
    view: member !== undefined,
    admin: member !== undefined && (member.role === 'admin' || site.admins.includes(userId)),
  }
}
