import type * as contract from '../../../src/contract/content/space-content.ts'
import { importContent } from '../../model/content/import.ts'
import { importPreparation } from '../../model/content/import-source.ts'
import { targetOf } from '../../model/content/revisions.ts'
import { loadSpace } from '../load.ts'
import { Deferred } from '../deferred.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { readBacklinks, readFile, readFiles, readLinks, readPage, readPages, readRevision } from './read.ts'

/** Handlers of a space's live content: reads need view, an import needs edit. */
export const spaceContentHandlers: Handlers<OpsOf<typeof contract>> = {
  getCurrentRevision: ({ state, caller, input }) => readRevision(state, targetOf(loadSpace(state, caller, input.spaceId)), input),

  importSpaceContent: ({ state, caller, input, capabilities, prepared }) => {
    const target = targetOf(loadSpace(state, caller, input.spaceId, 'edit'))
    const work = prepared
      ? undefined
      : importPreparation(state.libraries.markdown, state.contentCache.headings, capabilities.fixtures, input.url)
    return work ? Deferred.prepare(work) : importContent(state, target, capabilities.fixtures, input.url, input.source)
  },

  listPages: ({ state, caller, input }) => readPages(state, targetOf(loadSpace(state, caller, input.spaceId)), input),

  listFiles: ({ state, caller, input }) => readFiles(state, targetOf(loadSpace(state, caller, input.spaceId)), input),

  getFileById: ({ state, caller, input }) => readFile(state, targetOf(loadSpace(state, caller, input.spaceId)), input),

  listFileBacklinks: ({ state, caller, input, prepared }) =>
    readBacklinks(state, caller, targetOf(loadSpace(state, caller, input.spaceId)), input, prepared),

  getPageById: ({ state, caller, input }) => readPage(state, targetOf(loadSpace(state, caller, input.spaceId)), input),

  listPageLinks: ({ state, caller, input, prepared }) =>
    readLinks(state, targetOf(loadSpace(state, caller, input.spaceId)), input, prepared),

  listSpaceLinks: ({ state, caller, input, prepared }) =>
    readLinks(state, targetOf(loadSpace(state, caller, input.spaceId)), input, prepared),
}
