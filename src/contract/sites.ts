/**
 * Operations of the sites area (issue 5 (sites, sections, groups, site spaces, redirects, share links)).
 * Declare each with `defineOperation`; the table, SDK, mock router and OpenAPI pick them up.
 */
export {}
