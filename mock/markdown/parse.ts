import type { Nodes, Root } from 'mdast'
import type { MAX_MARKDOWN_DEPTH } from '../base/markdown-depth.ts'
import type { boundInlineRuns, MAX_INLINE_BRACKETS, MAX_INLINE_DELIMITERS } from './inline-bound.ts'
import { markdownTokens } from './parsers.ts'
import { tokensToMdast } from './tokens.ts'

export interface ParseOptions {
  /**
   * `false` leaves autolink literals (`www.example.com`) as text instead of links: the text of
   * the tree is the same, for a reader that needs only that.
   */
  links?: boolean
  /** `false` leaves out the top-level blocks' `position` (for a reader that does not cut the text). */
  positions?: boolean
}

/**
 * Markdown read with a real parser (markdown-it): CommonMark with GitHub's extensions (tables,
 * task lists, strikethrough, footnotes, autolink literals), as an mdast tree. Markdown nested
 * deeper than {@link MAX_MARKDOWN_DEPTH} (which the API refuses, but a state file or a builder
 * may hold) is kept as one paragraph of its text. Emphasis delimiters and brackets beyond
 * {@link MAX_INLINE_DELIMITERS} and {@link MAX_INLINE_BRACKETS} in one inline run are read as
 * literal text ({@link boundInlineRuns}), so the cost stays close to linear in the input.
 */
export function parseMarkdown(markdown: string, options: ParseOptions = {}): Root {
  const parsed = markdownTokens(markdown, options.links !== false)
  if (!parsed) return { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: markdown }] }] }
  return tokensToMdast(parsed.tokens, options.positions === false ? undefined : parsed.text)
}

/** The text a leaf contributes; undefined for a node with children. */
function leafText(node: Nodes): string | undefined {
  if ('value' in node && typeof node.value === 'string') return node.type === 'html' ? '' : node.value
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? ''
  if (node.type === 'break') return '\n'
  if (!('children' in node)) return ''
  return undefined
}

function separatorOf(node: Nodes): string {
  if (node.type === 'root' || node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote' || node.type === 'table')
    return '\n'
  return node.type === 'tableRow' ? ' | ' : ''
}

/**
 * The plain text of a node (code keeps its source; images their alt text). Walks with its own
 * stack rather than recursion, so no depth of input can overflow the call stack.
 */
export function plainText(node: Nodes): string {
  const parts: string[] = []
  const stack: Array<{ node: Nodes; next: number }> = [{ node, next: -1 }]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (top.next === -1) {
      const leaf = leafText(top.node)
      if (leaf !== undefined) {
        parts.push(leaf)
        stack.pop()
        continue
      }
      top.next = 0
    }
    const children = (top.node as { children: Nodes[] }).children
    if (top.next >= children.length) {
      stack.pop()
      continue
    }
    if (top.next > 0) parts.push(separatorOf(top.node))
    stack.push({ node: children[top.next++]!, next: -1 })
  }
  return parts.join('')
}

/** Every node of a tree, parents before children, without recursion. */
export function* walk(root: Nodes): Generator<Nodes> {
  const stack: Nodes[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    yield node
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes)
  }
}
