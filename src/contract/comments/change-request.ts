import * as z from 'zod/mini'
import { Comment, CommentReply } from '../../schemas/comment.ts'
import { Member } from '../../schemas/member.ts'
import { List } from '../../schemas/shared.ts'
import { Id } from '../common.ts'
import { defineOperation } from '../define.ts'
import { changeRequest, CR, formatQuery, listQuery, pageQuery, postBody, replyBody, replyListQuery, updateBody } from './shared.ts'

const comment = { ...changeRequest, commentId: Id }
const reply = { ...comment, commentReplyId: Id }
const COMMENT = `${CR}/comments/{commentId}`
const REPLY = `${COMMENT}/replies/{commentReplyId}`

export const listCommentsInChangeRequest = defineOperation({
  id: 'listCommentsInChangeRequest',
  method: 'GET',
  idempotent: true,
  path: `${CR}/comments`,
  sdk: 'changeRequests.comments.list',
  status: 200,
  summary: 'List the comments of a change request, newest first unless `order=asc`',
  params: z.object(changeRequest),
  query: listQuery,
  response: List(Comment),
  paginated: true,
})

export const postCommentInChangeRequest = defineOperation({
  id: 'postCommentInChangeRequest',
  method: 'POST',
  idempotent: false,
  path: `${CR}/comments`,
  sdk: 'changeRequests.comments.create',
  status: 200,
  summary: 'Post a comment on a change request, optionally on one of its pages or blocks',
  params: z.object(changeRequest),
  body: postBody,
  response: Comment,
})

export const getCommentInChangeRequest = defineOperation({
  id: 'getCommentInChangeRequest',
  method: 'GET',
  idempotent: true,
  path: COMMENT,
  sdk: 'changeRequests.comments.get',
  status: 200,
  summary: 'Get a comment of a change request',
  params: z.object(comment),
  query: formatQuery,
  response: Comment,
})

export const updateCommentInChangeRequest = defineOperation({
  id: 'updateCommentInChangeRequest',
  method: 'PUT',
  idempotent: true,
  path: COMMENT,
  sdk: 'changeRequests.comments.update',
  status: 200,
  summary: "Resolve or reopen a comment, edit its body, or change the caller's reactions",
  params: z.object(comment),
  body: updateBody,
  response: Comment,
})

export const deleteCommentInChangeRequest = defineOperation({
  id: 'deleteCommentInChangeRequest',
  method: 'DELETE',
  idempotent: true,
  path: COMMENT,
  sdk: 'changeRequests.comments.delete',
  status: 205,
  summary: 'Delete a comment of a change request with its replies',
  params: z.object(comment),
})

export const listCommentRepliesInChangeRequest = defineOperation({
  id: 'listCommentRepliesInChangeRequest',
  method: 'GET',
  idempotent: true,
  path: `${COMMENT}/replies`,
  sdk: 'changeRequests.comments.replies.list',
  status: 200,
  summary: 'List the replies to a comment of a change request, oldest first',
  params: z.object(comment),
  query: replyListQuery,
  response: List(CommentReply),
  paginated: true,
})

export const postCommentReplyInChangeRequest = defineOperation({
  id: 'postCommentReplyInChangeRequest',
  method: 'POST',
  idempotent: false,
  path: `${COMMENT}/replies`,
  sdk: 'changeRequests.comments.replies.create',
  status: 200,
  summary: 'Reply to a comment of a change request',
  params: z.object(comment),
  body: replyBody,
  response: CommentReply,
})

export const getCommentReplyInChangeRequest = defineOperation({
  id: 'getCommentReplyInChangeRequest',
  method: 'GET',
  idempotent: true,
  path: REPLY,
  sdk: 'changeRequests.comments.replies.get',
  status: 200,
  summary: 'Get a reply to a comment of a change request',
  params: z.object(reply),
  query: formatQuery,
  response: CommentReply,
})

export const updateCommentReplyInChangeRequest = defineOperation({
  id: 'updateCommentReplyInChangeRequest',
  method: 'PUT',
  idempotent: true,
  path: REPLY,
  sdk: 'changeRequests.comments.replies.update',
  status: 200,
  summary: "Edit a reply's body, change the caller's reactions to it, or resolve or reopen its thread",
  params: z.object(reply),
  body: updateBody,
  response: CommentReply,
})

export const deleteCommentReplyInChangeRequest = defineOperation({
  id: 'deleteCommentReplyInChangeRequest',
  method: 'DELETE',
  idempotent: true,
  path: REPLY,
  sdk: 'changeRequests.comments.replies.delete',
  status: 205,
  summary: 'Delete a reply to a comment of a change request',
  params: z.object(reply),
})

export const listCommentersInChangeRequest = defineOperation({
  id: 'listCommentersInChangeRequest',
  method: 'GET',
  idempotent: true,
  path: `${CR}/commenters`,
  sdk: 'changeRequests.listCommenters',
  status: 200,
  summary: 'List the members who commented or replied on a change request, each once',
  params: z.object(changeRequest),
  query: pageQuery,
  response: List(Member),
  paginated: true,
})
