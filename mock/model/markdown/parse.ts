import type { Nodes, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'

const extensions = [gfm()]
const mdastExtensions = [gfmFromMarkdown()]

/** Markdown read with a real parser: CommonMark with GitHub's extensions (tables, task lists, footnotes...). */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, { extensions, mdastExtensions })
}

/** The plain text of a node (code keeps its source; images their alt text). */
export function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.type === 'html' ? '' : node.value
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? ''
  if (node.type === 'break') return '\n'
  if (!('children' in node)) return ''
  const separator = node.type === 'root' || node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote' || node.type === 'table' ? '\n' : node.type === 'tableRow' ? ' | ' : ''
  return (node.children as Nodes[]).map(plainText).join(separator)
}

