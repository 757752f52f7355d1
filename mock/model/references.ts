import type { SerializedState } from './state.ts'

/**
 * The references a state must keep whole, whether it comes from a state file, `platform.restore` or
 * `PUT /_docplat/state`: per table, the fields naming a record of another
 * table (absent optional fields are fine). These are the owners every operation takes for granted
 * (a member's organization, a space's parent collection): a record whose owner is missing would
 * load and then fail every request that touches it.
 */
export const REFERENCES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  tokens: { user: 'users' },
  members: { organization: 'organizations', user: 'users' },
  teams: { organization: 'organizations' },
  teamMembers: { team: 'teams', user: 'users' },
  invites: { organization: 'organizations' },
  collections: { organization: 'organizations', parent: 'collections' },
  spaces: { organization: 'organizations', parent: 'collections', revision: 'revisions' },
  changeRequests: { space: 'spaces', revision: 'revisions' },
  comments: { space: 'spaces' },
  commentReplies: { comment: 'comments' },
  sites: { organization: 'organizations' },
  siteSections: { site: 'sites' },
  siteSectionGroups: { site: 'sites' },
  siteSpaces: { site: 'sites' },
  siteRedirects: { site: 'sites' },
  shareLinks: { site: 'sites' },
  integrations: { organization: 'organizations' },
  integrationInstallations: { integration: 'integrations', organization: 'organizations' },
  translations: { organization: 'organizations' },
  openapiSpecs: { organization: 'organizations' },
  samlProviders: { organization: 'organizations' },
}

/** A state refused because a record points at a record the state lacks; the message names the first. */
export class DanglingReferenceError extends TypeError {
  override name = 'DanglingReferenceError'
}

/** The first record pointing at a record the state lacks, described for the user; undefined when whole. */
export function findDanglingReference(state: SerializedState): string | undefined {
  const ids = new Map<string, Set<string>>()
  const idsOf = (table: string) => {
    let set = ids.get(table)
    if (!set) ids.set(table, (set = new Set((state.tables[table] ?? []).map((r) => (r as { id?: unknown }).id as string))))
    return set
  }
  for (const [table, fields] of Object.entries(REFERENCES)) {
    const records = state.tables[table] ?? []
    for (let i = 0; i < records.length; i++) {
      const record = records[i] as Record<string, unknown> | null
      if (typeof record !== 'object' || record === null) continue
      for (const [field, target] of Object.entries(fields)) {
        const value = record[field]
        if (value === undefined || value === null) continue
        // A deleted space may name a parent that went meanwhile: restoring it sends it to the root.
        if (field === 'parent' && record.deletedAt !== undefined) continue
        if (typeof value !== 'string' || !idsOf(target).has(value)) {
          const name = typeof record.id === 'string' ? ` "${record.id}"` : ''
          return `${table}[${i}]${name} has ${field} ${JSON.stringify(value)}, which is not in ${target}; fix or remove that record`
        }
      }
    }
  }
  return undefined
}
