/**
 * Operations of the comments area: comments and replies on spaces and on change requests,
 * with reactions, resolution and commenters.
 */
export * from './comments/space.ts'
export * from './comments/change-request.ts'
