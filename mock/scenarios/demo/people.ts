import type { Role } from '../../../src/schemas/shared.ts'

/**
 * The demo's people by the name of their token (`platform.tokens.admin`): one per role of Acme,
 * a guest, and the admin of another organization. The token names are derived from this table.
 */
export const DEMO_PEOPLE = {
  admin: { displayName: 'Ada Admin', role: 'admin', org: 'acme' },
  create: { displayName: 'Carl Creator', role: 'create', org: 'acme' },
  review: { displayName: 'Rita Reviewer', role: 'review', org: 'acme' },
  edit: { displayName: 'Eddie Editor', role: 'edit', org: 'acme' },
  comment: { displayName: 'Cora Commenter', role: 'comment', org: 'acme' },
  read: { displayName: 'Reed Reader', role: 'read', org: 'acme' },
  guest: { displayName: 'Gus Guest', role: null, org: 'acme' },
  outsider: { displayName: 'Olga Outsider', role: 'admin', org: 'globex' },
} as const satisfies Record<string, { displayName: string; role: Role | null; org: 'acme' | 'globex' }>

/** The names of the demo's tokens: `platform.tokens.admin`, `platform.tokens.outsider`... */
export type DemoTokenName = keyof typeof DEMO_PEOPLE
