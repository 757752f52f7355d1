/**
 * Operations of the integrations area: the catalog (publish, list, read, unpublish),
 * installations with their space and site lists, events, development mode and rendering. One
 * file per part under `integrations/`, re-exported here so the table, the SDK generator, the
 * mock router and the OpenAPI document see one module.
 */
export * from './integrations/catalog.ts'
export * from './integrations/installations.ts'
export * from './integrations/events.ts'
export * from './integrations/development.ts'
export * from './integrations/installation.ts'
