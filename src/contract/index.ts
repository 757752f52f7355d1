import type { OperationDef } from './define.ts'
import * as collections from './collections.ts'
import * as members from './members.ts'
import * as organizations from './organizations.ts'
import * as spaces from './spaces.ts'
import * as teams from './teams.ts'
import * as content from './content.ts'
import * as comments from './comments.ts'
import * as sites from './sites.ts'
import * as services from './services.ts'
import * as integrations from './integrations.ts'

/**
 * Every declared operation by operationId. The mock's router, the OpenAPI document and the
 * coverage test read this table; the SDK imports entries one by one so it stays tree-shakeable.
 */
export const operations = pick({
  ...organizations,
  ...members,
  ...teams,
  ...collections,
  ...spaces,
  ...content,
  ...comments,
  ...sites,
  ...services,
  ...integrations,
})

/** The contract's modules by file name, for generators that import entries one by one. */
export const modules = { organizations, members, teams, collections, spaces, content, comments, sites, services, integrations } as Record<
  string,
  Record<string, unknown>
>

export type Operations = typeof operations
export type OperationId = keyof Operations

function pick<T extends Record<string, unknown>>(mod: T) {
  const out: Record<string, OperationDef> = {}
  for (const [name, value] of Object.entries(mod)) {
    if (isOperation(value) && value.id === name) out[name] = value
  }
  return out as { [K in keyof T as T[K] extends OperationDef ? K : never]: Extract<T[K], OperationDef> }
}

function isOperation(value: unknown): value is OperationDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'sdk' in value
}
