import type * as contract from '../../../src/contract/content/search.ts'
import { paginateArray } from '../../base/paginate.ts'
import { targetOf } from '../../model/content/revisions.ts'
import { searchesPreparation, searchOrganization, searchPreparation, searchRevision } from '../../derived/content/search.ts'
import { searchableSpaces } from '../../model/content/searchable.ts'
import { viewOf } from '../../derived/content/view.ts'
import { pageRanks, presentSearchResult } from '../../present/search.ts'
import { loadOrganization, loadSpace } from '../load.ts'
import { Deferred, MAX_PREPARES } from '../deferred.ts'
import type { Handlers, OpsOf } from '../types.ts'

/** Handlers of search: a space the caller can view, or every such space of an organization. */
export const searchHandlers: Handlers<OpsOf<typeof contract>> = {
  searchSpaceContent: ({ state, caller, input, prepared }) => {
    const target = targetOf(loadSpace(state, caller, input.spaceId))
    const work = prepared ? undefined : searchPreparation(state, [target.revision])
    if (work) return Deferred.prepare(work)
    const ranked = searchRevision(state, viewOf(state, target.revision), input.query).map((match, rank) => ({ match, rank }))
    return paginateArray(
      'spaceSearch',
      ranked,
      (r) => [r.rank],
      input,
      (r) => presentSearchResult(state, target, r.match, r.rank + 1),
    )
  },

  searchOrganizationContent: ({ state, caller, input, prepared }) => {
    const { org } = loadOrganization(state, caller, input.organizationId)
    // Its indexes first, then (over many spaces) its searches, outside the state lock; a round
    // is kept for the searches, whatever writes landed meanwhile.
    const rounds = prepared ?? 0
    const spaces = searchableSpaces(state, org.id, caller.user.id)
    const index =
      rounds < MAX_PREPARES - 1
        ? searchPreparation(
            state,
            spaces.map((space) => space.revision),
          )
        : undefined
    if (index) return Deferred.prepare(index)
    const searches = rounds < MAX_PREPARES ? searchesPreparation(state, spaces, [input.query]) : undefined
    if (searches) return Deferred.prepare(searches)
    const ranked = searchOrganization(state, spaces, input.query).map((result, rank) => ({ ...result, rank }))
    const ranks = pageRanks(ranked)
    return paginateArray(
      'organizationSearch',
      ranked,
      (r) => [r.rank],
      input,
      (r) => ({
        type: 'space' as const,
        id: r.space.id,
        title: r.space.title,
        score: r.score,
        pages: r.pages.map((match) => presentSearchResult(state, targetOf(r.space), match, ranks.get(match)!)),
      }),
    )
  },
}
