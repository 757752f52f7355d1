/**
 * Operations of the comments area (issue 4 (space and change-request comments)).
 * Declare each with `defineOperation`; the table, SDK, mock router and OpenAPI pick them up.
 */
export {}
