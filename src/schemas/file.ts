import * as z from 'zod/mini'
import type { FileShape } from '../generated/shapes.ts'

/** A file of a revision (image, attachment...). */
export const File = /*@__PURE__*/ z.looseObject({
  id: /*@__PURE__*/ z.string(),
  name: /*@__PURE__*/ z.string(),
  contentType: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  downloadURL: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  size: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
  dimensions: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ width: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()), height: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()) })),
  git: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ oid: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), path: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface File extends FileShape {}
