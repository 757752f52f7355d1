import type { Nodes, PhrasingContent, Root } from 'mdast'
import { plainText } from './parse.ts'

/**
 * Markdown (an mdast tree) as a document, the one shape every `format=document` answer uses
 * (pages, comment bodies, AI answers), so a client renders them all with one renderer:
 *
 * - `{ object: 'document', nodes: Block[] }`
 * - Block `{ object: 'block', id?, type, ...fields }`: `paragraph`, `heading-1`..`heading-6`,
 *   `blockquote`, `list-unordered`, `list-ordered` (`start` when not 1), `list-item` (`checked`
 *   in task lists), `code` (`syntax`, `text`), `divider`, `table` (`align`) of `table-row` of
 *   `table-cell`, `html` (`text`), `footnote` (`label`); containers have `nodes`.
 * - Inline `{ object: 'inline', type }`: `link` (`ref`, `title`?, `nodes`), `image` (`ref`,
 *   `alt`, `title`?), `break`.
 * - Text `{ object: 'text', text, marks }` with marks `bold`, `italic`, `strikethrough`, `code`.
 */
export type DocNode = { object: 'block' | 'inline' | 'text'; [field: string]: unknown }

export interface DocumentTree {
  object: 'document'
  nodes: DocNode[]
}

export interface DocumentOptions {
  /** What a link or image points at; by default a URL (`{ kind: 'url', url }`). */
  ref?: (href: string) => Record<string, unknown>
  /** The block's ID, for blocks something can anchor to (page content). */
  blockId?: (node: Nodes) => string | undefined
  /** Rewrites texts (e.g. fills in variables). */
  text?: (value: string) => string
}

type Marks = readonly string[]

/** Converts a parsed markdown tree into a document. */
export function mdastToDocument(root: Root, options: DocumentOptions = {}): DocumentTree {
  const ref = options.ref ?? ((url: string) => ({ kind: 'url', url }))
  const text = options.text ?? ((value: string) => value)
  const definitions = new Map<string, string>()
  const gather = (node: Nodes) => {
    if (node.type === 'definition') definitions.set(node.identifier, node.url)
    if ('children' in node) (node.children as Nodes[]).forEach(gather)
  }
  gather(root)

  const inlines = (nodes: readonly PhrasingContent[], marks: Marks = []): DocNode[] =>
    nodes.flatMap((node): DocNode[] => {
      switch (node.type) {
        case 'text':
          return [{ object: 'text', text: text(node.value), marks: [...marks] }]
        case 'html':
          return [{ object: 'text', text: node.value, marks: [...marks] }]
        case 'inlineCode':
          return [{ object: 'text', text: text(node.value), marks: [...marks, 'code'] }]
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
        default: {
          const value = plainText(node)
          return value ? [{ object: 'text', text: text(value), marks: [...marks] }] : []
        }
      }
    })

  const block = (node: Nodes, fields: Record<string, unknown>): DocNode => {
    const id = options.blockId?.(node)
    return { object: 'block', ...(id !== undefined ? { id } : {}), ...fields }
  }

  const blocks = (nodes: readonly Nodes[]): DocNode[] =>
    nodes.flatMap((node): DocNode[] => {
      switch (node.type) {
        case 'heading':
          return [block(node, { type: `heading-${node.depth}`, nodes: inlines(node.children) })]
        case 'paragraph':
          return [block(node, { type: 'paragraph', nodes: inlines(node.children) })]
        case 'list':
          return [block(node, { type: node.ordered ? 'list-ordered' : 'list-unordered', ...(node.ordered && node.start != null && node.start !== 1 ? { start: node.start } : {}), nodes: blocks(node.children) })]
        case 'listItem':
          return [block(node, { type: 'list-item', ...(typeof node.checked === 'boolean' ? { checked: node.checked } : {}), nodes: blocks(node.children) })]
        case 'code':
          return [block(node, { type: 'code', ...(node.lang ? { syntax: node.lang } : {}), text: text(node.value) })]
        case 'blockquote':
          return [block(node, { type: 'blockquote', nodes: blocks(node.children) })]
        case 'table':
          return [block(node, { type: 'table', align: node.align ?? [], nodes: blocks(node.children) })]
        case 'tableRow':
          return [block(node, { type: 'table-row', nodes: blocks(node.children) })]
        case 'tableCell':
          return [block(node, { type: 'table-cell', nodes: inlines(node.children) })]
        case 'thematicBreak':
          return [block(node, { type: 'divider' })]
        case 'html':
          return [block(node, { type: 'html', text: node.value })]
        case 'footnoteDefinition':
          return [block(node, { type: 'footnote', label: node.label ?? node.identifier, nodes: blocks(node.children) })]
        default:
          return []
      }
    })

  return { object: 'document', nodes: blocks(root.children) }
}
