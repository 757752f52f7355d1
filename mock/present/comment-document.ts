import type { Nodes, PhrasingContent, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'

/**
 * A comment body as a document (`format=document`), in the shape page documents have, so a
 * client renders both with one renderer. Comment bodies carry no block IDs (nothing anchors to
 * them) and their links are URLs (`ref: { kind: 'url', url }`).
 *
 * - `{ object: 'document', nodes: Block[] }`
 * - Block `{ object: 'block', type, ...fields }`: `paragraph`, `heading-1`..`heading-6`,
 *   `blockquote`, `list-unordered`, `list-ordered` (`start` when not 1), `list-item` (`checked`
 *   in task lists), `code` (`syntax`, `text`), `divider`, `table` (`align`) of `table-row` of
 *   `table-cell`, `html` (`text`), `footnote` (`label`); containers have `nodes`.
 * - Inline `{ object: 'inline', type }`: `link` (`ref`, `title`?, `nodes`), `image` (`ref`,
 *   `alt`, `title`?), `break`.
 * - Text `{ object: 'text', text, marks }` with marks `bold`, `italic`, `strikethrough`, `code`.
 */
export type DocumentNode = { object: 'block' | 'inline' | 'text'; [field: string]: unknown }

export interface CommentDocument {
  object: 'document'
  nodes: DocumentNode[]
}

const extensions = [gfm()]
const mdastExtensions = [gfmFromMarkdown()]

type Marks = readonly string[]

/** Parses markdown (CommonMark with GitHub's extensions) into a document. */
export function markdownToDocument(markdown: string): CommentDocument {
  const root: Root = fromMarkdown(markdown, { extensions, mdastExtensions })
  const definitions = new Map<string, string>()
  const gather = (node: Nodes) => {
    if (node.type === 'definition') definitions.set(node.identifier, node.url)
    if ('children' in node) (node.children as Nodes[]).forEach(gather)
  }
  gather(root)
  const ref = (url: string) => ({ kind: 'url', url })

  const inlines = (nodes: readonly PhrasingContent[], marks: Marks = []): DocumentNode[] =>
    nodes.flatMap((node): DocumentNode[] => {
      switch (node.type) {
        case 'text':
        case 'html':
          return [{ object: 'text', text: node.value, marks: [...marks] }]
        case 'inlineCode':
          return [{ object: 'text', text: node.value, marks: [...marks, 'code'] }]
        case 'strong':
          return inlines(node.children, [...marks, 'bold'])
        case 'emphasis':
          return inlines(node.children, [...marks, 'italic'])
        case 'delete':
          return inlines(node.children, [...marks, 'strikethrough'])
        case 'break':
          return [{ object: 'inline', type: 'break' }]
        case 'link':
          return [{ object: 'inline', type: 'link', ref: ref(node.url), ...(node.title ? { title: node.title } : {}), nodes: inlines(node.children, marks) }]
        case 'image':
          return [{ object: 'inline', type: 'image', ref: ref(node.url), alt: node.alt ?? '', ...(node.title ? { title: node.title } : {}) }]
        case 'linkReference': {
          const url = definitions.get(node.identifier)
          const children = inlines(node.children, marks)
          return url === undefined ? children : [{ object: 'inline', type: 'link', ref: ref(url), nodes: children }]
        }
        case 'imageReference': {
          const url = definitions.get(node.identifier)
          return url === undefined ? [] : [{ object: 'inline', type: 'image', ref: ref(url), alt: node.alt ?? '' }]
        }
        case 'footnoteReference':
          return [{ object: 'text', text: `[^${node.label ?? node.identifier}]`, marks: [...marks] }]
        default:
          return []
      }
    })

  const block = (fields: Record<string, unknown>): DocumentNode => ({ object: 'block', ...fields })

  const blocks = (nodes: readonly Nodes[]): DocumentNode[] =>
    nodes.flatMap((node): DocumentNode[] => {
      switch (node.type) {
        case 'heading':
          return [block({ type: `heading-${node.depth}`, nodes: inlines(node.children) })]
        case 'paragraph':
          return [block({ type: 'paragraph', nodes: inlines(node.children) })]
        case 'list':
          return [block({ type: node.ordered ? 'list-ordered' : 'list-unordered', ...(node.ordered && node.start != null && node.start !== 1 ? { start: node.start } : {}), nodes: blocks(node.children) })]
        case 'listItem':
          return [block({ type: 'list-item', ...(typeof node.checked === 'boolean' ? { checked: node.checked } : {}), nodes: blocks(node.children) })]
        case 'code':
          return [block({ type: 'code', ...(node.lang ? { syntax: node.lang } : {}), text: node.value })]
        case 'blockquote':
          return [block({ type: 'blockquote', nodes: blocks(node.children) })]
        case 'table':
          return [block({ type: 'table', align: node.align ?? [], nodes: blocks(node.children) })]
        case 'tableRow':
          return [block({ type: 'table-row', nodes: blocks(node.children) })]
        case 'tableCell':
          return [block({ type: 'table-cell', nodes: inlines(node.children) })]
        case 'thematicBreak':
          return [block({ type: 'divider' })]
        case 'html':
          return [block({ type: 'html', text: node.value })]
        case 'footnoteDefinition':
          return [block({ type: 'footnote', label: node.label ?? node.identifier, nodes: blocks(node.children) })]
        default:
          return []
      }
    })

  return { object: 'document', nodes: blocks(root.children) }
}
