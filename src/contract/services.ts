/**
 * Operations of the services area: translation settings, OpenAPI specifications, SAML and SSO,
 * AI question answering. One file per resource under `services/`, re-exported here so the
 * table, the SDK generator, the mock router and the OpenAPI document see one module.
 */
export * from './services/translations.ts'
export * from './services/openapi.ts'
export * from './services/saml.ts'
export * from './services/ask.ts'
