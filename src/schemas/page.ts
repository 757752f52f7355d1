import * as z from 'zod/mini'
import type { DocumentNodeShape, PageDocumentShape, PageShape, PageListShape } from '../generated/shapes.ts'

/**
 * A node of a structured document (`format=document`): a `block` (heading, paragraph, list,
 * list-item, code, blockquote, table, table-row, table-cell, divider, html), an `inline`
 * (link, image, break) or a `text` with its `marks`. Blocks carry a stable `id`, the one
 * comments anchor to. Loose, so node kinds added later never break a client.
 */
export const DocumentNode = z.looseObject({
  object: z.string(),
  type: z.optional(z.string()),
  id: z.optional(z.string()),
  text: z.optional(z.string()),
  get nodes(): z.ZodMiniOptional<z.ZodMiniArray<typeof DocumentNode>> {
    return z.optional(z.array(DocumentNode))
  },
})
export interface DocumentNode extends DocumentNodeShape {}

/** A page's content as a tree of blocks (`GET .../page/{pageId}?format=document`). */
export const PageDocument = z.looseObject({ object: z.literal('document'), nodes: z.array(DocumentNode) })
export interface PageDocument extends PageDocumentShape {}

/** Reference to a file used as a page cover (light or dark). */
const CoverRef = z.looseObject({ kind: z.optional(z.string()), file: z.optional(z.string()) })

/** A page of a revision; pages nest through `pages`. */
export const Page = z.looseObject({
  object: z.literal('page'),
  id: z.string(),
  title: z.string(),
  emoji: z.optional(z.string()),
  icon: z.optional(z.string()),
  createdAt: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
  markdown: z.optional(z.string()),
  /** The content as a document tree, when requested with `format=document` (the default). */
  document: z.optional(PageDocument),
  type: z.optional(z.string()),
  urls: z.optional(z.looseObject({ app: z.optional(z.string()) })),
  slug: z.optional(z.string()),
  path: z.string(),
  description: z.optional(z.string()),
  documentId: z.optional(z.string()),
  get pages(): z.ZodMiniOptional<z.ZodMiniArray<typeof Page>> {
    return z.optional(z.array(Page))
  },
  git: z.optional(z.looseObject({ oid: z.optional(z.string()), path: z.optional(z.string()) })),
  /** The published description's older name of `type`: `sheet` for a document page, `group` for a group. */
  kind: z.optional(z.string()),
  /** How the page is laid out: a document page's every option, the platform's defaults where it sets none. */
  layout: z.optional(
    z.looseObject({
      width: z.optional(z.string()),
      cover: z.optional(z.boolean()),
      coverSize: z.optional(z.string()),
      coverMask: z.optional(z.string()),
      title: z.optional(z.boolean()),
      description: z.optional(z.boolean()),
      tableOfContents: z.optional(z.boolean()),
      outline: z.optional(z.boolean()),
      pagination: z.optional(z.boolean()),
      metadata: z.optional(z.boolean()),
      tags: z.optional(z.boolean()),
      actions: z.optional(z.boolean()),
      anchors: z.optional(z.boolean()),
    }),
  ),
  /** The tags of a document page (`{ tag, primary }`). */
  tags: z.optional(z.array(z.looseObject({ tag: z.unknown(), primary: z.optional(z.boolean()) }))),
  cover: z.optional(
    z.looseObject({
      ref: z.optional(CoverRef),
      refDark: z.optional(CoverRef),
      yPos: z.optional(z.number()),
    }),
  ),
  variables: z.optional(z.record(z.string(), z.string())),
  hidden: z.optional(z.boolean()),
  noIndex: z.optional(z.boolean()),
  noRobotsIndex: z.optional(z.boolean()),
  computed: z.optional(
    z.looseObject({
      type: z.optional(z.string()),
      dependencies: z.optional(
        z.looseObject({
          spec: z.optional(
            z.looseObject({
              ref: z.optional(z.looseObject({ kind: z.optional(z.string()), spec: z.optional(z.string()) })),
            }),
          ),
        }),
      ),
      props: z.optional(z.looseObject({ doc: z.optional(z.string()) })),
    }),
  ),
  computedSeed: z.optional(z.string()),
})
export interface Page extends PageShape {}

/** Response of listing the pages of a revision: `{ pages }`. */
export const PageList = z.looseObject({ pages: z.array(Page) })
export interface PageList extends PageListShape {}
