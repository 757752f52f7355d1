import { notFound } from '../../base/http-error.ts'
import type { ChangeRequestRecord, SpaceRecord } from '../../tables/spaces.ts'
import { insert, type State } from '../state.ts'
import type { RevisionRecord } from '../../tables/content.ts'
import { copyPages, dropPages } from './pages.ts'
import { copyFiles, dropFiles } from './files.ts'

/** Where content is read or written: a space's active revision or a change request's latest one. */
export interface ContentTarget {
  space: SpaceRecord
  changeRequest?: ChangeRequestRecord | undefined
  /** The revision ID. */
  revision: string
}

/** The content target of a space, or of one of its change requests. */
export function targetOf(space: SpaceRecord, changeRequest?: ChangeRequestRecord): ContentTarget {
  return changeRequest ? { space, changeRequest, revision: changeRequest.revision } : { space, revision: space.revision }
}

/** What a revision record holds besides its identity. */
export type RevisionValues = Omit<RevisionRecord, 'id' | 'seq' | 'createdAt'> & { id?: string | undefined }

export function createRevision(state: State, values: RevisionValues): RevisionRecord {
  return insert(state, state.tables.revisions, { ...values, createdAt: state.clock.stamp() })
}

/**
 * Copies the pages and files of one revision into another, keeping their IDs, order and
 * dates: the same page in two revisions is the same page.
 */
export function copyContent(state: State, from: string, to: string): void {
  copyPages(state, from, to)
  copyFiles(state, from, to)
}

/** The revision record of a target, made on the spot (empty) for a space built by hand in `platform.db`. */
export function ensureRevision(state: State, target: ContentTarget): RevisionRecord {
  const existing = state.tables.revisions.get(target.revision)
  if (existing) return existing
  return createRevision(state, {
    id: target.revision,
    space: target.space.id,
    ...(target.changeRequest ? { changeRequest: target.changeRequest.id } : {}),
    parents: target.changeRequest ? [target.changeRequest.baseRevision] : [],
    type: 'edits',
    variables: {},
    reusableContents: [],
  })
}

/** The revision a builder writes to: a space's active one or a change request's (by ID). */
export function builderTarget(state: State, where: { space?: string | undefined; changeRequest?: string | undefined }): ContentTarget {
  if (where.changeRequest !== undefined) {
    const changeRequest = state.tables.changeRequests.get(where.changeRequest)
    const space = changeRequest && state.tables.spaces.get(changeRequest.space)
    if (!changeRequest || !space) throw notFound(`Change request ${where.changeRequest} not found`)
    return targetOf(space, changeRequest)
  }
  const space = where.space === undefined ? undefined : state.tables.spaces.get(where.space)
  if (!space) throw notFound(`Space ${where.space ?? '(none given)'} not found`)
  return targetOf(space)
}

/** Deletes revisions with their pages and files. */
export function dropRevisions(state: State, revisions: readonly RevisionRecord[]): void {
  for (const revision of revisions) {
    dropPages(state, revision.id)
    dropFiles(state, revision.id)
    state.tables.revisions.delete(revision)
  }
}
