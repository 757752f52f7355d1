import * as z from 'zod/mini'
import { Comment, CommentReply } from '../../schemas/comment.ts'
import { Member } from '../../schemas/member.ts'
import { List } from '../../schemas/shared.ts'
import { Id } from '../common.ts'
import { defineOperation } from '../define.ts'
import { SP } from '../spaces.ts'
import { formatQuery, listQuery, pageQuery, postBody, replyBody, replyListQuery, space, updateBody, updateReplyBody } from './shared.ts'

const comment = { ...space, commentId: Id }
const reply = { ...comment, commentReplyId: Id }
const COMMENT = `${SP}/comments/{commentId}`
const REPLY = `${COMMENT}/replies/{commentReplyId}`

export const listCommentsInSpace = defineOperation({
  id: 'listCommentsInSpace',
  method: 'GET',
  idempotent: true,
  path: `${SP}/comments`,
  sdk: 'spaces.comments.list',
  status: 200,
  summary: 'List the comments of a space, newest first unless `order=asc`',
  params: z.object(space),
  query: listQuery,
  response: List(Comment),
  paginated: true,
})

export const postCommentInSpace = defineOperation({
  id: 'postCommentInSpace',
  method: 'POST',
  idempotent: false,
  path: `${SP}/comments`,
  sdk: 'spaces.comments.create',
  status: 200,
  summary: 'Post a comment on a space, optionally on one of its pages or blocks',
  params: z.object(space),
  body: postBody,
  response: Comment,
})

export const getCommentInSpace = defineOperation({
  id: 'getCommentInSpace',
  method: 'GET',
  idempotent: true,
  path: COMMENT,
  sdk: 'spaces.comments.get',
  status: 200,
  summary: 'Get a comment of a space',
  params: z.object(comment),
  query: formatQuery,
  response: Comment,
})

export const updateCommentInSpace = defineOperation({
  id: 'updateCommentInSpace',
  method: 'PUT',
  idempotent: true,
  path: COMMENT,
  sdk: 'spaces.comments.update',
  status: 200,
  summary: "Resolve or reopen a comment, edit its body, or change the caller's reactions",
  params: z.object(comment),
  body: updateBody,
  response: Comment,
})

export const deleteCommentInSpace = defineOperation({
  id: 'deleteCommentInSpace',
  method: 'DELETE',
  idempotent: true,
  path: COMMENT,
  sdk: 'spaces.comments.delete',
  status: 205,
  summary: 'Delete a comment of a space with its replies',
  params: z.object(comment),
})

// listCommentRepliesInSpace is an addition to the spec, which lists the replies of a change request's
// comments but not of a space's own: the live service has it (same shape), and capture needs it to
// copy a space's discussions. See docs/decisions/comments.md.

export const listCommentRepliesInSpace = defineOperation({
  id: 'listCommentRepliesInSpace',
  method: 'GET',
  idempotent: true,
  path: `${COMMENT}/replies`,
  sdk: 'spaces.comments.replies.list',
  status: 200,
  summary: 'List the replies to a comment of a space, oldest first',
  params: z.object(comment),
  query: replyListQuery,
  response: List(CommentReply),
  paginated: true,
})

export const postCommentReplyInSpace = defineOperation({
  id: 'postCommentReplyInSpace',
  method: 'POST',
  idempotent: false,
  path: `${COMMENT}/replies`,
  sdk: 'spaces.comments.replies.create',
  status: 200,
  summary: 'Reply to a comment of a space',
  params: z.object(comment),
  body: replyBody,
  response: CommentReply,
})

export const getCommentReplyInSpace = defineOperation({
  id: 'getCommentReplyInSpace',
  method: 'GET',
  idempotent: true,
  path: REPLY,
  sdk: 'spaces.comments.replies.get',
  status: 200,
  summary: 'Get a reply to a comment of a space',
  params: z.object(reply),
  query: formatQuery,
  response: CommentReply,
})

export const updateCommentReplyInSpace = defineOperation({
  id: 'updateCommentReplyInSpace',
  method: 'PUT',
  idempotent: true,
  path: REPLY,
  sdk: 'spaces.comments.replies.update',
  status: 200,
  summary: "Edit a reply's body or change the caller's reactions to it",
  params: z.object(reply),
  body: updateReplyBody,
  response: CommentReply,
})

export const deleteCommentReplyInSpace = defineOperation({
  id: 'deleteCommentReplyInSpace',
  method: 'DELETE',
  idempotent: true,
  path: REPLY,
  sdk: 'spaces.comments.replies.delete',
  status: 205,
  summary: 'Delete a reply to a comment of a space',
  params: z.object(reply),
})

export const listCommentersInSpace = defineOperation({
  id: 'listCommentersInSpace',
  method: 'GET',
  idempotent: true,
  path: `${SP}/commenters`,
  sdk: 'spaces.listCommenters',
  status: 200,
  summary: 'List the members who commented or replied on a space, each once',
  params: z.object(space),
  query: pageQuery,
  response: List(Member),
  paginated: true,
})
