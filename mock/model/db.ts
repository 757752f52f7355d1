import { createOrgTables } from './orgs/tables.ts'
import { createSpaceTables } from './spaces/tables.ts'

/** Every table of the platform, one factory per area. */
export function createDb() {
  return {
    ...createOrgTables(),
    ...createSpaceTables(),
  }
}

export type Db = ReturnType<typeof createDb>
