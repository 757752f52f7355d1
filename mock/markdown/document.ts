import type { Nodes, Root } from 'mdast'
import { plainText, walk } from './parse.ts'

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

/** Shared by the texts of one run (never changed once made), so a text costs no array of its own. */
type Marks = readonly string[]

/** Children still to convert into `out`, as blocks or inline content, with the marks in force. */
interface Frame {
  nodes: readonly Nodes[]
  next: number
  out: DocNode[]
  inline: boolean
  marks: Marks
}

/**
 * Converts a parsed markdown tree into a document. Walks with its own stack rather than
 * recursion, so no depth of input can overflow the call stack.
 */
export function mdastToDocument(root: Root, options: DocumentOptions = {}): DocumentTree {
  const ref = options.ref ?? ((url: string) => ({ kind: 'url', url }))
  const text = options.text ?? ((value: string) => value)
  // Only a tree with reference nodes needs the definitions (markdown-it's trees have none: it resolves references).
  let definitions: Map<string, string> | undefined
  const definition = (identifier: string) => {
    if (!definitions) {
      definitions = new Map()
      for (const node of walk(root)) if (node.type === 'definition') definitions.set(node.identifier, node.url)
    }
    return definitions.get(identifier)
  }

  const block = (node: Nodes, fields: Record<string, unknown>): DocNode => {
    const id = options.blockId?.(node)
    return { object: 'block', ...(id !== undefined ? { id } : {}), ...fields }
  }

  const nodes: DocNode[] = []
  const stack: Frame[] = [{ nodes: root.children, next: 0, out: nodes, inline: false, marks: [] }]
  /** Adds `doc` to the frame's output; with `children`, converts them into `doc.nodes` next. */
  const emit = (frame: Frame, doc: DocNode, children?: readonly Nodes[], inline = false, marks: Marks = frame.marks) => {
    frame.out.push(doc)
    if (children) stack.push({ nodes: children, next: 0, out: (doc.nodes = []) as DocNode[], inline, marks })
  }
  /** Converts `children` into the frame's own output (a mark, a reference without a definition). */
  const descend = (frame: Frame, children: readonly Nodes[], marks: Marks) => {
    stack.push({ nodes: children, next: 0, out: frame.out, inline: true, marks })
  }

  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (frame.next >= frame.nodes.length) {
      stack.pop()
      continue
    }
    const node = frame.nodes[frame.next++]!
    const marks = frame.marks
    if (frame.inline) {
      switch (node.type) {
        case 'text':
          frame.out.push({ object: 'text', text: text(node.value), marks })
          break
        case 'html':
          frame.out.push({ object: 'text', text: node.value, marks })
          break
        case 'inlineCode':
          frame.out.push({ object: 'text', text: text(node.value), marks: [...marks, 'code'] })
          break
        case 'strong':
          descend(frame, node.children, [...marks, 'bold'])
          break
        case 'emphasis':
          descend(frame, node.children, [...marks, 'italic'])
          break
        case 'delete':
          descend(frame, node.children, [...marks, 'strikethrough'])
          break
        case 'break':
          frame.out.push({ object: 'inline', type: 'break' })
          break
        case 'link':
          emit(
            frame,
            { object: 'inline', type: 'link', ref: ref(node.url), ...(node.title ? { title: node.title } : {}) },
            node.children,
            true,
          )
          break
        case 'image':
          frame.out.push({
            object: 'inline',
            type: 'image',
            ref: ref(node.url),
            alt: node.alt ?? '',
            ...(node.title ? { title: node.title } : {}),
          })
          break
        case 'linkReference': {
          const url = definition(node.identifier)
          if (url === undefined) descend(frame, node.children, marks)
          else emit(frame, { object: 'inline', type: 'link', ref: ref(url) }, node.children, true)
          break
        }
        case 'imageReference': {
          const url = definition(node.identifier)
          if (url !== undefined) frame.out.push({ object: 'inline', type: 'image', ref: ref(url), alt: node.alt ?? '' })
          break
        }
        case 'footnoteReference':
          frame.out.push({ object: 'text', text: `[^${node.label ?? node.identifier}]`, marks })
          break
        default: {
          const value = plainText(node)
          if (value) frame.out.push({ object: 'text', text: text(value), marks })
        }
      }
      continue
    }
    switch (node.type) {
      case 'heading':
        emit(frame, block(node, { type: `heading-${node.depth}` }), node.children, true, [])
        break
      case 'paragraph':
        emit(frame, block(node, { type: 'paragraph' }), node.children, true, [])
        break
      case 'list':
        emit(
          frame,
          block(node, {
            type: node.ordered ? 'list-ordered' : 'list-unordered',
            ...(node.ordered && node.start != null && node.start !== 1 ? { start: node.start } : {}),
          }),
          node.children,
        )
        break
      case 'listItem':
        emit(
          frame,
          block(node, { type: 'list-item', ...(typeof node.checked === 'boolean' ? { checked: node.checked } : {}) }),
          node.children,
        )
        break
      case 'code':
        frame.out.push(block(node, { type: 'code', ...(node.lang ? { syntax: node.lang } : {}), text: text(node.value) }))
        break
      case 'blockquote':
        emit(frame, block(node, { type: 'blockquote' }), node.children)
        break
      case 'table':
        emit(frame, block(node, { type: 'table', align: node.align ?? [] }), node.children)
        break
      case 'tableRow':
        emit(frame, block(node, { type: 'table-row' }), node.children)
        break
      case 'tableCell':
        emit(frame, block(node, { type: 'table-cell' }), node.children, true, [])
        break
      case 'thematicBreak':
        frame.out.push(block(node, { type: 'divider' }))
        break
      case 'html':
        frame.out.push(block(node, { type: 'html', text: node.value }))
        break
      case 'footnoteDefinition':
        emit(frame, block(node, { type: 'footnote', label: node.label ?? node.identifier }), node.children)
        break
      default:
        break
    }
  }
  return { object: 'document', nodes }
}
