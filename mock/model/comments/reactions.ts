import { badRequest } from '../../base/http-error.ts'
import type { ReactionRecord } from '../../tables/comments.ts'

/** The caller's reaction changes of one update. */
export interface ReactionChanges {
  addedReactions?: readonly string[] | undefined
  removedReactions?: readonly string[] | undefined
}

/** Refuses an emoji both added and removed in one call: the outcome would depend on the order. */
export function checkReactionChanges(changes: ReactionChanges): void {
  const removed = new Set(changes.removedReactions ?? [])
  const both = (changes.addedReactions ?? []).find((emoji) => removed.has(emoji))
  if (both !== undefined) throw badRequest(`Invalid body.addedReactions: ${JSON.stringify(both)} is also in body.removedReactions`)
}

/**
 * The reactions after `user` adds and removes theirs at `at`, or undefined when nothing changes.
 * Adding a reaction the user already has keeps the first one (a user counts once per emoji);
 * removing one they do not have changes nothing. An emoji nobody reacts with any more goes away.
 */
export function applyReactions(
  reactions: readonly ReactionRecord[],
  user: string,
  at: string,
  changes: ReactionChanges,
): ReactionRecord[] | undefined {
  let changed = false
  const next = reactions.map((r) => ({ emoji: r.emoji, users: [...r.users] }))
  for (const emoji of changes.addedReactions ?? []) {
    const entry = next.find((r) => r.emoji === emoji)
    if (!entry) next.push({ emoji, users: [{ user, reactedAt: at }] })
    else if (!entry.users.some((u) => u.user === user)) entry.users.push({ user, reactedAt: at })
    else continue
    changed = true
  }
  for (const emoji of changes.removedReactions ?? []) {
    const entry = next.find((r) => r.emoji === emoji)
    const index = entry ? entry.users.findIndex((u) => u.user === user) : -1
    if (!entry || index < 0) continue
    entry.users.splice(index, 1)
    changed = true
  }
  return changed ? next.filter((r) => r.users.length > 0) : undefined
}
