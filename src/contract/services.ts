/**
 * Operations of the services area (issue 6 (translations, OpenAPI specs, SAML/SSO, AI ask)).
 * Declare each with `defineOperation`; the table, SDK, mock router and OpenAPI pick them up.
 */
export {}
