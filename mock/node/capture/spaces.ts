import type { Collection } from '../../../src/schemas/collection.ts'
import type { Member } from '../../../src/schemas/member.ts'
import type { Role } from '../../../src/schemas/shared.ts'
import type { Space } from '../../../src/schemas/space.ts'
import { keyBetween } from '../../model/spaces/order-keys.ts'
import { rank } from '../../model/access.ts'
import type { CaptureContext } from './context.ts'
import type { Copy, RecordOf } from './copy.ts'

/** Collections of an organization, in tree order (the API lists each before its nested ones). */
export async function captureCollections(
  ctx: CaptureContext,
  copy: Copy,
  organizationId: string,
  createdAt: string,
): Promise<Collection[]> {
  const collections =
    (await ctx.list(`organization ${organizationId}: collections`, () => ctx.client.collections.list({ organizationId }).pages())) ?? []
  const last = new Map<string, string>()
  for (const c of collections) {
    const parentKey = c.parent ?? `root:${organizationId}`
    const position = keyBetween(last.get(parentKey), undefined)
    last.set(parentKey, position)
    copy.add('collections', {
      id: c.id,
      organization: organizationId,
      parent: c.parent,
      position,
      title: c.title,
      description: c.description,
      defaultLevel: c.defaultLevel ?? null,
      createdAt,
      updatedAt: createdAt,
    })
  }
  if (collections.length > 0) {
    ctx.placeholder('collections.createdAt', "the organization's creation time: collections show no dates", collections.length)
  }
  return collections
}

/**
 * Every space the token can reach in an organization, oldest first: its own user's space list
 * (every live space it can view, newest first by creation) and each collection's spaces.
 * Soft-deleted spaces appear in no list; they are captured when named with `--space`.
 */
export async function listSpaces(
  ctx: CaptureContext,
  organizationId: string,
  self: string | undefined,
  collections: readonly Collection[],
): Promise<Space[]> {
  const found = new Map<string, Space>()
  if (self) {
    const entries = await ctx.list(`organization ${organizationId}: spaces of the capturing user`, () =>
      ctx.client.orgs.members.listSpaces({ organizationId, userId: self, order: 'asc' }).pages(),
    )
    for (const e of entries ?? []) found.set(e.space.id, e.space)
    // Every space the user can view is in that list; collections are only a fallback.
    if (entries) return [...found.values()]
  }
  for (const collection of collections) {
    const spaces = await ctx.list(`collection ${collection.id}: spaces`, () =>
      ctx.client.collections.listSpaces({ collectionId: collection.id }).pages(),
    )
    for (const space of spaces ?? []) if (!found.has(space.id)) found.set(space.id, space)
  }
  return [...found.values()]
}

/**
 * Where each space stands among its parent's children: in a collection, the order the
 * collection lists its spaces in; at the root (which no operation lists) creation order.
 */
export async function spacePositions(
  ctx: CaptureContext,
  spaces: readonly Space[],
  collections: readonly Collection[],
): Promise<Map<string, string>> {
  const positions = new Map<string, string>()
  const last = new Map<string, string>()
  const place = (id: string, parentKey: string) => {
    if (positions.has(id)) return
    const key = keyBetween(last.get(parentKey), undefined)
    last.set(parentKey, key)
    positions.set(id, key)
  }
  const wanted = new Set(spaces.map((s) => s.id))
  for (const collection of collections) {
    const listed = await ctx.list(`collection ${collection.id}: spaces`, () =>
      ctx.client.collections.listSpaces({ collectionId: collection.id }).pages(),
    )
    for (const space of listed ?? []) if (wanted.has(space.id)) place(space.id, collection.id)
  }
  for (const space of spaces) place(space.id, space.parent ?? `root:${space.organization}`)
  return positions
}

/** A space record from its wire object. */
export function addSpace(copy: Copy, space: Space, position: string): void {
  copy.add('spaces', {
    id: space.id,
    organization: space.organization,
    parent: space.parent,
    position,
    title: space.title,
    emoji: space.emoji ?? '',
    visibility: space.visibility ?? 'private',
    editMode: space.editMode ?? 'live',
    defaultLevel: space.defaultLevel ?? null,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt ?? space.createdAt,
    deletedAt: space.deletedAt,
    revision: space.revision,
    visitorAuth: space.visitorAuth?.backend === undefined ? undefined : { backend: space.visitorAuth.backend },
    gitSync: space.gitSync
      ? {
          repoName: space.gitSync.repoName ?? '',
          installationProvider: space.gitSync.installationProvider ?? '',
          url: space.gitSync.url ?? '',
          updatedAt: space.gitSync.updatedAt ?? space.updatedAt,
        }
      : undefined,
  })
}

/**
 * Explicit permissions. The API does not list grants, but an admin can list each member's spaces
 * with the member's role on each. Where that role is above what the copy's defaults give the
 * member (the space's or nearest collection's `defaultLevel`, else the organization role), a
 * grant to the user restores it. Team and collection grants thus become per-user space grants:
 * every member keeps their access, team `spaces` counts are what the copy cannot rebuild.
 */
export async function captureGrants(ctx: CaptureContext, copy: Copy, organizationId: string, members: readonly Member[]): Promise<void> {
  let added = 0
  await ctx.each(members, async (member) => {
    const userId = member.user?.id ?? member.id
    if (member.role === 'admin') return
    const entries = await ctx.list(`organization ${organizationId}: spaces of member ${userId} (their roles)`, () =>
      ctx.client.orgs.members.listSpaces({ organizationId, userId }).pages(),
    )
    for (const entry of entries ?? []) {
      const space = copy.get('spaces', entry.space.id)
      if (!space) continue
      if (rank(entry.permission) <= rank(defaultRoleOf(copy, space, member.role ?? null))) continue
      copy.add('grants', {
        id: `captured-grant:${space.id}:${userId}`,
        organization: organizationId,
        target: space.id,
        targetKind: 'space',
        principal: userId,
        principalKind: 'user',
        role: entry.permission,
      })
      added++
    }
  })
  if (added > 0)
    ctx.placeholder(
      'grants',
      "rebuilt per user and space from each member's role on each space: the API lists no grants, so team and collection grants become user grants",
      added,
    )
}

function defaultRoleOf(copy: Copy, space: RecordOf<'spaces'>, memberRole: Role | null): Role | null {
  // Guests get explicit grants only.
  if (memberRole === null) return null
  if (space.defaultLevel) return space.defaultLevel
  for (let parent = space.parent; parent; ) {
    const collection = copy.get('collections', parent)
    if (!collection) break
    if (collection.defaultLevel) return collection.defaultLevel
    parent = collection.parent
  }
  return memberRole
}
