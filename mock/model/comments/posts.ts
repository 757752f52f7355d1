import { MAX_MARKDOWN } from '../../../src/schemas/comment-input.ts'
import { badRequest } from '../../base/http-error.ts'
import type { CommentRecord, CommentReplyRecord } from '../../tables/comments.ts'
import type { Patch } from '../../tables/table.ts'
import { applyReactions, checkReactionChanges, type ReactionChanges } from './reactions.ts'

/**
 * Rules comments and replies share: the body, edits and reactions. Builders reach the model
 * without the contract's validation, so the body bound is checked here as well.
 */

export function checkMarkdown(markdown: string): void {
  if (markdown.trim() === '') throw badRequest('Invalid body.body.markdown: must not be blank')
  if (markdown.length > MAX_MARKDOWN) throw badRequest(`Invalid body.body.markdown: must be at most ${MAX_MARKDOWN} characters`)
}

/** What an update of a comment or reply may change. */
export interface PostChanges extends ReactionChanges {
  markdown?: string | undefined
}

/** Refuses an update that asks for nothing, or asks for something impossible, before anything is written. */
export function checkChanges(changes: PostChanges & { resolved?: boolean | undefined }, fields: readonly string[]): void {
  const asked =
    changes.markdown !== undefined ||
    changes.resolved !== undefined ||
    changes.addedReactions !== undefined ||
    changes.removedReactions !== undefined
  if (!asked) throw badRequest(`Invalid body: give at least one of ${fields.join(', ')}`)
  if (changes.markdown !== undefined) checkMarkdown(changes.markdown)
  checkReactionChanges(changes)
}

/**
 * The fields a body edit and reaction changes make to a post. `editedAt` moves only when the
 * markdown really changes: saving the same text is not an edit.
 */
export function postPatch(post: CommentRecord | CommentReplyRecord, by: string, at: string, changes: PostChanges) {
  const patch: Patch<Pick<CommentRecord, 'markdown' | 'editedAt' | 'reactions'>> = {}
  if (changes.markdown !== undefined && changes.markdown !== post.markdown) {
    patch.markdown = changes.markdown
    patch.editedAt = at
  }
  const reactions = applyReactions(post.reactions, by, at, changes)
  if (reactions) patch.reactions = reactions
  return patch
}

/** Resolves (`true`) or reopens (`false`) a comment; asking for the state it is in changes nothing. */
export function resolutionPatch(comment: CommentRecord, resolved: boolean | undefined, by: string, at: string): Partial<CommentRecord> {
  if (resolved === true && comment.status === 'open') return { status: 'resolved', resolvedAt: at, resolvedBy: by }
  if (resolved === false && comment.status === 'resolved') return { status: 'open', resolvedAt: undefined, resolvedBy: undefined }
  return {}
}
