import type { Area } from '../hooks.ts'

/** What the comments area plugs into the shared model (cascades, counts, demo data). */
export const commentsArea: Area = { name: 'comments' }
