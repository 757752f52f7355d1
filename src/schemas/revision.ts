import * as z from 'zod/mini'
import { File } from './file.ts'
import { Page } from './page.ts'
import type { ReusableContentShape, RevisionShape, ImportResultShape } from '../generated/shapes.ts'

/** Reusable content block of a revision. */
export const ReusableContent = z.looseObject({
  id: z.string(),
  title: z.optional(z.string()),
  document: z.optional(z.string()),
  git: z.optional(z.looseObject({ oid: z.optional(z.string()), path: z.optional(z.string()) })),
})
export interface ReusableContent extends ReusableContentShape {}

/** A revision: the content (pages, files, reusable contents, variables) of a space or change request at a point in time. */
export const Revision = z.looseObject({
  object: z.literal('revision'),
  id: z.string(),
  parents: z.optional(z.array(z.string())),
  pages: z.optional(z.array(Page)),
  files: z.optional(z.array(File)),
  reusableContents: z.optional(z.array(ReusableContent)),
  variables: z.optional(z.record(z.string(), z.string())),
  /** The tags its pages can use (`slug`, `label`, `color`). */
  tags: z.optional(z.array(z.looseObject({ slug: z.string(), label: z.optional(z.string()), color: z.optional(z.string()) }))),
  createdAt: z.optional(z.string()),
  git: z.optional(
    z.looseObject({
      oid: z.optional(z.string()),
      message: z.optional(z.string()),
      createdByService: z.optional(z.boolean()),
      /** The same fact as `createdByService`, under the name the platform's published API gives it. */
      createdByGitBook: z.optional(z.boolean()),
      url: z.optional(z.string()),
      ref: z.optional(z.string()),
    }),
  ),
  urls: z.optional(z.looseObject({ app: z.optional(z.string()), published: z.optional(z.string()), public: z.optional(z.string()) })),
  type: z.optional(z.string()),
})
export interface Revision extends RevisionShape {}

/** Response of a content import: the new revision and resource counts. */
export const ImportResult = z.looseObject({
  revision: z.string(),
  importedResources: z.optional(z.number()),
  totalResources: z.optional(z.number()),
})
export interface ImportResult extends ImportResultShape {}

/** Where imported content comes from; the platform reads the URL with the matching importer. */
export const ImportSource = z.enum(['website', 'github', 'gitlab', 'markdown', 'docx', 'notion', 'confluence'])
export type ImportSource = z.infer<typeof ImportSource>
