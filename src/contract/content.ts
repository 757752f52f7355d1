/**
 * Operations of the content area (issue 3 (content, change-request content, reviewers, search, links)).
 * Declare each with `defineOperation`; the table, SDK, mock router and OpenAPI pick them up.
 */
export {}
