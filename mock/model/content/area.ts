import type { Area } from '../hooks.ts'

/** What the content area plugs into the shared model (cascades, counts, demo data). */
export const contentArea: Area = { name: 'content' }
