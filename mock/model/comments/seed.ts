import { ReactionInput } from '../../../src/schemas/comment-input.ts'
import { badRequest, notFound } from '../../base/http-error.ts'
import { findChangeRequest } from '../spaces/change-requests.ts'
import type { State } from '../state.ts'
import { postComment, updateComment, type NewComment } from './comments.ts'
import { postReply, updateReply } from './replies.ts'
import type { CommentRecord, CommentReplyRecord } from '../../tables/comments.ts'

/** What the `comment` builder takes: the comment, and optionally its reactions and resolution. */
export interface SeedComment extends NewComment {
  space: string
  /** Change request ID or number: the comment goes on the change request. */
  changeRequest?: string | number | undefined
  /** Users who reacted, by emoji: `{ '👍': [userA, userB] }`. */
  reactions?: Readonly<Record<string, readonly string[]>> | undefined
  /** Resolves the comment as this user. */
  resolvedBy?: string | undefined
}

/** Builders skip the contract, so reactions get its bound here (before anything is written). */
function checkSeedReactions(reactions: SeedComment['reactions']): void {
  for (const emoji of Object.keys(reactions ?? {})) {
    if (!ReactionInput.safeParse(emoji).success) throw badRequest(`Invalid reactions: ${JSON.stringify(emoji)} must be 1 to 50 characters`)
  }
}

/** A comment made through the model's rules, as a builder: no caller, no permissions. */
export function seedComment(state: State, values: SeedComment): CommentRecord {
  checkSeedReactions(values.reactions)
  const space = state.tables.spaces.get(values.space)
  if (!space) throw notFound(`Space ${values.space} not found`)
  const changeRequest = values.changeRequest === undefined ? undefined : findChangeRequest(state, space, String(values.changeRequest))
  const comment = postComment(state, { space, changeRequest }, values)
  for (const [emoji, users] of Object.entries(values.reactions ?? {})) {
    for (const user of users) updateComment(state, comment, user, { addedReactions: [emoji] })
  }
  if (values.resolvedBy !== undefined) updateComment(state, comment, values.resolvedBy, { resolved: true })
  return comment
}

/** What the `commentReply` builder takes. */
export interface SeedReply {
  comment: string
  postedBy: string
  markdown: string
  reactions?: Readonly<Record<string, readonly string[]>> | undefined
}

/** A reply made through the model's rules, as a builder. */
export function seedReply(state: State, values: SeedReply): CommentReplyRecord {
  const comment = state.tables.comments.get(values.comment)
  if (!comment) throw notFound(`Comment ${values.comment} not found`)
  checkSeedReactions(values.reactions)
  const reply = postReply(state, comment, values)
  for (const [emoji, users] of Object.entries(values.reactions ?? {})) {
    for (const user of users) updateReply(state, comment, reply, user, { addedReactions: [emoji] }, ['addedReactions'])
  }
  return reply
}
