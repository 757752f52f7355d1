import * as z from 'zod/mini'
import { OrganizationSearchResult, SearchQuery, SearchResult } from '../../schemas/search.ts'
import { List } from '../../schemas/shared.ts'
import { pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { ORG, org } from '../organizations.ts'
import { SP, space } from '../spaces.ts'

/** The search text: required, 1 to 512 characters. */
const query = z.object({ query: SearchQuery.check(z.minLength(1)), ...pagination })

export const searchSpaceContent = defineOperation({
  id: 'searchSpaceContent',
  method: 'GET',
  idempotent: true,
  path: `${SP}/search`,
  sdk: 'spaces.search',
  status: 200,
  summary: 'Search the pages of a space (titles and sections), best matches first',
  params: z.object(space),
  query,
  response: List(SearchResult),
  paginated: true,
})

export const searchOrganizationContent = defineOperation({
  id: 'searchOrganizationContent',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/search`,
  sdk: 'orgs.search',
  status: 200,
  summary: 'Search every space of the organization the caller can view, one result per space',
  params: z.object(org),
  query,
  response: List(OrganizationSearchResult),
  paginated: true,
})
