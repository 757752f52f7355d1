import type { LinkStatus } from '../../../src/schemas/link.ts'
import type { ContentState as State } from './cache.ts'
import { analysisOf, viewOf } from './view.ts'
import type { LinkAnalysis, LinkEntry, LinkTarget, PageNode, RevisionView } from './view-types.ts'

/**
 * Links computed from page content. In markdown, a link is internal when it has no scheme:
 * `/a/b` is looked up from the space's root, `b`, `./b` and `../b` from the page's parent (as
 * files beside each other in a git tree; `.md` and a trailing `README` are dropped), and
 * `/.files/<name>` names a file. Internal targets that exist are `in-app`, missing ones
 * `broken`; `http(s)` URLs are `ok` unless marked broken with the `brokenUrl` builder
 * (`markUrl`, mock/model/content/broken-urls.ts).
 * Anchors (`#x`) and other schemes (`mailto:`) are not checked.
 */

export type { LinkAnalysis, LinkEntry, LinkTarget } from './view-types.ts'

/** Where an href goes from a page; undefined for what is not checked. */
export function resolveHref(view: RevisionView, from: PageNode, href: string): LinkTarget | undefined {
  const raw = href.trim()
  if (!raw || raw.startsWith('#') || raw.startsWith('?')) return undefined
  if (raw.startsWith('//')) return { kind: 'url', url: `https:${raw}` }
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) return /^https?:/i.test(raw) ? { kind: 'url', url: raw } : undefined
  let path = raw.split(/[?#]/)[0]!
  try {
    path = decodeURIComponent(path)
  } catch {
    // A malformed escape is looked up as written, and will not be found.
  }
  const segments = path.startsWith('/') || !from.parent ? [] : from.parent.path.split('/')
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  if (segments[0] === '.files') {
    const name = segments.slice(1).join('/')
    const file = view.fileByName.get(name) ?? view.fileById.get(name)
    return file ? { kind: 'file', file } : { kind: 'missing-file', path: `.files/${name}` }
  }
  const last = segments.length - 1
  if (last >= 0) segments[last] = segments[last]!.replace(/\.md$/i, '')
  if (/^readme$/i.test(segments[last] ?? '')) segments.pop()
  const target = segments.join('/')
  // The space's root stands for its first page, as the published site opens on it.
  const page = target === '' ? view.order[0] : view.byPath.get(target)
  return page ? { kind: 'page', page } : { kind: 'missing-page', path: target }
}

function targetKey(target: LinkTarget): string {
  switch (target.kind) {
    case 'page':
      return `page:${target.page.record.page}`
    case 'file':
      return `file:${target.file.file}`
    case 'url':
      return `url:${target.url}`
    default:
      return `${target.kind}:${target.path}`
  }
}

function analyzeLinks(view: RevisionView): LinkAnalysis {
  const all = new Map<string, LinkEntry>()
  const byPage = new Map<string, LinkEntry[]>()
  const fileUsers = new Map<string, PageNode[]>()
  for (const node of view.order) {
    const mine = new Map<string, LinkEntry>()
    for (const use of analysisOf(view, node).links) {
      const target = resolveHref(view, node, use.href)
      if (!target) continue
      const key = `${use.relation}:${targetKey(target)}`
      const entry = all.get(key) ?? { key, relation: use.relation, target, locations: [] }
      all.set(key, entry)
      if (!entry.locations.some((l) => l.page === node)) entry.locations.push({ page: node, node: use.node })
      if (!mine.has(key)) mine.set(key, { key, relation: use.relation, target, locations: [{ page: node, node: use.node }] })
      if (target.kind === 'file') {
        const users = fileUsers.get(target.file.file) ?? []
        if (users.at(-1) !== node) users.push(node)
        fileUsers.set(target.file.file, users)
      }
    }
    if (mine.size) byPage.set(node.record.page, [...mine.values()])
  }
  return { all: [...all.values()], byPage, fileUsers }
}

/** The links of a revision (computed once per revision content). */
export function linksOf(view: RevisionView): LinkAnalysis {
  return (view.links ??= analyzeLinks(view))
}

/** The status of a link now: external URLs follow the broken marks, which change without a new revision. */
export function linkStatus(state: State, entry: LinkEntry): LinkStatus {
  switch (entry.target.kind) {
    case 'page':
    case 'file':
      return 'in-app'
    case 'url':
      return state.tables.brokenUrls.get(entry.target.url) ? 'broken' : 'ok'
    default:
      return 'broken'
  }
}

/** Keys of the broken links of a list of entries. */
function brokenKeys(state: State, entries: readonly LinkEntry[]): Set<string> {
  return new Set(entries.filter((e) => linkStatus(state, e) === 'broken').map((e) => e.key))
}

/**
 * The revisions {@link listLinks} analyses for a target: its own, and the revisions and bases of
 * the change requests whose added broken links it counts.
 */
export function linkRevisions(
  state: State,
  target: { space: { id: string }; changeRequest?: { revision: string; baseRevision: string } | undefined; revision: string },
): string[] {
  const revisions = [target.revision]
  if (target.changeRequest) revisions.push(target.changeRequest.revision, target.changeRequest.baseRevision)
  else {
    for (const cr of state.indexes.changeRequestsBySpace.get(target.space.id)) {
      if (cr.status === 'open' || cr.status === 'draft') revisions.push(cr.revision, cr.baseRevision)
    }
  }
  return revisions
}

/**
 * Broken links a change request adds: broken in its revision, not in the revision it started
 * from. `page` narrows both sides to one page.
 */
export function brokenAddedBy(state: State, revision: string, baseRevision: string, page?: string): number {
  const mine = linksOf(viewOf(state, revision))
  const base = linksOf(viewOf(state, baseRevision))
  const before = brokenKeys(state, page === undefined ? base.all : (base.byPage.get(page) ?? []))
  let added = 0
  for (const key of brokenKeys(state, page === undefined ? mine.all : (mine.byPage.get(page) ?? []))) if (!before.has(key)) added++
  return added
}

/** The `stats` of a links listing. */
export interface LinkStats {
  total: number
  broken: { total: number; changeRequest: number }
}

const STATUS_ORDER: Record<LinkStatus, number> = { broken: 0, 'in-app': 1, ok: 2 }

/** What a link list is sorted by within a status: the path, file path or URL a reader sees. */
function labelOf(target: LinkTarget): string {
  switch (target.kind) {
    case 'page':
      return target.page.path
    case 'file':
      return `.files/${target.file.name}`
    case 'url':
      return target.url
    default:
      return target.path
  }
}

/**
 * The links of a revision or of one of its pages, broken first (then in-app, then ok), each
 * status ordered by path or URL, with their stats. For a space,
 * `broken.changeRequest` counts the broken links its open and draft change requests would add;
 * for a change request, those it adds itself.
 */
export function listLinks(
  state: State,
  target: { space: { id: string }; changeRequest?: { revision: string; baseRevision: string } | undefined; revision: string },
  filter: { page?: string | undefined; status?: LinkStatus | undefined },
): { items: Array<{ entry: LinkEntry; status: LinkStatus; rank: number; label: string }>; stats: LinkStats } {
  const analysis = linksOf(viewOf(state, target.revision))
  const entries = filter.page === undefined ? analysis.all : (analysis.byPage.get(filter.page) ?? [])
  const rated = entries.map((entry) => {
    const status = linkStatus(state, entry)
    return { entry, status, rank: STATUS_ORDER[status], label: labelOf(entry.target) }
  })
  let changeRequest = 0
  if (target.changeRequest)
    changeRequest = brokenAddedBy(state, target.changeRequest.revision, target.changeRequest.baseRevision, filter.page)
  else {
    for (const cr of state.indexes.changeRequestsBySpace.get(target.space.id)) {
      if (cr.status === 'open' || cr.status === 'draft') changeRequest += brokenAddedBy(state, cr.revision, cr.baseRevision, filter.page)
    }
  }
  const stats = { total: rated.length, broken: { total: rated.filter((r) => r.status === 'broken').length, changeRequest } }
  return { items: filter.status ? rated.filter((r) => r.status === filter.status) : rated, stats }
}
