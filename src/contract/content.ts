/**
 * Operations of the content area: space and change-request content (revisions, pages, files,
 * links, backlinks, imports), search (space and organization) and requested reviewers.
 */
export * from './content/space-content.ts'
export * from './content/change-request-content.ts'
export * from './content/reviewers.ts'
export * from './content/search.ts'
