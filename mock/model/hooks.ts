import type { Role } from '../../src/schemas/shared.ts'
import type { Builders } from '../scenarios/builders.ts'
import type { DemoContext } from '../scenarios/demo/foundation.ts'
import type { SpaceAccessContext } from './access.ts'
import type { MemberRecord, TeamRecord } from './orgs/tables.ts'
import type { ChangeRequestRecord, SpaceRecord } from './spaces/tables.ts'
import type { State } from './state.ts'

/**
 * What an area of the platform (content, comments, sites...) plugs into the shared model:
 * cascades when owners go away or are copied, extra ways into a space, counts and URLs the
 * space presenter shows, clock-driven work, and its part of the demo scenario. Areas are listed
 * in `mock/areas.ts` and installed once by `createMockPlatform` (no import side effects).
 */
export interface Area {
  name: string
  /** A new space needs its initial content. */
  spaceCreated?: (state: State, space: SpaceRecord) => Promise<void>
  /** A change request was opened: give it its own revision (a copy of the space's). */
  changeRequestCreated?: (state: State, changeRequest: ChangeRequestRecord, space: SpaceRecord) => Promise<void>
  /** A page of a revision, for areas that point at pages (comment targets). */
  pageInfo?: (state: State, revision: string, pageId: string) => PageInfo | undefined
  /** A block (node) of a revision's pages, for comments anchored to a node. */
  nodeInfo?: (state: State, revision: string, nodeId: string) => { id: string; preview: string; page: string } | undefined
  /** A space was duplicated: copy what hangs off it. */
  spaceDuplicated?: (state: State, from: SpaceRecord, to: SpaceRecord) => Promise<void>
  /** A space moved to another organization. */
  spaceTransferred?: (state: State, space: SpaceRecord, fromOrganization: string) => void
  /** A space is removed for good. */
  spacePurged?: (state: State, space: SpaceRecord) => void
  /** A member left an organization. */
  memberRemoved?: (state: State, member: MemberRecord) => void
  /** A team was deleted. */
  teamDeleted?: (state: State, team: TeamRecord) => void
  /** Opens a space to callers beyond membership (e.g. an active share link's key). */
  spaceAccess?: (state: State, space: SpaceRecord, context: SpaceAccessContext) => Role | undefined
  /** URLs the area knows for a space (a published site URL). */
  spaceUrls?: (state: State, space: SpaceRecord, context: SpaceAccessContext) => Record<string, string> | undefined
  /** Counts of a space the area keeps. */
  spaceCounts?: (state: State, space: SpaceRecord) => Partial<{ comments: number; changeRequests: number; changeRequestsOpen: number; changeRequestsDraft: number }>
  /** Work the clock makes due, run before every request (must be cheap when nothing is due). */
  maintenance?: (state: State) => void
  /** The area's part of the demo scenario, after the foundation's. */
  demo?: (builders: Builders, demo: DemoContext) => Promise<void>
}

/** What other areas may know of a page without depending on the content area's records. */
export interface PageInfo {
  id: string
  title: string
  emoji?: string | undefined
  icon?: string | undefined
  path: string
  createdAt: string
  updatedAt: string
}

/** The first area that answers a lookup (e.g. `lookup((a) => a.pageInfo?.(state, rev, id))`). */
export function lookup<T>(ask: (area: Area) => T | undefined): T | undefined {
  for (const area of areas) {
    const answer = ask(area)
    if (answer !== undefined) return answer
  }
  return undefined
}

/** The installed areas, in order. */
export const areas: Area[] = []

/** Installs areas once (later calls with the same areas do nothing). */
export function installAreas(list: readonly Area[]): void {
  for (const area of list) if (!areas.some((a) => a.name === area.name)) areas.push(area)
}
