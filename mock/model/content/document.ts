import type { Nodes, PhrasingContent, Root } from 'mdast'
import { resolveHref } from './links.ts'
import { blockIds, parseMarkdown, plainText } from './markdown.ts'
import type { PageNode, RevisionView } from './view.ts'

/**
 * A page's markdown as a document: a tree of blocks (`object: 'block'`, with a stable `id`),
 * inlines (`object: 'inline'`: links, images, breaks) and texts (`object: 'text'` with `marks`).
 * Links and images carry a `ref`: `{ kind: 'page', page }`, `{ kind: 'file', file }` or
 * `{ kind: 'url', url }` (internal targets that do not exist stay urls).
 */
export type DocNode = { object: 'block' | 'inline' | 'text'; [field: string]: unknown }

/** `{{ space.vars.name }}` / `{{ page.vars.name }}`: what `evaluated=true` fills in. */
const VARIABLE = /\{\{\s*(space|page)\.vars\.([A-Za-z0-9_-]+)\s*\}\}/g

export interface Variables {
  space: Record<string, string>
  page: Record<string, string>
}

/** Replaces the variables a text uses by their values (unknown ones are left as written). */
export function evaluate(text: string, vars: Variables): string {
  return text.replace(VARIABLE, (whole, scope: 'space' | 'page', name: string) => vars[scope][name] ?? whole)
}

type Marks = readonly string[]

export function toDocument(view: RevisionView, page: PageNode, vars: Variables | undefined): { object: 'document'; nodes: DocNode[] } {
  const root: Root = parseMarkdown(page.record.markdown)
  // IDs come from the raw content, so filling in variables never moves a comment's anchor.
  const ids = blockIds(page.record.page, root)
  const definitions = new Map<string, string>()
  const gather = (node: Nodes) => {
    if (node.type === 'definition') definitions.set(node.identifier, node.url)
    if ('children' in node) (node.children as Nodes[]).forEach(gather)
  }
  gather(root)
  const text = (value: string) => (vars ? evaluate(value, vars) : value)

  const ref = (href: string) => {
    const target = resolveHref(view, page, href)
    if (target?.kind === 'page') return { kind: 'page', page: target.page.record.page }
    if (target?.kind === 'file') return { kind: 'file', file: target.file.file }
    return { kind: 'url', url: href }
  }

  const inlines = (nodes: readonly PhrasingContent[], marks: Marks = []): DocNode[] =>
    nodes.flatMap((node): DocNode[] => {
      switch (node.type) {
        case 'text':
          return [{ object: 'text', text: text(node.value), marks: [...marks] }]
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
        case 'html':
          return [{ object: 'text', text: node.value, marks: [...marks] }]
        default:
          return plainText(node) ? [{ object: 'text', text: text(plainText(node)), marks: [...marks] }] : []
      }
    })

  const block = (node: Nodes, fields: Record<string, unknown>): DocNode => ({ object: 'block', id: ids.get(node), ...fields })

  const blocks = (nodes: readonly Nodes[]): DocNode[] =>
    nodes.flatMap((node): DocNode[] => {
      switch (node.type) {
        case 'heading':
          return [block(node, { type: `heading-${node.depth}`, nodes: inlines(node.children) })]
        case 'paragraph':
          return [block(node, { type: 'paragraph', nodes: inlines(node.children) })]
        case 'list':
          return [block(node, { type: node.ordered ? 'list-ordered' : 'list-unordered', ...(node.ordered && node.start !== 1 && node.start != null ? { start: node.start } : {}), nodes: blocks(node.children) })]
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
