import * as z from 'zod/mini'
import type { SearchSectionShape, SearchResultShape, OrganizationSearchResultShape } from '../generated/shapes.ts'

/** Space search `query` bound: at most 512 characters. */
export const SearchQuery = z.string().check(z.maxLength(512))
export type SearchQuery = z.infer<typeof SearchQuery>

/** A section of a page matched by a search. */
export const SearchSection = z.looseObject({
  id: z.string(),
  title: z.optional(z.string()),
  path: z.optional(z.string()),
  /** Relevance of the section's match: higher is better, unbounded. */
  score: z.optional(z.number()),
  body: z.optional(z.string()),
  urls: z.optional(z.looseObject({ app: z.optional(z.string()) })),
})
export interface SearchSection extends SearchSectionShape {}

/** Space search result item: a matched page and its matched sections. */
export const SearchResult = z.looseObject({
  id: z.string(),
  title: z.optional(z.string()),
  /** The page's description (empty when it has none). */
  description: z.optional(z.string()),
  path: z.optional(z.string()),
  /** Relevance of the page's match: higher is better, unbounded. */
  score: z.optional(z.number()),
  /** One-based place of the page among every page the search found (kept across pages of results and spaces). */
  rank: z.optional(z.number()),
  /** The titles of the pages above it, from the top level to its parent. */
  ancestors: z.optional(z.array(z.looseObject({ title: z.string() }))),
  sections: z.optional(z.array(SearchSection)),
  urls: z.optional(z.looseObject({ app: z.optional(z.string()) })),
})
export interface SearchResult extends SearchResultShape {}

/** Organization search item: a space (id, title) with its matched pages. */
export const OrganizationSearchResult = z.looseObject({
  /** Always `space`. */
  type: z.optional(z.literal('space')),
  id: z.string(),
  title: z.optional(z.string()),
  /** Relevance of the space: its best page's score. */
  score: z.optional(z.number()),
  pages: z.optional(z.array(SearchResult)),
})
export interface OrganizationSearchResult extends OrganizationSearchResultShape {}
