import type { OperationId } from '../../src/contract/index.ts'
import type { LibraryName } from '../tables/libraries.ts'
import { commentsHandlers } from './comments.ts'
import { contentHandlers } from './content.ts'
import { searchHandlers } from './content/search.ts'
import { askHandlers } from './services/ask.ts'

/**
 * The libraries each operation's model code may use (see mock/tables/libraries.ts). The
 * core loads them before it takes the state lock, so the model stays synchronous; an
 * operation reaching a library it does not list fails loudly (`LibraryNotLoaded`), never silently.
 *
 * Declared by area where a whole area parses pages, by operation where one operation alone
 * needs a library. Writes elsewhere that touch pages need none: a page is parsed only when read
 * as analysis, a document or search results, and a revision's search index (which follows page
 * writes) exists only once a search loaded both libraries.
 */
const byArea: Array<[Record<string, unknown>, readonly LibraryName[]]> = [
  // Documents, links, block IDs, imports of markdown from a URL.
  [contentHandlers, ['markdown']],
  // Comments anchor to blocks and render as documents.
  [commentsHandlers, ['markdown']],
  [searchHandlers, ['markdown', 'search']],
  // Answers retrieve through search and quote parsed sections; suggested questions read headings.
  [askHandlers, ['markdown', 'search']],
]

const byOperation: Partial<Record<OperationId, readonly LibraryName[]>> = {
  // The visitor claims are a signed JWT.
  updateOrganizationMemberLastSeenAt: ['jwt'],
  // The GET render request comes LZ-string compressed.
  renderIntegrationUIWithGet: ['lz'],
  // OpenAPI sources may be YAML (a fixture's text, or `source: { text }`).
  createOpenAPISpec: ['yaml'],
  createOrUpdateOpenAPISpecBySlug: ['yaml'],
}

function librariesByOperation(): ReadonlyMap<string, readonly LibraryName[]> {
  const needs = new Map<string, Set<LibraryName>>()
  const add = (id: string, names: readonly LibraryName[]) => {
    let set = needs.get(id)
    if (!set) needs.set(id, (set = new Set()))
    for (const name of names) set.add(name)
  }
  for (const [handlers, names] of byArea) for (const id of Object.keys(handlers)) add(id, names)
  for (const [id, names] of Object.entries(byOperation)) add(id, names!)
  return new Map([...needs].map(([id, set]) => [id, [...set]]))
}

/** Operation ID to the libraries it needs (operations needing none are absent). */
export const operationLibraries: ReadonlyMap<string, readonly LibraryName[]> = librariesByOperation()
