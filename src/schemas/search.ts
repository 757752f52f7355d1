import * as z from 'zod/mini'
import type { SearchSectionShape, SearchResultShape, OrganizationSearchResultShape } from '../generated/shapes.ts'

/** Space search `query` bound: at most 512 characters. */
export const SearchQuery = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(512))
export type SearchQuery = z.infer<typeof SearchQuery>

/** A section of a page matched by a search. */
export const SearchSection = /*@__PURE__*/ z.looseObject({
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  path: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  body: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface SearchSection extends SearchSectionShape {}

/** Space search result item: a matched page and its matched sections. */
export const SearchResult = /*@__PURE__*/ z.looseObject({
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  path: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  sections: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(SearchSection)),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface SearchResult extends SearchResultShape {}

/** Organization search item: a space (id, title) with its matched pages. */
export const OrganizationSearchResult = /*@__PURE__*/ z.looseObject({
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  pages: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(SearchResult)),
})
export interface OrganizationSearchResult extends OrganizationSearchResultShape {}
