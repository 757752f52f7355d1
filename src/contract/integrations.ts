/**
 * Operations of the integrations area (issue 7 (integrations)).
 * Declare each with `defineOperation`; the table, SDK, mock router and OpenAPI pick them up.
 */
export {}
