import type { Area } from '../hooks.ts'

/** What the integrations area plugs into the shared model (cascades, counts, demo data). */
export const integrationsArea: Area = { name: 'integrations' }
