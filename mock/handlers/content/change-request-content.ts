import type * as contract from '../../../src/contract/content/change-request-content.ts'
import { conflict } from '../../base/http-error.ts'
import type { Caller } from '../../model/access.ts'
import { importContent } from '../../model/content/import.ts'
import { importPreparation } from '../../model/content/import-source.ts'
import { targetOf, type ContentTarget } from '../../model/content/revisions.ts'
import type { State } from '../../model/state.ts'
import { loadChangeRequest } from '../load.ts'
import { Deferred } from '../deferred.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { readBacklinks, readFile, readFiles, readLinks, readPage, readPages, readRevision } from './read.ts'

/** The latest revision of a change request (by ID or number) the caller can see. */
function target(state: State, caller: Caller, input: { spaceId: string; changeRequestId: string }, need?: 'edit'): ContentTarget {
  const { space, changeRequest } = loadChangeRequest(state, caller, input.spaceId, input.changeRequestId, need)
  return targetOf(space, changeRequest)
}

/** Handlers of a change request's content: reads need view on the space, an import edit. */
export const changeRequestContentHandlers: Handlers<OpsOf<typeof contract>> = {
  getRevisionOfChangeRequestById: ({ state, caller, input }) => readRevision(state, target(state, caller, input), input),

  importChangeRequestContent: ({ state, caller, input, capabilities, prepared }) => {
    const t = target(state, caller, input, 'edit')
    const status = t.changeRequest!.status
    if (status === 'merged' || status === 'archived')
      throw conflict(`Change request ${t.changeRequest!.id} is ${status}: its content can no longer change`)
    const work = prepared
      ? undefined
      : importPreparation(state.libraries.markdown, state.contentCache.headings, capabilities.fixtures, input.url)
    return work ? Deferred.prepare(work) : importContent(state, t, capabilities.fixtures, input.url, input.source)
  },

  listPagesInChangeRequest: ({ state, caller, input }) => readPages(state, target(state, caller, input), input),

  listFilesInChangeRequestById: ({ state, caller, input }) => readFiles(state, target(state, caller, input), input),

  getFileInChangeRequestById: ({ state, caller, input }) => readFile(state, target(state, caller, input), input),

  listFileBacklinksInChangeRequest: ({ state, caller, input, prepared }) =>
    readBacklinks(state, caller, target(state, caller, input), input, prepared),

  getPageInChangeRequestById: ({ state, caller, input }) => readPage(state, target(state, caller, input), input),

  listPageLinksInChangeRequest: ({ state, caller, input, prepared }) => readLinks(state, target(state, caller, input), input, prepared),
}
