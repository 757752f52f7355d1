import type { Nodes, Root } from 'mdast'
import { cyrb53 } from '../base/hash.ts'
import { parseMarkdown, plainText } from './parse.ts'

/**
 * Markdown, read with a real parser (micromark + GFM): block IDs, sections and links of a page.
 * Everything the other content features need (search, links, comment anchors, documents)
 * comes from one parse, so they always agree on where a block or a section starts.
 */

/** Node types that are blocks: they get an ID (what comments anchor to). */
const BLOCK_TYPES = new Set([
  'heading',
  'paragraph',
  'list',
  'listItem',
  'code',
  'blockquote',
  'table',
  'tableRow',
  'tableCell',
  'thematicBreak',
  'html',
  'footnoteDefinition',
])

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz'

/**
 * A 53-bit integer in base 36, 11 digits: what `n.toString(36).padStart(11, '0')` gives, in a
 * fraction of its time (V8 converts a double to another radix slowly, and every block of every
 * page read gets an ID). Division and remainder are exact for integers below 2^53.
 */
function base36(n: number): string {
  let out = ''
  for (let i = 0; i < 11; i++) {
    const digit = n % 36
    out = DIGITS[digit]! + out
    n = (n - digit) / 36
  }
  return out
}

/** The ID of the `n`th block (from 0) of a page with this signature (its type and text). */
export function blockId(pageId: string, signature: string, n: number): string {
  // cyrb53: block IDs need no randomness and no Node APIs.
  return `n${base36(cyrb53(`${pageId}\u0000${signature}\u0000${n}`))}`
}

/**
 * Stable block IDs: a hash of the page, the block's type and text, and how many identical
 * blocks precede it. Editing one block leaves the IDs of the others as they were, and a copy
 * of the page (a change request's revision) has the same IDs.
 */
export function blockIds(pageId: string, root: Root): Map<Nodes, string> {
  const ids = new Map<Nodes, string>()
  const seen = new Map<string, number>()
  const visit = (node: Nodes) => {
    if (BLOCK_TYPES.has(node.type)) {
      const signature = `${node.type}\u0000${plainText(node)}`
      const n = seen.get(signature) ?? 0
      seen.set(signature, n + 1)
      ids.set(node, blockId(pageId, signature, n))
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child)
  }
  visit(root)
  return ids
}

const ASCII = /^[\x00-\x7f]*$/

/** A heading's anchor, GitHub style: lowercase words joined by hyphens, repeats numbered. */
export function anchorOf(text: string, used: Map<string, number>): string {
  const lower = text.toLowerCase().trim()
  // Among ASCII characters, letters and digits are a-z (lowercased) and 0-9: a plain class is the same and much faster.
  const base =
    (ASCII.test(lower) ? lower.replace(/[^a-z0-9\s-]/g, '') : lower.replace(/[^\p{L}\p{N}\s-]/gu, '')).replace(/\s+/g, '-') || 'section'
  const n = used.get(base) ?? 0
  used.set(base, n + 1)
  return n === 0 ? base : `${base}-${n}`
}

/** A block of a page, as comments show it. */
export interface BlockInfo {
  id: string
  type: string
  /** The start of its text, at most 120 characters. */
  preview: string
}

/** A part of a page between headings; the first one (before any heading) has the page's title. */
export interface SectionInfo {
  /** The heading's block ID (the page ID for the part before the first heading). */
  id: string
  /** Empty for the part before the first heading. */
  anchor: string
  title: string
  text: string
}

/** A link or an embedded image, where it appears. */
export interface LinkUse {
  href: string
  /** `reference` for a link, `embed` for an image. */
  relation: 'reference' | 'embed'
  /** ID of the block holding it. */
  node: string
}

export interface PageAnalysis {
  blocks: BlockInfo[]
  sections: SectionInfo[]
  links: LinkUse[]
}

const preview = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat
}

function analyze(pageId: string, title: string, markdown: string): PageAnalysis {
  const root = parseMarkdown(markdown)
  const ids = blockIds(pageId, root)
  const blocks: BlockInfo[] = []
  const links: LinkUse[] = []
  const definitions = new Map<string, string>()
  const collect = (node: Nodes, block: string) => {
    const id = ids.get(node)
    if (id) blocks.push({ id, type: node.type, preview: preview(plainText(node)) })
    const here = id ?? block
    if (node.type === 'definition') definitions.set(node.identifier, node.url)
    if (node.type === 'link') links.push({ href: node.url, relation: 'reference', node: here })
    if (node.type === 'image') links.push({ href: node.url, relation: 'embed', node: here })
    if (node.type === 'linkReference' || node.type === 'imageReference') {
      links.push({ href: `\u0000${node.identifier}`, relation: node.type === 'linkReference' ? 'reference' : 'embed', node: here })
    }
    if ('children' in node) for (const child of node.children as Nodes[]) collect(child, here)
  }
  collect(root, pageId)
  // Reference-style links resolve against definitions anywhere in the page; undefined ones are plain text.
  const resolved = links.flatMap((l) => {
    if (!l.href.startsWith('\u0000')) return [l]
    const url = definitions.get(l.href.slice(1))
    return url === undefined ? [] : [{ ...l, href: url }]
  })

  return { blocks, sections: sectionsOf(root, pageId, title, ids), links: resolved }
}

/**
 * The sections of a parsed page: the part before the first heading (the page's own ID), then one
 * per top-level heading, each with the text of the blocks up to the next one. `ids` holds the
 * headings' block IDs.
 */
export function sectionsOf(root: Root, pageId: string, title: string, ids: ReadonlyMap<Nodes, string>): SectionInfo[] {
  const sections: SectionInfo[] = [{ id: pageId, anchor: '', title, text: '' }]
  const used = new Map<string, number>()
  const texts: string[][] = [[]]
  for (const child of root.children) {
    if (child.type === 'heading') {
      const text = plainText(child)
      sections.push({ id: ids.get(child)!, anchor: anchorOf(text, used), title: text, text: '' })
      texts.push([])
    } else if (child.type !== 'definition') {
      texts.at(-1)!.push(plainText(child))
    }
  }
  sections.forEach((s, i) => (s.text = texts[i]!.filter(Boolean).join('\n')))
  return sections
}

/**
 * The blocks, sections and links of a page's markdown. The platform keeps them by page
 * (`AnalysisCache`, analysis-cache.ts), so a view rebuilt after a write does not parse again.
 */
export function analyzePage(pageId: string, title: string, markdown: string): PageAnalysis {
  return analyze(pageId, title, markdown)
}
