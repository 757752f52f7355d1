import type { Caller } from '../model/access.ts'
import { sitePermissions } from '../model/sites/sites.ts'
import type { SiteRecord } from '../model/sites/tables.ts'
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
    urls: {
      published: siteUrl(site),
      app: `${state.urls.app}/o/${site.organization}/sites/${site.id}`,
      location: `${state.urls.api}/v1/orgs/${site.organization}/sites/${site.id}`,
    },
    permissions: sitePermissions(state, caller.user.id, site),
  }
}
