import type { IntegrationTarget } from '../../../src/schemas/integration.ts'
import { listsOwnerIntegrations } from './access.ts'
import type { State } from '../state.ts'
import type { IntegrationRecord } from '../../tables/integrations.ts'

/** The integration published under this name, if any. */
export function integrationByName(state: State, name: string): IntegrationRecord | undefined {
  return state.indexes.integrationsByName.get(name)[0]
}

/** Filters of the integration list (each one absent means no filtering on it). */
export interface CatalogFilters {
  search?: string | undefined
  category?: string | undefined
  blockDomain?: string | undefined
  blocks?: boolean | undefined
  contentSources?: boolean | undefined
  owner?: string | undefined
  scope?: string | undefined
  target?: IntegrationTarget | undefined
}

/**
 * Whether the list shows the integration to the user: public ones to everyone; unlisted and
 * private ones only to members of the owner organization (others reach unlisted ones by name).
 */
export function listedFor(state: State, userId: string, integration: IntegrationRecord): boolean {
  return integration.visibility === 'public' || listsOwnerIntegrations(state, userId, integration)
}

/**
 * The host a `urlUnfurl` entry unfurls, lowercased: `https://github.com/org` and `github.com`
 * give `github.com`; `*.figma.com` keeps its wildcard.
 */
export function unfurlHost(pattern: string): string {
  const withoutScheme = pattern.replace(/^https?:\/\//i, '')
  return withoutScheme.split(/[/:]/)[0]!.toLowerCase()
}

/** Whether a link of `domain` is unfurled by an entry of host `host` (`*.x.com` covers `x.com` and its subdomains). */
export function hostMatches(host: string, domain: string): boolean {
  const wanted = domain.toLowerCase()
  if (host.startsWith('*.')) return wanted === host.slice(2) || wanted.endsWith(host.slice(1))
  return host === wanted
}

export function matchesFilters(integration: IntegrationRecord, filters: CatalogFilters): boolean {
  const f = filters
  if (f.search !== undefined) {
    const text = f.search.toLowerCase()
    if (![integration.name, integration.title, integration.description].some((v) => v.toLowerCase().includes(text))) return false
  }
  if (f.category !== undefined && !integration.categories.includes(f.category)) return false
  if (f.scope !== undefined && !integration.scopes.includes(f.scope)) return false
  if (f.owner !== undefined && integration.organization !== f.owner) return false
  if (f.blocks !== undefined && integration.blocks.length > 0 !== f.blocks) return false
  if (f.contentSources !== undefined && integration.contentSources.length > 0 !== f.contentSources) return false
  // `all` installs at every target, so it answers a question about any one of them.
  if (f.target !== undefined && integration.target !== f.target && integration.target !== 'all') return false
  if (f.blockDomain !== undefined) {
    const domain = f.blockDomain
    if (!integration.blocks.some((b) => (b.urlUnfurl ?? []).some((p) => hostMatches(unfurlHost(p), domain)))) return false
  }
  return true
}
