import type { Builders } from '../../builders.ts'
import type { DemoContext } from '../foundation.ts'
import type { BuildContent, BuildPage, BuiltContent } from '../../../model/content/build.ts'
import { guideContent } from './guide.ts'
import { otherContent } from './others.ts'
import { referenceContent } from './reference.ts'

/** The same content with the IDs it was given in the space, so a change request holds the same pages. */
function mirror(content: BuildContent, built: BuiltContent): BuildContent {
  const withIds = (pages: readonly BuildPage[]): BuildPage[] =>
    pages.map((p) => ({ ...p, id: built.pages[p.title]!.page, ...(p.pages ? { pages: withIds(p.pages) } : {}) }))
  return {
    ...content,
    pages: withIds(content.pages ?? []),
    files: (content.files ?? []).map((f) => ({ ...f, id: built.files[f.name]!.file })),
    reusableContents: (content.reusableContents ?? []).map((r) => ({ ...r, ...built.reusableContents[r.title] })),
  }
}

/**
 * The demo's content: every space gets pages (the guide and the reference in depth), the
 * change requests of the foundation start from their space's content and carry their own
 * edits, and reviewers are requested on them.
 */
export async function demoContent(b: Builders, demo: DemoContext): Promise<void> {
  const { spaces, changeRequests: crs, users } = demo

  const guide = await b.content({ space: spaces.guide.id, ...guideContent })
  await b.brokenUrl('https://legacy.acme.test/downloads')
  const reference = await b.content({ space: spaces.reference.id, ...referenceContent })
  for (const [name, content] of Object.entries(otherContent)) {
    await b.content({ space: spaces[name as keyof typeof spaces].id, ...content })
  }

  // The change requests were opened on empty spaces: give them the content they started from.
  for (const cr of [crs.quickstart, crs.typos]) await b.content({ changeRequest: cr.id, ...mirror(guideContent, guide) })
  await b.content({ changeRequest: crs.pagination.id, ...mirror(referenceContent, reference) })

  // "Rewrite the quickstart": a new page, a rewritten one, and a link to a page nobody wrote yet.
  const docker = await b.page({
    changeRequest: crs.quickstart.id,
    parent: guide.pages.Guides!.page,
    title: 'Quickstart with Docker',
    emoji: '🐳',
    markdown: `Run the whole platform locally in one container.\n\n\`\`\`bash\ndocker compose up acme\n\`\`\`\n\nThen continue with [step 3 of the quickstart](/quickstart#3-write-and-publish).\n`,
  })
  await b.editPage({
    changeRequest: crs.quickstart.id,
    page: guide.pages.Quickstart!.page,
    markdown: `Publish your first page in five minutes.

## 1. Install the CLI

\`\`\`bash
npm install --global @acme/cli
acme login --token "$ACME_TOKEN"
\`\`\`

Prefer containers? Follow [Quickstart with Docker](/guides/${docker.slug}).

## 2. Create a space and publish

\`\`\`bash
acme spaces create "Product docs" --visibility public --publish
\`\`\`

Tokens are created as explained in [API keys](/concepts/api-keys).
`,
  })
  await b.reviewer({ changeRequest: crs.quickstart.id, user: users.review.user.id, requestedBy: users.edit.user.id })
  await b.reviewer({ changeRequest: crs.quickstart.id, user: users.admin.user.id, requestedBy: users.edit.user.id })

  // "Fix typos" (a draft).
  const installation = guideContent.pages!.find((p) => p.title === 'Installation')!
  await b.editPage({
    changeRequest: crs.typos.id,
    page: guide.pages.Installation!.page,
    markdown: installation.markdown!.replace('## Requirments', '## Requirements').replace('will\nrecieve', 'will\nreceive'),
  })
  await b.reviewer({ changeRequest: crs.typos.id, user: users.edit.user.id, requestedBy: users.comment.user.id })

  // "Document pagination" on the reference.
  await b.page({
    changeRequest: crs.pagination.id,
    title: 'Pagination',
    markdown: `Lists return at most \`limit\` items (1 to 1000, default 100).

## Walking a list

Pass the \`next.page\` value of a response as the \`page\` parameter of the next request. The last
page has no \`next\`.

\`\`\`bash
curl "{{ space.vars.baseUrl }}/orgs/$ORG/members?limit=50&page=$CURSOR"
\`\`\`

See [Errors](errors) for what an invalid cursor returns.
`,
  })
  await b.editPage({
    changeRequest: crs.pagination.id,
    page: reference.pages.Overview!.page,
    markdown: referenceContent.pages![0]!.markdown!.replace(
      'Lists come in pages: `{ items, count, next }`.',
      'Lists come in pages: `{ items, count, next }`, walked as described in [Pagination](pagination).',
    ),
  })
  await b.reviewer({ changeRequest: crs.pagination.id, user: users.admin.user.id, requestedBy: users.review.user.id })
}
