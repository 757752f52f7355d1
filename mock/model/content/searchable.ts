import { spaceRole } from '../access.ts'
import type { SpaceRecord } from '../../tables/spaces.ts'
import type { State } from '../state.ts'

/** The live spaces of an organization a user can view: what an organization search covers. */
export function searchableSpaces(state: State, organization: string, userId: string): SpaceRecord[] {
  return state.indexes.spacesByOrg.get(organization).filter((space) => !space.deletedAt && spaceRole(state, userId, space))
}
