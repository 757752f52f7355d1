import type { Caller } from '../model/access.ts'
import { sitePermissions } from '../model/sites/sites.ts'
import type { SiteRecord } from '../tables/sites.ts'
import { siteUrl } from '../model/sites/urls.ts'
import type { State } from '../model/state.ts'

/** A site with its URLs and the caller's permissions on it. */
export function presentSite(state: State, caller: Caller, site: SiteRecord) {
  return {
    object: 'site' as const,
    id: site.id,
    title: site.title,
    hostname: site.hostname,
    visibility: site.visibility,
    ...siteTypes(state, site),
    // A site sets no default level of its own: its content's levels apply.
    defaultLevel: 'inherit' as const,
    urls: {
      published: siteUrl(site),
      app: `${state.urls.app}/o/${site.organization}/sites/${site.id}`,
      location: `${state.urls.api}/v1/orgs/${site.organization}/sites/${site.id}`,
    },
    permissions: sitePermissions(state, caller.user.id, site),
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
