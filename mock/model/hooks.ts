import type { MemberRecord, TeamRecord } from './orgs/tables.ts'
import type { SpaceRecord } from './spaces/tables.ts'
import type { State } from './state.ts'

/**
 * Cascades across areas without import cycles: an area that stores things hanging off a space,
 * member or team registers here what to do when that owner goes away or is copied.
 */
export const cascades = {
  /** A space is removed for good (retention over, or its organization's content deleted). */
  spacePurged: [] as Array<(state: State, space: SpaceRecord) => void>,
  /** A space was duplicated: copy what hangs off it. */
  spaceDuplicated: [] as Array<(state: State, from: SpaceRecord, to: SpaceRecord) => Promise<void>>,
  /** A space moved to another organization. */
  spaceTransferred: [] as Array<(state: State, space: SpaceRecord, fromOrganization: string) => void>,
  /** A member left (or was removed from) an organization. */
  memberRemoved: [] as Array<(state: State, member: MemberRecord) => void>,
  /** A team was deleted. */
  teamDeleted: [] as Array<(state: State, team: TeamRecord) => void>,
  /** A new space needs its initial content (first revision). */
  spaceCreated: [] as Array<(state: State, space: SpaceRecord) => Promise<void>>,
}
