import type { Caller } from '../model/access.ts'
import { sitePermissions } from '../model/sites/sites.ts'
import type { SiteRecord } from '../tables/sites.ts'
import { siteUrl } from '../model/sites/urls.ts'
import type { State } from '../model/state.ts'

/** A site with its URLs and the caller's permissions on it. */
export function presentSite(state: State, caller: Caller, site: SiteRecord) {
  const app = `${state.urls.app}/o/${site.organization}/sites/${site.id}`
  return {
    object: 'site' as const,
    id: site.id,
    title: site.title,
    hostname: site.hostname,
    visibility: site.visibility,
    ...siteTypes(state, site),
    // A site sets no default level of its own: its content's levels apply.
    defaultLevel: 'inherit' as const,
    // Every site is live from its creation: nothing unpublishes one, so its published URL always answers.
    published: true,
    createdAt: site.createdAt,
    siteSpaces: state.indexes.siteSpacesBySite.get(site.id).length,
    // The premium settings (custom styling, adaptive content, ads...) are none the mock keeps.
    features: [],
    urls: {
      published: siteUrl(site),
      app,
      location: `${state.urls.api}/v1/orgs/${site.organization}/sites/${site.id}`,
      preview: `${app}/preview`,
    },
    permissions: fullPermissions(sitePermissions(state, caller.user.id, site)),
  }
}

/**
 * The rights the published description names beside `view` and `admin`: a site's content,
 * structure, integrations and adaptive schema are changed by its admins only; every member who
 * sees the site opens it in the app and reads its adaptive schema.
 */
function fullPermissions(rights: { view: boolean; admin: boolean }) {
  return {
    ...rights,
    access: rights.view,
    edit: rights.admin,
    create: rights.admin,
    installIntegration: rights.admin,
    viewAdaptiveSchema: rights.view,
    editAdaptiveSchema: rights.admin,
  }
}

/**
 * A site's plan follows its organization's: the free plans give basic sites, the business plans
 * premium ones, enterprise ultimate. Nothing here freezes a site, so the applied type is the type.
 */
function siteTypes(state: State, site: SiteRecord) {
  const plan = state.tables.organizations.get(site.organization)?.plan ?? ''
  const type = plan.startsWith('enterprise') ? 'ultimate' : plan.startsWith('free') ? 'basic' : 'premium'
  return { type, appliedType: type } as { type: 'basic' | 'premium' | 'ultimate'; appliedType: 'basic' | 'premium' | 'ultimate' }
}
