import { badRequest, conflict, notFound } from '../../base/http-error.ts'
import { insert, newId, type State } from '../state.ts'
import type { PageRecord } from '../../tables/content.ts'
import type { Patch } from '../../tables/table.ts'
import { viewOf } from '../../derived/content/view.ts'

/**
 * What happens when a page is written: every write of the pages table is a function of this file
 * (a builder, an import, a new revision, a purge all come here). What follows a write needs no
 * call: the table's observers follow it in the same transaction (a failed request undoes both),
 * and they are derived data (mock/derived/): the revision's view is dropped (`ContentCache`), its
 * search index re-files the page (`SearchIndexes`), the space's suggested questions are marked for
 * a new look (`QuestionIndex`), and a journaled platform records the change. Analyses are kept by
 * content, so an unchanged page is never parsed again.
 */

/** Slug bound: lowercase letters and digits in groups joined by single hyphens, at most 100 characters. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The slug a title gives: `Getting Started!` → `getting-started`. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '')
  return slug || 'page'
}

/** What a new page may say; everything but the title has a default. */
export interface NewPage {
  title: string
  /** Default: from the title, numbered when a sibling has it already. */
  slug?: string | undefined
  /** Page ID of the parent; default: the root. */
  parent?: string | undefined
  /** `group` pages only hold other pages. Default `document`. */
  type?: 'document' | 'group' | undefined
  markdown?: string | undefined
  emoji?: string | undefined
  icon?: string | undefined
  description?: string | undefined
  hidden?: boolean | undefined
  noIndex?: boolean | undefined
  noRobotsIndex?: boolean | undefined
  variables?: Record<string, string> | undefined
  layout?: PageRecord['layout'] | undefined
  cover?: PageRecord['cover'] | undefined
  /** A computed page: `markdown` is then the output of its last computation. */
  computed?: PageRecord['computed'] | undefined
  computedSeed?: string | undefined
  git?: PageRecord['git'] | undefined
  /** Page ID; default: a new one. */
  id?: string | undefined
}

/** The page of a revision (404 when it has none by that ID). */
export function requirePage(state: State, revision: string, pageId: string): PageRecord {
  const page = state.tables.pages.get(`${revision}:${pageId}`)
  if (!page) throw notFound(`Page ${pageId} not found`)
  return page
}

/** A slug free among the children of `parent`: the given one (409 when taken) or one made from the title. */
export function freeSlug(
  state: State,
  revision: string,
  parent: string | undefined,
  title: string,
  wanted?: string,
  except?: string,
): string {
  const taken = new Set<string>()
  for (const sibling of state.indexes.pagesByParent.get(`${revision}:${parent ?? ''}`)) if (sibling.page !== except) taken.add(sibling.slug)
  if (wanted !== undefined) {
    if (!SLUG.test(wanted) || wanted.length > 100)
      throw badRequest(`Invalid slug: "${wanted}" must be lowercase letters and digits joined by hyphens (at most 100)`)
    if (taken.has(wanted)) throw conflict(`A sibling page already has the slug "${wanted}"`)
    return wanted
  }
  let slug = slugify(title)
  for (let n = 2; taken.has(slug); n++) slug = numbered(title, n)
  return slug
}

/** The `n`th slug of a title (`pricing-2`), kept within the 100 characters of a slug. */
export function numbered(title: string, n: number): string {
  const suffix = `-${n}`
  return `${slugify(title)
    .slice(0, 100 - suffix.length)
    .replace(/-+$/, '')}${suffix}`
}

/** Adds a page at the end of its parent's children in a revision. */
export function addPage(state: State, revision: string, values: NewPage): PageRecord {
  if (!values.title.trim()) throw badRequest('Invalid title: must not be empty')
  if (values.parent !== undefined) requirePage(state, revision, values.parent)
  const id = values.id ?? newId(state)
  if (state.tables.pages.get(`${revision}:${id}`)) throw conflict(`Page ${id} already exists`)
  const slug = freeSlug(state, revision, values.parent, values.title, values.slug)
  const siblings = state.indexes.pagesByParent.get(`${revision}:${values.parent ?? ''}`)
  const now = state.clock.stamp()
  const page = insert(state, state.tables.pages, {
    id: `${revision}:${id}`,
    revision,
    page: id,
    ...(values.parent !== undefined ? { parent: values.parent } : {}),
    position: (siblings.at(-1)?.position ?? 0) + 1,
    type: values.type ?? 'document',
    title: values.title,
    slug,
    ...(values.emoji !== undefined ? { emoji: values.emoji } : {}),
    ...(values.icon !== undefined ? { icon: values.icon } : {}),
    ...(values.description !== undefined ? { description: values.description } : {}),
    markdown: values.type === 'group' ? '' : (values.markdown ?? ''),
    documentId: newId(state),
    createdAt: now,
    updatedAt: now,
    hidden: values.hidden ?? false,
    noIndex: values.noIndex ?? false,
    noRobotsIndex: values.noRobotsIndex ?? false,
    variables: values.variables ?? {},
    ...(values.layout ? { layout: values.layout } : {}),
    ...(values.cover ? { cover: values.cover } : {}),
    ...(values.computed ? { computed: values.computed } : {}),
    ...(values.computedSeed !== undefined ? { computedSeed: values.computedSeed } : {}),
    ...(values.git ? { git: values.git } : {}),
  })

  return page
}

/** What an edit of a page may change. */
export type PageChanges = Partial<
  Pick<NewPage, 'title' | 'slug' | 'markdown' | 'emoji' | 'icon' | 'description' | 'hidden' | 'variables' | 'git'>
>

/** What an edit copies as given (the slug is checked first). */
const COPIED_CHANGES = ['title', 'markdown', 'emoji', 'icon', 'description', 'hidden', 'variables', 'git'] as const

/** Edits a page of a revision in place (builders and imports; the API makes new revisions). */
export function updatePage(state: State, revision: string, pageId: string, changes: PageChanges): PageRecord {
  const page = requirePage(state, revision, pageId)
  const patch: Patch<PageRecord> = { updatedAt: state.clock.stamp() }
  if (changes.slug !== undefined && changes.slug !== page.slug)
    patch.slug = freeSlug(state, revision, page.parent, page.title, changes.slug, page.page)
  for (const field of COPIED_CHANGES) if (changes[field] !== undefined) (patch as Record<string, unknown>)[field] = changes[field]
  state.tables.pages.update(page, patch)

  return page
}

/**
 * Copies the pages of one revision into another, keeping their IDs, order and dates: the same
 * page in two revisions is the same page.
 */
export function copyPages(state: State, from: string, to: string): void {
  for (const page of [...state.indexes.pagesByRevision.get(from)]) {
    const { id: _id, seq: _seq, ...values } = structuredClone(page)
    insert(state, state.tables.pages, { ...values, id: `${to}:${page.page}`, revision: to })
  }
}

/** Deletes every page of a revision (the revision goes: mock/model/content/revisions.ts). */
export function dropPages(state: State, revision: string): void {
  for (const page of [...state.indexes.pagesByRevision.get(revision)]) state.tables.pages.delete(page)
}

/** Removes a page and the pages under it from a revision. */
export function removePage(state: State, revision: string, pageId: string): void {
  const page = requirePage(state, revision, pageId)
  const node = viewOf(state, revision).byId.get(pageId)
  const doomed: PageRecord[] = node ? [] : [page]
  const collect = (n: NonNullable<typeof node>) => {
    doomed.push(n.record)
    n.children.forEach(collect)
  }
  if (node) collect(node)
  for (const record of doomed) state.tables.pages.delete(record)
}
