import { badRequest, conflict, notFound } from '../../base/http-error.ts'
import { insert, newId, type State } from '../state.ts'
import type { FileRecord } from '../../tables/content.ts'

/**
 * What happens when a file is written: every write of the files table is a function of this file;
 * what follows it (the revision's view dropped, the space's questions marked) is derived data
 * observing the table, as for pages (mock/model/content/pages.ts).
 */

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  csv: 'text/csv',
  txt: 'text/plain',
  md: 'text/markdown',
  mp4: 'video/mp4',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/** The content type a file name implies (`application/octet-stream` when unknown). */
export function contentTypeOf(name: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase()
  return (ext && TYPES[ext]) ?? 'application/octet-stream'
}

/** What a new file may say; only the name is needed. */
export interface NewFile {
  name: string
  /** Default: from the name's extension. */
  contentType?: string | undefined
  /** Bytes. Default: a size derived from the name, so scenarios stay deterministic. */
  size?: number | undefined
  /** Default for raster images: 1600 × 900. */
  dimensions?: { width: number; height: number } | undefined
  git?: FileRecord['git'] | undefined
  /** File ID; default: a new one. */
  id?: string | undefined
}

function defaultSize(name: string): number {
  let h = 7
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) % 1_000_003
  return 2_048 + (h % 480_000)
}

/** The file of a revision (404 when it has none by that ID). */
export function requireFile(state: State, revision: string, fileId: string): FileRecord {
  const file = state.tables.files.get(`${revision}:${fileId}`)
  if (!file) throw notFound(`File ${fileId} not found`)
  return file
}

/** Checks a new file before any write: names are unique within a revision. */
export function checkNewFile(state: State, revision: string, values: NewFile, field = 'name'): void {
  if (!values.name.trim() || values.name.length > 255 || /[\\/]/.test(values.name)) {
    throw badRequest(`Invalid ${field}: a file name is 1 to 255 characters without slashes`)
  }
  if (values.size !== undefined && !(Number.isInteger(values.size) && values.size >= 0))
    throw badRequest(`Invalid size: must be a whole number of bytes`)
  for (const file of state.indexes.filesByRevision.get(revision)) {
    if (file.name === values.name) throw conflict(`A file named "${values.name}" already exists`)
  }
}

/** Removes a file from a revision (an import replaces a file of the same name by removing it first). */
export function removeFile(state: State, revision: string, fileId: string): void {
  state.tables.files.delete(requireFile(state, revision, fileId))
}

/** Copies the files of one revision into another, keeping their IDs and dates (see `copyPages`). */
export function copyFiles(state: State, from: string, to: string): void {
  for (const file of [...state.indexes.filesByRevision.get(from)]) {
    const { id: _id, seq: _seq, ...values } = structuredClone(file)
    insert(state, state.tables.files, { ...values, id: `${to}:${file.file}`, revision: to })
  }
}

/** Deletes every file of a revision. */
export function dropFiles(state: State, revision: string): void {
  for (const file of [...state.indexes.filesByRevision.get(revision)]) state.tables.files.delete(file)
}

/** Adds a file to a revision. */
export function addFile(state: State, revision: string, values: NewFile): FileRecord {
  checkNewFile(state, revision, values)
  const id = values.id ?? newId(state)
  if (state.tables.files.get(`${revision}:${id}`)) throw conflict(`File ${id} already exists`)
  const contentType = values.contentType ?? contentTypeOf(values.name)
  const raster = /^image\/(png|jpeg|gif|webp)$/.test(contentType)
  const dimensions = values.dimensions ?? (raster ? { width: 1600, height: 900 } : undefined)
  const file = insert(state, state.tables.files, {
    id: `${revision}:${id}`,
    revision,
    file: id,
    name: values.name,
    contentType,
    size: values.size ?? defaultSize(values.name),
    ...(dimensions ? { dimensions } : {}),
    createdAt: state.clock.stamp(),
    ...(values.git ? { git: values.git } : {}),
  })

  return file
}
