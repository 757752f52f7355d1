import { createOrgTables } from './orgs/tables.ts'
import { createSpaceTables } from './spaces/tables.ts'
import { createContentTables } from './content/tables.ts'
import { createCommentsTables } from './comments/tables.ts'
import { createSitesTables } from './sites/tables.ts'
import { createServicesTables } from './services/tables.ts'
import { createIntegrationsTables } from './integrations/tables.ts'

/** Every table of the platform, one factory per area. */
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
