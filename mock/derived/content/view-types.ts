import type { Libraries } from '../../tables/libraries.ts'
import type { AnalysisCache } from './analysis-cache.ts'
import type { BlockInfo, LinkUse, PageAnalysis } from '../../markdown/page-analysis.ts'
import type { FileRecord, PageRecord, RevisionRecord } from '../../tables/content.ts'

/**
 * The shapes of what is derived from a revision (see `view.ts` and `links.ts`), apart from the
 * code that builds them so the cache holding them depends on no model code.
 */

/** A page in its revision's tree. */
export interface PageNode {
  record: PageRecord
  /** Slugs from the root, joined by `/`. */
  path: string
  parent: PageNode | undefined
  children: PageNode[]
  /** Position in depth-first order. */
  index: number
}

/**
 * A revision read as a whole: the page tree with paths, files by ID and name, and (built on
 * first use) parsed pages, link analysis and block lookup. Cached per revision
 * in `state.contentCache`, which every write to the revision, its pages or files empties.
 */
export interface RevisionView {
  id: string
  /** The platform's libraries: parsing a page needs the markdown one, loaded by then. */
  libraries: Libraries
  /** The platform's page analyses, kept across views (a view is dropped on every write). */
  kept: AnalysisCache
  /** Absent when the revision record does not exist (a space made by hand in `platform.db`). */
  revision: RevisionRecord | undefined
  roots: PageNode[]
  /** Depth-first order: how a reader walks the table of contents. */
  order: PageNode[]
  byId: Map<string, PageNode>
  byPath: Map<string, PageNode>
  files: readonly FileRecord[]
  fileById: Map<string, FileRecord>
  fileByName: Map<string, FileRecord>
  analyses: Map<string, PageAnalysis>
  links?: LinkAnalysis
  blocks?: Map<string, BlockInfo & { page: string }>
}

/** What a link points at. */
export type LinkTarget =
  | { kind: 'page'; page: PageNode }
  | { kind: 'file'; file: FileRecord }
  | { kind: 'url'; url: string }
  | { kind: 'missing-page' | 'missing-file'; path: string }

/** One link item: a target (and relation) with every place that uses it. */
export interface LinkEntry {
  key: string
  relation: LinkUse['relation']
  target: LinkTarget
  locations: Array<{ page: PageNode; node: string }>
}

export interface LinkAnalysis {
  /** Every link of the revision, one entry per target and relation. */
  all: LinkEntry[]
  /** The links of each page (locations on that page only). */
  byPage: Map<string, LinkEntry[]>
  /** Pages using each file (by file ID), in page order. */
  fileUsers: Map<string, PageNode[]>
}
