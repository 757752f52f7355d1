import * as z from 'zod/mini'

/** Space search `query` bound: at most 512 characters. */
export const SearchQuery = /*@__PURE__*/ z.string().check(z.maxLength(512))
export type SearchQuery = z.infer<typeof SearchQuery>

/** A section of a page matched by a search. */
export const SearchSection = /*@__PURE__*/ z.looseObject({
  id: z.string(),
  title: z.optional(z.string()),
  path: z.optional(z.string()),
  body: z.optional(z.string()),
  urls: z.optional(z.looseObject({ app: z.optional(z.string()) })),
})
export interface SearchSection extends z.infer<typeof SearchSection> {}

/** Space search result item: a matched page and its matched sections. */
export const SearchResult = /*@__PURE__*/ z.looseObject({
  id: z.string(),
  title: z.optional(z.string()),
  path: z.optional(z.string()),
  sections: z.optional(z.array(SearchSection)),
  urls: z.optional(z.looseObject({ app: z.optional(z.string()) })),
})
export interface SearchResult extends z.infer<typeof SearchResult> {}

/** Organization search item: a space (id, title) with its matched pages. */
export const OrganizationSearchResult = /*@__PURE__*/ z.looseObject({
  id: z.string(),
  title: z.optional(z.string()),
  pages: z.optional(z.array(SearchResult)),
})
export interface OrganizationSearchResult extends z.infer<typeof OrganizationSearchResult> {}
