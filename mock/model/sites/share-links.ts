import { insert, newSecret, type State } from '../state.ts'
import type { SpaceRecord } from '../../tables/spaces.ts'
import type { ShareLinkRecord, SiteRecord } from '../../tables/sites.ts'
import type { Patch } from '../../tables/table.ts'

/** Length of a share link's secret key. */
const KEY_LENGTH = 24

/** Creates a share link with a new secret key (from `crypto.getRandomValues`, not the stream of public IDs). */
export function createShareLink(state: State, site: SiteRecord, values: { name: string; active?: boolean | undefined }): ShareLinkRecord {
  let key = newSecret(state, KEY_LENGTH)
  while (state.indexes.shareLinksByKey.get(key).length > 0) key = newSecret(state, KEY_LENGTH)
  return insert(state, state.tables.shareLinks, {
    site: site.id,
    name: values.name,
    key,
    active: values.active ?? true,
    createdAt: state.clock.stamp(),
  })
}

export function updateShareLink(
  state: State,
  link: ShareLinkRecord,
  changes: { name?: string | undefined; active?: boolean | undefined },
): ShareLinkRecord {
  const patch: Patch<ShareLinkRecord> = {}
  if (changes.name !== undefined) patch.name = changes.name
  if (changes.active !== undefined) patch.active = changes.active
  return state.tables.shareLinks.update(link, patch)
}

export function deleteShareLink(state: State, link: ShareLinkRecord): void {
  state.tables.shareLinks.delete(link)
}

/** The active share links whose key is `key` (a key opens nothing once its link is turned off). */
export function activeLinksWithKey(state: State, key: string | undefined): readonly ShareLinkRecord[] {
  return key ? state.indexes.shareLinksByKey.get(key).filter((l) => l.active) : []
}

/**
 * The share link a `shareKey` resolves to on a site: an active link of that site, and only for
 * a site published through share links (other sites' URLs need no key).
 */
export function resolveShareKey(state: State, site: SiteRecord, key: string | undefined): ShareLinkRecord | undefined {
  if (site.visibility !== 'share-link') return undefined
  return activeLinksWithKey(state, key).find((l) => l.site === site.id)
}

/** `read` when the key is an active share link's of a site that publishes this `share-link` space. */
export function shareLinkRole(state: State, space: SpaceRecord, shareKey: string | undefined): 'read' | undefined {
  if (space.visibility !== 'share-link') return undefined
  const published = state.indexes.siteSpacesBySpace.get(space.id)
  return activeLinksWithKey(state, shareKey).some((link) => published.some((ss) => ss.site === link.site)) ? 'read' : undefined
}
