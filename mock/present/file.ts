import type { ContentTarget } from '../model/content/revisions.ts'
import type { FileRecord } from '../tables/content.ts'
import type { State } from '../model/state.ts'

/** A file of a revision; `metadata: false` leaves out its git info. */
export function presentFile(state: State, target: ContentTarget, file: FileRecord, metadata = true) {
  return {
    object: 'file' as const,
    id: file.file,
    name: file.name,
    contentType: file.contentType,
    downloadURL: `${state.urls.app}/~/files/${target.space.id}/${file.revision}/${file.file}/${encodeURIComponent(file.name)}`,
    size: file.size,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
    ...(file.git && metadata ? { git: file.git } : {}),
  }
}
