import type { Role } from '../../../src/schemas/shared.ts'
import { badRequest } from '../../base/http-error.ts'
import { encode, readCursorOf, type Envelope, type PageInput, DEFAULT_LIMIT } from '../../base/paginate.ts'
import { membership, rank, teamsOf } from '../access.ts'
import type { State } from '../state.ts'
import { compareKeys } from '../../tables/table.ts'
import type { CollectionRecord } from '../../tables/spaces.ts'

/** A collection in tree order, with its depth (0 at the organization's root). */
interface Entry {
  c: CollectionRecord
  depth: number
  /** The user's role on it. */
  role: Role
}

/** How many levels above the last item a cursor remembers, to resume when that item is gone. */
const CURSOR_LEVELS = 8

/**
 * The collections of an organization the user can view, in tree order (each followed by its
 * nested ones), walked with an explicit stack and each role worked out from its parent's, so a
 * listing costs the number of collections, whatever the depth (it used to cost the depth squared
 * and overflowed the call stack at 5,000 levels).
 */
function visibleTree(state: State, organization: string, userId: string, nested: boolean): Entry[] {
  const member = membership(state, organization, userId)
  if (!member) return []
  const principals = new Set<string>([member.user, ...teamsOf(state, organization, member.user).map((t) => t.id)])
  const granted = (id: string): Role | undefined => {
    let best: Role | undefined
    for (const grant of state.indexes.grantsByTarget.get(id))
      if (principals.has(grant.principal) && rank(grant.role) > rank(best)) best = grant.role
    return best
  }
  const out: Entry[] = []
  // Per frame: the children still to visit, the best grant on the chain above, the nearest default level.
  type Frame = {
    children: readonly CollectionRecord[]
    next: number
    depth: number
    grant: Role | undefined
    level: Role | null | undefined
  }
  const stack: Frame[] = [
    { children: state.indexes.collectionsByParent.get(`root:${organization}`), next: 0, depth: 0, grant: undefined, level: undefined },
  ]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (frame.next >= frame.children.length) {
      stack.pop()
      continue
    }
    const c = frame.children[frame.next++]!
    const own = granted(c.id)
    const grant = rank(own) > rank(frame.grant) ? own : frame.grant
    const level = c.defaultLevel ?? frame.level
    let role: Role | undefined = member.role === 'admin' ? 'admin' : grant
    if (member.role !== 'admin' && member.role !== null) {
      const inherited = level ?? member.role
      if (rank(inherited) > rank(role)) role = inherited
    }
    if (role !== undefined) out.push({ c, depth: frame.depth, role })
    if (nested)
      stack.push({
        children: state.indexes.collectionsByParent.get(c.id),
        next: 0,
        depth: frame.depth + 1,
        grant,
        level: level ?? undefined,
      })
  }
  return out
}

/** A cursor: the list, then the last item and up to {@link CURSOR_LEVELS} of its ancestors as `[id, position, seq]`. */
type Chain = Array<[string, string, number]>

function readChain(list: string, page: string): Chain {
  return readCursorOf(list, page, (v) =>
    Array.isArray(v.a) &&
    v.a.length > 0 &&
    v.a.length <= CURSOR_LEVELS + 1 &&
    v.a.every((x) => Array.isArray(x) && x.length === 3 && typeof x[0] === 'string' && typeof x[1] === 'string' && typeof x[2] === 'number')
      ? (v.a as Chain)
      : undefined,
  )
}

/**
 * Where a walk resumes: right after the last item when it is still listed; else among the
 * children of its nearest listed ancestor, after the place it had; else at the root.
 */
function resumeAt(entries: readonly Entry[], chain: Chain): number {
  const at = new Map<string, number>()
  entries.forEach((e, i) => at.set(e.c.id, i))
  const last = at.get(chain[0]![0])
  if (last !== undefined) return last + 1
  for (let j = 1; j <= chain.length; j++) {
    const below = chain[j - 1]!
    const key = [below[1], below[2]]
    const ancestor = j < chain.length ? chain[j]![0] : undefined
    let from: number
    let parentDepth: number
    if (ancestor !== undefined) {
      const i = at.get(ancestor)
      if (i === undefined) continue
      from = i + 1
      parentDepth = entries[i]!.depth
    } else {
      // The whole remembered chain is gone: resume at the root, unless the chain was cut short.
      if (chain.length > CURSOR_LEVELS) break
      from = 0
      parentDepth = -1
    }
    let i = from
    for (; i < entries.length && entries[i]!.depth > parentDepth; i++) {
      const e = entries[i]!
      if (e.depth === parentDepth + 1 && compareKeys([e.c.position, e.c.seq], key) > 0) return i
    }
    return i
  }
  throw badRequest('Invalid query.page: the collections this cursor continues from were removed; list again from the start')
}

/**
 * One page of an organization's collections as the user sees them. The cursor names the last
 * item and a few of its ancestors, so its length does not grow with the tree's depth.
 */
export function pageCollections<W>(
  state: State,
  organization: string,
  userId: string,
  nested: boolean,
  input: PageInput,
  present: (c: CollectionRecord, role: Role) => W,
): Envelope<W> {
  const list = `collections:${organization}:${nested}`
  const entries = visibleTree(state, organization, userId, nested)
  const start = input.page === undefined ? 0 : resumeAt(entries, readChain(list, input.page))
  const end = Math.min(entries.length, start + (input.limit ?? DEFAULT_LIMIT))
  const items = entries.slice(start, end).map((e) => present(e.c, e.role))
  if (end >= entries.length || end === start) return { items, count: entries.length }
  const chain: Chain = []
  for (
    let c: CollectionRecord | undefined = entries[end - 1]!.c;
    c && chain.length <= CURSOR_LEVELS;
    c = c.parent ? state.tables.collections.get(c.parent) : undefined
  ) {
    chain.push([c.id, c.position, c.seq])
  }
  return { items, count: entries.length, next: { page: encode({ l: list, a: chain }) } }
}
