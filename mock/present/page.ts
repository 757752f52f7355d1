import type { ContentTarget } from '../model/content/revisions.ts'
import { evaluate, toDocument } from '../derived/content/document.ts'
import type { PageNode, RevisionView } from '../derived/content/view.ts'
import type { State } from '../model/state.ts'
import type { Page } from '../../src/schemas/page.ts'
import type { PendingDocuments } from './pending-documents.ts'
import type { Wire } from './wire.ts'

/** How content is asked for: `metadata` (git info) and `computed` (computed pages' output), both default true. */
export interface ContentOptions {
  metadata: boolean
  computed: boolean
}

/**
 * The layout a document page shows when it sets no option: the platform's `docs` preset (normal
 * width, a hero cover without mask, every element shown). A page's own options override these.
 */
const DEFAULT_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
} as const

/** The web app URL of a space's content, or of a change request's. */
export function contentAppUrl(state: State, target: ContentTarget): string {
  const space = `${state.urls.app}/o/${target.space.organization}/s/${target.space.id}`
  return target.changeRequest ? `${space}/~/changes/${target.changeRequest.number}` : space
}

/** Whether a page is output of a computed page above it (absent from uncomputed content). */
export function isGenerated(node: PageNode): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.record.computed) return true
  return false
}

/** A page as a link location or target: ID, title, path, app URL. */
export function presentPageRef(state: State, target: ContentTarget, node: PageNode) {
  return { id: node.record.page, title: node.record.title, path: node.path, urls: { app: `${contentAppUrl(state, target)}/${node.path}` } }
}

/** A page of a tree (no content), with its children. */
export function presentPageSummary(state: State, target: ContentTarget, node: PageNode, options: ContentOptions): Wire<typeof Page> {
  const r = node.record
  // Uncomputed, a computed page is only its definition: the pages under it are its output.
  const children = r.computed && !options.computed ? [] : node.children
  return {
    object: 'page',
    id: r.page,
    title: r.title,
    emoji: r.emoji,
    icon: r.icon,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    type: r.type,
    urls: { app: `${contentAppUrl(state, target)}/${node.path}` },
    slug: r.slug,
    path: node.path,
    description: r.description,
    ...(r.type === 'document' ? { documentId: r.documentId } : {}),
    // The published description's older name of the type: a document page is a `sheet`.
    kind: r.type === 'document' ? 'sheet' : r.type,
    pages: children.map((child) => presentPageSummary(state, target, child, options)),
    ...(r.git && options.metadata ? { git: r.git } : {}),
    // The mock keeps no tags: a document page carries none.
    ...(r.type === 'document' ? { layout: { ...DEFAULT_LAYOUT, ...r.layout }, tags: [] } : r.layout ? { layout: r.layout } : {}),
    ...(r.cover
      ? {
          cover: {
            ref: { kind: 'file', file: r.cover.file },
            ...(r.cover.darkFile ? { refDark: { kind: 'file', file: r.cover.darkFile } } : {}),
            yPos: r.cover.yPos,
          },
        }
      : {}),
    variables: r.variables,
    hidden: r.hidden,
    noIndex: r.noIndex,
    noRobotsIndex: r.noRobotsIndex,
    ...(r.computed
      ? {
          computed: {
            type: r.computed.type,
            dependencies: r.computed.spec ? { spec: { ref: { kind: 'openapi', spec: r.computed.spec } } } : {},
            props: r.computed.props,
          },
        }
      : {}),
    computedSeed: r.computedSeed,
  }
}

/** The root pages of a revision as a tree. */
export function presentPageTree(state: State, target: ContentTarget, view: RevisionView, options: ContentOptions) {
  return view.roots.map((node) => presentPageSummary(state, target, node, options))
}

/** A page with its content: a document tree (default) or markdown, variables filled in when `evaluated`. */
export function presentPage(
  state: State,
  target: ContentTarget,
  view: RevisionView,
  node: PageNode,
  options: ContentOptions & { format: 'document' | 'markdown'; evaluated: boolean },
  documents?: PendingDocuments,
) {
  const summary = presentPageSummary(state, target, node, options)
  const r = node.record
  if (r.type === 'group' || (r.computed && !options.computed)) return summary
  const vars = options.evaluated ? { space: view.revision?.variables ?? {}, page: r.variables } : undefined
  if (options.format === 'markdown') return { ...summary, markdown: vars ? evaluate(r.markdown, vars) : r.markdown }
  const content = r.markdown
  const convert = () => toDocument(view, node, content, vars)
  return documents ? documents.add({ ...summary }, content.length, convert) : { ...summary, document: convert() }
}
