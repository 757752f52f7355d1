import type { ImportSource } from '../../../src/schemas/revision.ts'
import { badRequest } from '../../base/http-error.ts'
import { newId, type State } from '../state.ts'
import { addFile, removeFile } from './files.ts'
import { readSource, type FixturePage, type ImportContent } from './import-source.ts'
import { addPage, numbered, slugify, updatePage } from './pages.ts'
import { copyContent, createRevision, ensureRevision, type ContentTarget } from './revisions.ts'
import { viewOf, type RevisionView } from '../../derived/content/view.ts'

/** What an import reports. */
export interface ImportOutcome {
  revision: string
  importedResources: number
  totalResources: number
}

/** A short, stable hex digest (git-like object IDs of imported content). */
function oid(text: string): string {
  let out = ''
  for (let round = 0; out.length < 40; round++) {
    let h = 0x811c9dc5 ^ round
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
    out += (h >>> 0).toString(16).padStart(8, '0')
  }
  return out.slice(0, 40)
}

/** Where a planned page goes: under an existing page (or the root), or under a page an earlier step adds. */
type ParentRef = { existing: string | undefined } | { step: number }

/** One write of an import, decided before any write happens. */
type Step =
  | { kind: 'update'; page: string; path: string; fixture: FixturePage }
  | { kind: 'add'; parent: ParentRef; slug: string; path: string; fixture: FixturePage }

/**
 * Plays the import on the current content without writing: which pages are updated (matched by
 * path, once each) and which are added with which slug. Everything an import can refuse is
 * refused here, so the writes that follow cannot fail halfway.
 */
function plan(view: RevisionView, content: ImportContent): { steps: Step[]; total: number; imported: number } {
  const steps: Step[] = []
  let total = 0
  let imported = 0
  const touched = new Set<string>()
  const slugsUnder = new Map<string, Set<string>>()
  const taken = (key: string, existing: () => readonly { record: { slug: string } }[]) => {
    let set = slugsUnder.get(key)
    if (!set) slugsUnder.set(key, (set = new Set(existing().map((n) => n.record.slug))))
    return set
  }
  const walk = (pages: readonly FixturePage[], parent: ParentRef, parentPath: string, where: string, reachable: boolean) => {
    pages.forEach((page, i) => {
      total++
      if (!page.title.trim()) throw badRequest(`Invalid imported content: ${where}.${i}.title must not be blank`)
      const ok = reachable && !page.unreachable
      if (!ok) return walk(page.pages ?? [], parent, parentPath, `${where}.${i}.pages`, false)
      imported++
      const key = 'step' in parent ? `step:${parent.step}` : `page:${parent.existing ?? ''}`
      const siblings = taken(key, () =>
        'step' in parent ? [] : parent.existing === undefined ? view.roots : (view.byId.get(parent.existing)?.children ?? []),
      )
      let slug = page.slug ?? slugify(page.title)
      let path = parentPath ? `${parentPath}/${slug}` : slug
      const existing = 'step' in parent ? undefined : view.byPath.get(path)
      let next: ParentRef
      if (existing && existing.record.parent === ('step' in parent ? undefined : parent.existing) && !touched.has(path)) {
        steps.push({ kind: 'update', page: existing.record.page, path, fixture: page })
        next = { existing: existing.record.page }
      } else {
        if (page.slug !== undefined && siblings.has(slug))
          throw badRequest(`Invalid imported content: ${where}.${i}.slug "${slug}" is taken by another page there`)
        for (let n = 2; siblings.has(slug); n++) slug = numbered(page.title, n)
        path = parentPath ? `${parentPath}/${slug}` : slug
        steps.push({ kind: 'add', parent, slug, path, fixture: page })
        next = { step: steps.length - 1 }
      }
      siblings.add(slug)
      touched.add(path)
      walk(page.pages ?? [], next, path, `${where}.${i}.pages`, true)
    })
  }
  walk(content.pages ?? [], { existing: undefined }, '', 'pages', true)
  const names = new Set<string>()
  ;(content.files ?? []).forEach((file, i) => {
    if (!file.name.trim()) throw badRequest(`Invalid imported content: files.${i}.name must not be blank`)
    if (names.has(file.name)) throw badRequest(`Invalid imported content: files.${i}.name "${file.name}" is used twice`)
    names.add(file.name)
    total++
    if (!file.unreachable) imported++
  })
  return { steps, total, imported }
}

/**
 * Imports content from a URL into a new revision whose parent is the target's current one.
 * Pages are matched by path: an existing page keeps its ID and gets the imported title and
 * content; others are added at the end of their parent. Files are matched by name. The new
 * revision becomes the space's active one, or the change request's latest (the space's live
 * content is then left alone).
 */
export function importContent(
  state: State,
  target: ContentTarget,
  fixtures: ReadonlyMap<string, unknown>,
  url: string,
  source: ImportSource,
): ImportOutcome {
  const content = readSource(state.libraries.markdown, state.contentCache.headings, fixtures, url, source)
  const before = viewOf(state, target.revision)
  const { steps, total, imported } = plan(before, content)
  const git = source === 'github' || source === 'gitlab'
  const previous = ensureRevision(state, target)
  const revision = createRevision(state, {
    space: target.space.id,
    ...(target.changeRequest ? { changeRequest: target.changeRequest.id } : {}),
    parents: [previous.id],
    type: 'import',
    ...(git
      ? {
          git: { oid: oid(`${url}\u0000${state.seq}`), message: `Import from ${url}`, createdByService: true, url, ref: 'refs/heads/main' },
        }
      : {}),
    variables: { ...previous.variables, ...content.variables },
    reusableContents: previous.reusableContents.map((r) => ({ ...r })),
  })
  copyContent(state, previous.id, revision.id)

  const added: string[] = []
  for (const step of steps) {
    const page = step.fixture
    const pageGit = git ? { oid: oid(`${url}\u0000${step.path}\u0000${page.markdown ?? ''}`), path: `${step.path}.md` } : undefined
    const fields = { title: page.title, emoji: page.emoji, description: page.description, hidden: page.hidden, git: pageGit }
    if (step.kind === 'update') {
      const current = state.tables.pages.get(`${revision.id}:${step.page}`)!
      // A group holds pages, never content of its own.
      updatePage(state, revision.id, step.page, { ...fields, markdown: current.type === 'group' ? undefined : (page.markdown ?? '') })
      added.push(step.page)
    } else {
      const parent = 'step' in step.parent ? added[step.parent.step] : step.parent.existing
      added.push(addPage(state, revision.id, { ...fields, parent, slug: step.slug, markdown: page.markdown }).page)
    }
  }

  for (const file of content.files ?? []) {
    if (file.unreachable) continue
    const existing = before.fileByName.get(file.name)
    // A file of the same name is replaced by the imported one under the same ID.
    if (existing) removeFile(state, revision.id, existing.file)
    addFile(state, revision.id, {
      ...file,
      id: existing?.file,
      ...(git ? { git: { oid: oid(`${url}\u0000${file.name}`), path: `.files/${file.name}` } } : {}),
    })
  }

  // A new list of new entries through the table: the stored one is what a rollback puts back.
  let reusableContents = revision.reusableContents
  for (const reusable of content.reusableContents ?? []) {
    const existing = reusableContents.find((r) => r.title === reusable.title)
    reusableContents = existing
      ? reusableContents.map((r) => (r === existing ? { ...r, markdown: reusable.markdown } : r))
      : [...reusableContents, { id: newId(state), title: reusable.title, documentId: newId(state), markdown: reusable.markdown }]
  }
  state.tables.revisions.update(revision, { reusableContents })

  const now = state.clock.stamp()
  if (target.changeRequest) state.tables.changeRequests.update(target.changeRequest, { revision: revision.id, updatedAt: now })
  else state.tables.spaces.update(target.space, { revision: revision.id, updatedAt: now })
  return { revision: revision.id, importedResources: imported, totalResources: total }
}
