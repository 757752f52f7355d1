import type { Area } from '../hooks.ts'

/** What the services area plugs into the shared model (cascades, counts, demo data). */
export const servicesArea: Area = { name: 'services' }
