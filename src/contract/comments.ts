/**
 * Operations of the comments area: comments and replies on spaces and on change requests,
 * with reactions, resolution and commenters (issue 4).
 */
export * from './comments/space.ts'
export * from './comments/change-request.ts'
