import type { Area } from '../hooks.ts'

/** What the sites area plugs into the shared model (cascades, counts, demo data). */
export const sitesArea: Area = { name: 'sites' }
