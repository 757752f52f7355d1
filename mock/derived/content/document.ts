import type { Root } from 'mdast'
import type { DocumentTree } from '../../markdown/document.ts'
import { resolveHref } from './links.ts'
import type { PageNode, RevisionView } from './view.ts'

/**
 * Page documents (the shared shape of mock/markdown/document.ts) with a stable `id` on
 * every block; links and images carry a `ref`: `{ kind: 'page', page }`, `{ kind: 'file', file }`
 * or `{ kind: 'url', url }` (internal targets that do not exist stay urls).
 */

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

/**
 * A page's content (`content`, the page's markdown) as a document: block IDs for anchors, refs
 * resolved within the revision. It reads nothing else that a write changes in place (a view's
 * paths and IDs are fixed for its life), so it may run after the state lock with what was read
 * under it.
 */
export function toDocument(view: RevisionView, page: PageNode, content: string, vars: Variables | undefined): DocumentTree {
  const markdown = view.libraries.markdown
  const root: Root = markdown.parseMarkdown(content)
  // IDs come from the raw content, so filling in variables never moves a comment's anchor.
  const ids = markdown.blockIds(page.record.page, root)
  return markdown.mdastToDocument(root, {
    blockId: (node) => ids.get(node),
    text: vars ? (value) => evaluate(value, vars) : undefined,
    ref: (href) => {
      const target = resolveHref(view, page, href)
      if (target?.kind === 'page') return { kind: 'page', page: target.page.record.page }
      if (target?.kind === 'file') return { kind: 'file', file: target.file.file }
      return { kind: 'url', url: href }
    },
  })
}
