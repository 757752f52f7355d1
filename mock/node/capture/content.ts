import type { Page } from '../../../src/schemas/page.ts'
import type { CaptureContext } from './context.ts'
import type { Copy, RecordOf, RecordValues } from './copy.ts'
import { timeOr, UNKNOWN_TIME } from './fields.ts'

/** What to read of each revision. */
export interface ContentLimits {
  /** At most this many pages per space (in table-of-contents order, parents before children). */
  maxPages: number | undefined
  /** Leave page bodies out: only the page tree, files and settings. */
  noContent: boolean
}

/** Where a revision belongs: a space's current content, or a change request's latest. */
export interface RevisionOwner {
  spaceId: string
  /** The change request's number, for reading it. */
  changeRequestNumber?: number
  /** The change request's ID, stored on the revision. */
  changeRequestId?: string
}

/**
 * Reads a revision with its page tree, each page's markdown and its files, and stores them as
 * the copy's revision, page and file rows. Resolves the stored revision, or undefined if refused.
 */
export async function captureRevision(
  ctx: CaptureContext,
  copy: Copy,
  owner: RevisionOwner,
  limits: ContentLimits,
): Promise<RecordOf<'revisions'> | undefined> {
  const { spaceId, changeRequestNumber } = owner
  const label = changeRequestNumber === undefined ? `space ${spaceId}` : `space ${spaceId} change request #${changeRequestNumber}`
  const changeRequestId = changeRequestNumber === undefined ? undefined : String(changeRequestNumber)
  const revision = await ctx.read(`${label}: content`, () =>
    changeRequestId === undefined
      ? ctx.client.spaces.content.get({ spaceId })
      : ctx.client.changeRequests.content.get({ spaceId, changeRequestId }),
  )
  if (!revision) return undefined
  const reusable = revision.reusableContents ?? []
  const createdAt = timeOr(ctx, 'revisions.createdAt', revision.createdAt, UNKNOWN_TIME)
  if (reusable.length > 0)
    ctx.placeholder(
      'revisions.reusableContents.markdown',
      "empty: the API shows a reusable content's title and document ID, not its content",
      reusable.length,
    )
  const stored = copy.add('revisions', {
    id: revision.id,
    space: spaceId,
    changeRequest: owner.changeRequestId,
    parents: revision.parents ?? [],
    type: revision.type ?? 'edits',
    createdAt,
    git:
      revision.git?.oid === undefined
        ? undefined
        : {
            oid: revision.git.oid,
            message: revision.git.message ?? '',
            createdByService: revision.git.createdByService ?? false,
            url: revision.git.url ?? '',
            ref: revision.git.ref ?? '',
          },
    variables: revision.variables ?? {},
    reusableContents: reusable.map((r) => ({
      id: r.id,
      title: r.title ?? '',
      documentId: r.document ?? r.id,
      markdown: '',
      git: gitOf(r.git),
    })),
  })

  // Pre-order: a parent is always stored before its children, so a page limit keeps a tree.
  const flat: Array<{ page: Page; parent: string | undefined; position: number }> = []
  const walk = (pages: readonly Page[], parent: string | undefined) => {
    pages.forEach((page, i) => {
      flat.push({ page, parent, position: i + 1 })
      walk(page.pages ?? [], page.id)
    })
  }
  walk(revision.pages ?? [], undefined)
  const kept = limits.maxPages === undefined ? flat : flat.slice(0, limits.maxPages)
  if (kept.length < flat.length)
    ctx.skipped.push({
      what: `${label}: ${flat.length - kept.length} of ${flat.length} pages`,
      reason: `--max-pages-per-space ${limits.maxPages}`,
    })

  const markdown = new Map<string, string>()
  if (!limits.noContent) {
    await ctx.each(
      kept.filter((p) => p.page.type !== 'group'),
      async ({ page }) => {
        const full = await ctx.read(`${label}: page ${page.id}`, () =>
          changeRequestId === undefined
            ? ctx.client.spaces.content.getPage({ spaceId, pageId: page.id, format: 'markdown' })
            : ctx.client.changeRequests.content.getPage({ spaceId, changeRequestId, pageId: page.id, format: 'markdown' }),
        )
        if (typeof full?.markdown === 'string') markdown.set(page.id, full.markdown)
      },
    )
  }
  let groups = 0
  for (const { page, parent, position } of kept) {
    if (page.type === 'group') groups++
    copy.add('pages', pageValues(revision.id, createdAt, page, parent, position, markdown.get(page.id) ?? ''))
  }
  if (limits.noContent) ctx.placeholder('pages.markdown', 'empty: captured with --no-content', kept.length - groups)

  const files =
    (await ctx.list(`${label}: files`, () =>
      changeRequestId === undefined
        ? ctx.client.spaces.content.listFiles({ spaceId }).pages()
        : ctx.client.changeRequests.content.listFiles({ spaceId, changeRequestId }).pages(),
    )) ??
    revision.files ??
    []
  for (const file of files) {
    copy.add('files', {
      id: `${revision.id}:${file.id}`,
      revision: revision.id,
      file: file.id,
      name: file.name,
      contentType: file.contentType ?? 'application/octet-stream',
      size: file.size ?? 0,
      dimensions:
        file.dimensions?.width === undefined || file.dimensions.height === undefined
          ? undefined
          : { width: file.dimensions.width, height: file.dimensions.height },
      createdAt,
      git: gitOf(file.git),
    })
  }
  if (changeRequestId === undefined) await captureBrokenUrls(ctx, copy, spaceId, createdAt)
  if (files.length > 0) ctx.placeholder('files.createdAt', "the revision's creation time: files show no dates", files.length)
  return stored
}

/** Where a page, file or reusable content comes from in a Git repository; none without a commit. */
function gitOf(git: { oid?: string | undefined; path?: string | undefined } | undefined): { oid: string; path?: string } | undefined {
  return git?.oid === undefined ? undefined : { oid: git.oid, path: git.path }
}

/** The fields of an object whose values are strings (and booleans, where `booleans`), the others left out. */
function scalars(values: Record<string, unknown>, booleans: true): Record<string, string | boolean>
function scalars(values: Record<string, unknown>, booleans: false): Record<string, string>
function scalars(values: Record<string, unknown>, booleans: boolean): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {}
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' || (booleans && typeof value === 'boolean')) out[key] = value
  }
  return out
}

/** A page record of revision `revisionId` from the page as the revision's tree shows it. */
function pageValues(
  revisionId: string,
  revisionCreatedAt: string,
  page: Page,
  parent: string | undefined,
  position: number,
  markdown: string,
): RecordValues<'pages'> {
  const coverFile = page.cover?.ref?.file
  return {
    id: `${revisionId}:${page.id}`,
    revision: revisionId,
    page: page.id,
    parent,
    position,
    type: page.type === 'group' ? 'group' : 'document',
    title: page.title,
    slug: page.slug ?? page.id,
    emoji: page.emoji,
    icon: page.icon,
    description: page.description,
    markdown,
    documentId: page.documentId ?? `captured-document:${page.id}`,
    createdAt: page.createdAt ?? revisionCreatedAt,
    updatedAt: page.updatedAt ?? page.createdAt ?? revisionCreatedAt,
    hidden: page.hidden ?? false,
    noIndex: page.noIndex ?? false,
    noRobotsIndex: page.noRobotsIndex ?? false,
    variables: page.variables ?? {},
    layout: page.layout ? scalars(page.layout, true) : undefined,
    cover: coverFile === undefined ? undefined : { file: coverFile, darkFile: page.cover?.refDark?.file, yPos: page.cover?.yPos ?? 0 },
    computed:
      page.computed?.type === undefined
        ? undefined
        : {
            type: page.computed.type,
            spec: page.computed.dependencies?.spec?.ref?.spec,
            props: page.computed.props ? scalars(page.computed.props, false) : {},
          },
    computedSeed: page.computedSeed,
    git: gitOf(page.git),
  }
}

/**
 * External URLs the service's link checker reports broken: the mock keeps them as a table (its
 * control API marks them), so the copy's link listings report the same statuses.
 */
async function captureBrokenUrls(ctx: CaptureContext, copy: Copy, spaceId: string, createdAt: string): Promise<void> {
  const links = await ctx.list(`space ${spaceId}: broken links`, () => ctx.client.spaces.listLinks({ spaceId, status: 'broken' }).pages())
  for (const link of links ?? []) {
    const target = link.targetReference
    if (target?.kind === 'url' && target.url !== undefined) copy.add('brokenUrls', { id: target.url, createdAt })
  }
}
