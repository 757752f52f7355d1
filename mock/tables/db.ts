import { createOrgTables } from './orgs.ts'
import { createSpaceTables } from './spaces.ts'
import { createContentTables } from './content.ts'
import { createCommentsTables } from './comments.ts'
import { createSitesTables } from './sites.ts'
import { createServicesTables } from './services.ts'
import { createIntegrationsTables } from './integrations.ts'
import { Table } from './table.ts'

/** Every table of the platform with its indexes, one factory per area: the state keeps them apart (`tables`, `indexes`). */
export function createDb() {
  return {
    ...createOrgTables(),
    ...createSpaceTables(),
    ...createContentTables(),
    ...createCommentsTables(),
    ...createSitesTables(),
    ...createServicesTables(),
    ...createIntegrationsTables(),
  }
}

export type Db = ReturnType<typeof createDb>

/** The tables alone, without the indexes: what `platform.db` shows. */
export type Tables = { readonly [K in keyof Db as Db[K] extends Table<infer _R> ? K : never]: Db[K] }

/** The sorted indexes over the tables, by name (`pagesByRevision`, `commentsByThreadStatus`...): the model's, never shown. */
export type Indexes = { readonly [K in keyof Db as Db[K] extends Table<infer _R> ? never : K]: Db[K] }

/** The tables of a database, by name (indexes left out). */
export function tablesOf(db: Db): Tables {
  return Object.fromEntries(Object.entries(db).filter(([, value]) => value instanceof Table)) as Tables
}

/** The indexes of a database, by name (tables left out). */
export function indexesOf(db: Db): Indexes {
  return Object.fromEntries(Object.entries(db).filter(([, value]) => !(value instanceof Table))) as Indexes
}
