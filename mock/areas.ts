import type { Area } from './model/hooks.ts'
import { contentArea } from './model/content/area.ts'
import { commentsArea } from './model/comments/area.ts'
import { sitesArea } from './model/sites/area.ts'
import { servicesArea } from './model/services/area.ts'
import { integrationsArea } from './model/integrations/area.ts'

/**
 * The areas plugged into the platform. Adding an area: its tables in `model/db.ts`, its
 * handlers in `handlers/index.ts`, its contract in `src/contract/index.ts`, and its `Area` here.
 */
export const platformAreas: Area[] = [contentArea, commentsArea, sitesArea, servicesArea, integrationsArea]
