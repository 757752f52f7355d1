import * as z from 'zod/mini'
import { Emoji, IconName } from './shared.ts'
import type { DocumentNodeShape, PageDocumentShape, PageShape, PageListShape } from '../generated/shapes.ts'

/**
 * A node of a structured document (`format=document`): a `block` (heading, paragraph, list,
 * list-item, code, blockquote, table, table-row, table-cell, divider, html), an `inline`
 * (link, image, break) or a `text` with its `marks`. Blocks carry a stable `id`, the one
 * comments anchor to. Loose, so node kinds added later never break a client.
 */
export const DocumentNode = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.string(),
  type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  id: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  text: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  get nodes(): z.ZodMiniOptional<z.ZodMiniArray<typeof DocumentNode>> {
    return z.optional(z.array(DocumentNode))
  },
})
export interface DocumentNode extends DocumentNodeShape {}

/** A page's content as a tree of blocks (`GET .../page/{pageId}?format=document`). */
export const PageDocument = /*@__PURE__*/ z.looseObject({ object: /*@__PURE__*/ z.literal('document'), nodes: /*@__PURE__*/ z.array(DocumentNode) })
export interface PageDocument extends PageDocumentShape {}

/** Reference to a file used as a page cover (light or dark). */
const CoverRef = /*@__PURE__*/ z.looseObject({ kind: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), file: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })

/** A page of a revision; pages nest through `pages`. */
export const Page = /*@__PURE__*/ z.looseObject({
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.string(),
  emoji: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  icon: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  createdAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  updatedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  markdown: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  /** The content as a document tree, when requested with `format=document` (the default). */
  document: /*@__PURE__*/ z.optional(PageDocument),
  type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
  slug: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  path: /*@__PURE__*/ z.string(),
  description: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  documentId: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  get pages(): z.ZodMiniOptional<z.ZodMiniArray<typeof Page>> {
    return z.optional(z.array(Page))
  },
  git: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ oid: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), path: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
  layout: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      cover: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      coverSize: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      description: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      tableOfContents: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      outline: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      pagination: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
    }),
  ),
  cover: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      ref: /*@__PURE__*/ z.optional(CoverRef),
      refDark: /*@__PURE__*/ z.optional(CoverRef),
      yPos: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
    }),
  ),
  variables: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.record(/*@__PURE__*/ z.string(), /*@__PURE__*/ z.string())),
  hidden: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  noIndex: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  noRobotsIndex: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  computed: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      dependencies: /*@__PURE__*/ z.optional(
        /*@__PURE__*/ z.looseObject({
          spec: /*@__PURE__*/ z.optional(
            /*@__PURE__*/ z.looseObject({
              ref: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ kind: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), spec: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
            }),
          ),
        }),
      ),
      props: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ doc: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
    }),
  ),
  computedSeed: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
})
export interface Page extends PageShape {}

/** Response of listing the pages of a revision: `{ pages }`. */
export const PageList = /*@__PURE__*/ z.looseObject({ pages: /*@__PURE__*/ z.array(Page) })
export interface PageList extends PageListShape {}
