import * as z from 'zod/mini'
import { File } from './file.ts'
import { Page } from './page.ts'
import type { ReusableContentShape, RevisionShape, ImportResultShape } from '../generated/shapes.ts'

/** Reusable content block of a revision. */
export const ReusableContent = /*@__PURE__*/ z.looseObject({
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  document: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  git: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ oid: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), path: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface ReusableContent extends ReusableContentShape {}

/** A revision: the content (pages, files, reusable contents, variables) of a space or change request at a point in time. */
export const Revision = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('revision'),
  id: /*@__PURE__*/ z.string(),
  parents: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
  pages: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(Page)),
  files: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(File)),
  reusableContents: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(ReusableContent)),
  variables: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.record(/*@__PURE__*/ z.string(), /*@__PURE__*/ z.string())),
  createdAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  git: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      oid: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      message: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      createdByService: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      url: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      ref: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
    }),
  ),
  urls: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({ app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), published: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), public: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) }),
  ),
  type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
})
export interface Revision extends RevisionShape {}

/** Response of a content import: the new revision and resource counts. */
export const ImportResult = /*@__PURE__*/ z.looseObject({
  revision: /*@__PURE__*/ z.string(),
  importedResources: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
  totalResources: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
})
export interface ImportResult extends ImportResultShape {}

/** Where imported content comes from; the platform reads the URL with the matching importer. */
export const ImportSource = /*@__PURE__*/ z.enum(['website', 'github', 'gitlab', 'markdown', 'docx', 'notion', 'confluence'])
export type ImportSource = z.infer<typeof ImportSource>
