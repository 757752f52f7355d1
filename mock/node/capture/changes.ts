import type { Space } from '../../../src/schemas/space.ts'
import type { CaptureContext } from './context.ts'
import type { Copy } from './copy.ts'
import { captureReviewers, captureThread } from './comments.ts'
import { captureRevision, type ContentLimits } from './content.ts'

/**
 * Change requests of a space. The API cannot list them, but numbers count from 1 per space and
 * the space says how many there are, so each is read by number. What the API never shows of a
 * change request (subject, author, which one has which status) is filled with marked
 * placeholders, keeping the space's counts of open and draft change requests right.
 */
export async function captureChangeRequests(
  ctx: CaptureContext,
  copy: Copy,
  space: Space,
  self: string | undefined,
  limits: ContentLimits,
): Promise<void> {
  const total = Number(space.changeRequests ?? 0)
  let open = Number(space.changeRequestsOpen ?? 0)
  let draft = Number(space.changeRequestsDraft ?? 0)
  for (let number = total; number >= 1; number--) {
    // Newest first get the live statuses: older change requests are the ones likely done.
    const status = open > 0 ? (open--, 'open') : draft > 0 ? (draft--, 'draft') : 'merged'
    const probe = await ctx.read(`space ${space.id} change request #${number}: its ID`, () =>
      ctx.client.changeRequests.comments.list({ spaceId: space.id, changeRequestId: String(number), limit: 1 }),
    )
    const known = probe?.items[0]?.target?.changeRequest
    const id = known ?? `captured-cr-${space.id}-${number}`
    if (!known)
      ctx.placeholder(
        'changeRequests.id',
        '`captured-cr-<space>-<number>`: a change request without comments shows its ID nowhere (its number still addresses it)',
      )
    const revision = await captureRevision(ctx, copy, { spaceId: space.id, changeRequestNumber: number, changeRequestId: id }, limits)
    if (!revision) continue
    const parent = revision.parents[0]
    const baseRevision = parent && copy.has('revisions', parent) ? parent : space.revision
    copy.add('changeRequests', {
      id,
      space: space.id,
      number,
      subject: `Change request #${number}`,
      status,
      createdBy: self ?? '',
      createdAt: revision.createdAt,
      updatedAt: revision.createdAt,
      baseRevision,
      revision: revision.id,
    })
    await captureThread(ctx, copy, { spaceId: space.id, changeRequestNumber: number }, id)
    await captureReviewers(ctx, copy, space.id, number, id)
  }
  if (total > 0) {
    ctx.placeholder('changeRequests.subject', '`Change request #<number>`: the API shows no change request subjects', total)
    ctx.placeholder('changeRequests.createdBy', 'the capturing user: the API shows no change request authors', total)
    ctx.placeholder(
      'changeRequests.status',
      "assigned so the space's open and draft counts match (newest open, then draft, then merged): the API shows counts, not which",
      total,
    )
  }
}
