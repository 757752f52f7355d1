import * as z from 'zod/mini'
import { Role } from '../../src/schemas/shared.ts'
import { SpaceEditMode, SpaceVisibility } from '../../src/schemas/space.ts'
import { Table, type Stored } from './table.ts'

const base = { id: z.string(), seq: z.number() }

/**
 * Spaces and collections share one ordering among the children of a parent (the organization's
 * root or a collection): `position` is an order key (`order-keys.ts`) between its neighbours'.
 */
const placed = { organization: z.string(), parent: z.optional(z.string()), position: z.string() }

export const CollectionRecord = z.object({
  ...base,
  ...placed,
  title: z.string(),
  description: z.optional(z.string()),
  defaultLevel: z.nullable(Role),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type CollectionRecord = Stored<z.infer<typeof CollectionRecord>>

export const SpaceRecord = z.object({
  ...base,
  ...placed,
  title: z.string(),
  emoji: z.string(),
  visibility: SpaceVisibility,
  editMode: SpaceEditMode,
  defaultLevel: z.nullable(Role),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.optional(z.string()),
  /** ID of the active revision. */
  revision: z.string(),
  visitorAuth: z.optional(z.object({ backend: z.string() })),
  gitSync: z.optional(z.object({ repoName: z.string(), installationProvider: z.string(), url: z.string(), updatedAt: z.string() })),
})
export type SpaceRecord = Stored<z.infer<typeof SpaceRecord>>

/** An explicit permission: a user or team given a role on a space or collection. */
export const GrantRecord = z.object({
  ...base,
  organization: z.string(),
  target: z.string(),
  targetKind: z.enum(['space', 'collection']),
  principal: z.string(),
  principalKind: z.enum(['user', 'team']),
  role: Role,
})
export type GrantRecord = Stored<z.infer<typeof GrantRecord>>

/**
 * A change request on a space: proposed edits in its own revisions. `number` counts per space
 * from 1, so paths accept either the ID or the number.
 */
export const ChangeRequestRecord = z.object({
  ...base,
  space: z.string(),
  number: z.number(),
  subject: z.string(),
  status: z.enum(['draft', 'open', 'merged', 'archived']),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The space revision the change request started from. */
  baseRevision: z.string(),
  /** The change request's latest revision. */
  revision: z.string(),
})
export type ChangeRequestRecord = Stored<z.infer<typeof ChangeRequestRecord>>

/** Group key of a parent's children: the collection, or the organization's root. */
export const parentKey = (r: { organization: string; parent?: string | undefined }) => r.parent ?? `root:${r.organization}`

export function createSpaceTables() {
  const collections = new Table<CollectionRecord>(CollectionRecord)
  const spaces = new Table<SpaceRecord>(SpaceRecord)
  const grants = new Table<GrantRecord>(GrantRecord)
  const changeRequests = new Table<ChangeRequestRecord>(ChangeRequestRecord)
  return {
    changeRequests,
    /** Change requests of a space by number. */
    changeRequestsBySpace: changeRequests.index(
      (c) => c.space,
      (c) => [c.number],
    ),
    collections,
    spaces,
    grants,
    /** Live spaces under each parent in their order; deleted spaces are filed apart. */
    spacesByParent: spaces.index(
      (s) => (s.deletedAt ? undefined : parentKey(s)),
      (s) => [s.position, s.seq],
    ),
    /** Every space of an organization, live or deleted, oldest first. */
    spacesByOrg: spaces.index(
      (s) => s.organization,
      (s) => [s.seq],
    ),
    /**
     * The live spaces of an organization, oldest first: every one a full member can see, so their
     * list of spaces pages through this range instead of filtering every space.
     */
    liveSpacesByOrg: spaces.index(
      (s) => (s.deletedAt ? undefined : s.organization),
      (s) => [s.seq],
    ),
    /** The live public and unlisted spaces of an organization, oldest first: readable by anyone signed in. */
    openSpacesByOrg: spaces.index(
      (s) => (s.deletedAt || (s.visibility !== 'public' && s.visibility !== 'unlisted') ? undefined : s.organization),
      (s) => [s.seq],
    ),
    /** Soft-deleted spaces by deletion time, for the retention sweep. */
    deletedSpaces: spaces.index(
      (s) => (s.deletedAt ? 'deleted' : undefined),
      (s) => [Date.parse(s.deletedAt!), s.seq],
    ),
    collectionsByParent: collections.index(
      (c) => parentKey(c),
      (c) => [c.position, c.seq],
    ),
    collectionsByOrg: collections.index(
      (c) => c.organization,
      (c) => [c.seq],
    ),
    grantsByTarget: grants.index(
      (g) => g.target,
      (g) => [g.seq],
    ),
    grantsByPrincipal: grants.index(
      (g) => g.principal,
      (g) => [g.seq],
    ),
  }
}
