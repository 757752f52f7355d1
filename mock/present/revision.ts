import type { ContentTarget } from '../model/content/revisions.ts'
import type { RevisionView } from '../derived/content/view.ts'
import type { State } from '../model/state.ts'
import { presentFile } from './file.ts'
import { contentAppUrl, presentPageTree, type ContentOptions } from './page.ts'
import { publishedUrls } from './space-urls.ts'

/** A revision with its page tree, files, reusable contents and variables. */
export function presentRevision(state: State, target: ContentTarget, view: RevisionView, options: ContentOptions) {
  const r = view.revision
  const base = contentAppUrl(state, target)
  // The published and public URLs are the space's, for its live content only.
  const published = target.changeRequest ? undefined : publishedUrls(state, target.space, {})
  return {
    object: 'revision' as const,
    id: view.id,
    parents: r?.parents ?? [],
    pages: presentPageTree(state, target, view, options),
    files: view.files.map((file) => presentFile(state, target, file, options.metadata)),
    reusableContents: (r?.reusableContents ?? []).map((c) => ({
      id: c.id,
      title: c.title,
      document: c.documentId,
      ...(c.git && options.metadata ? { git: c.git } : {}),
    })),
    variables: r?.variables ?? {},
    // The mock keeps no tags: a revision has none to offer its pages.
    tags: [],
    createdAt: r?.createdAt ?? target.space.createdAt,
    // The seed's `createdByService` is the published `createdByGitBook` under the platform's
    // name: one stored fact, answered under both names.
    ...(r?.git && options.metadata ? { git: { ...r.git, createdByGitBook: r.git.createdByService } } : {}),
    urls: {
      app: `${base}/~/revisions/${view.id}`,
      ...(published ? { published: published.published } : {}),
    },
    // An import edits the content: the published types have no `import`, the record keeps what made it.
    type: r === undefined || r.type === 'import' ? 'edits' : r.type,
  }
}
