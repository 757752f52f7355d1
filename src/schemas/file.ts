import * as z from 'zod/mini'
import type { FileShape } from '../generated/shapes.ts'

/** A file of a revision (image, attachment...). */
export const File = z.looseObject({
  object: z.literal('file'),
  id: z.string(),
  name: z.string(),
  contentType: z.optional(z.string()),
  downloadURL: z.optional(z.string()),
  size: z.optional(z.number()),
  dimensions: z.optional(z.looseObject({ width: z.optional(z.number()), height: z.optional(z.number()) })),
  git: z.optional(z.looseObject({ oid: z.optional(z.string()), path: z.optional(z.string()) })),
})
export interface File extends FileShape {}
