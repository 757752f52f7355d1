import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { failure } from '../helpers.ts'
import { contentSetup } from './helpers.ts'

describe('changeRequests.reviewers.list', () => {
  it('lists the requested reviewers with who asked and on which revision', async () => {
    const { read, demo, changeRequest } = await contentSetup()
    const cr = changeRequest(demo.spaces.guide, 1)
    const list = await read.changeRequests.reviewers.list({ spaceId: demo.spaces.guide, changeRequestId: '1' })
    expect(list.count).toBe(2)
    expect(list.items.map((r) => [r.user?.displayName, r.requestedBy?.displayName])).toEqual([
      ['Rita Reviewer', 'Eddie Editor'],
      ['Ada Admin', 'Eddie Editor'],
    ])
    expect(list.items[0]).toMatchObject({
      object: 'change-request-requested-reviewer',
      kind: 'user',
      revision: cr.revision,
      createdAt: expect.any(String),
      user: { object: 'user', id: demo.users.review, email: 'rita@acme.test' },
    })
    const byId = await read.changeRequests.reviewers.list({ spaceId: demo.spaces.guide, changeRequestId: cr.id, limit: 1 })
    expect(byId.items.map((r) => r.user?.id)).toEqual([demo.users.review])
    expect((await byId.getNextPage()).items.map((r) => r.user?.id)).toEqual([demo.users.admin])
  })

  it('refuses unknown change requests, invisible spaces and no token', async () => {
    const { read, outsider, anonymous, demo } = await contentSetup()
    expect(await failure(read.changeRequests.reviewers.list({ spaceId: demo.spaces.guide, changeRequestId: '42' }))).toBeInstanceOf(
      NotFoundError,
    )
    expect(await failure(outsider.changeRequests.reviewers.list({ spaceId: demo.spaces.reference, changeRequestId: '1' }))).toBeInstanceOf(
      NotFoundError,
    )
    expect(await failure(anonymous.changeRequests.reviewers.list({ spaceId: demo.spaces.guide, changeRequestId: '1' }))).toBeInstanceOf(
      AuthenticationError,
    )
  })
})

describe('changeRequests.reviewers.request', () => {
  it('requests reviews from members and updates the subject', async () => {
    const { platform, review, read, demo, changeRequest } = await contentSetup()
    const cr = changeRequest(demo.spaces.guide, 1)
    const result = await review.changeRequests.reviewers.request({
      spaceId: demo.spaces.guide,
      changeRequestId: '1',
      users: [demo.users.read, demo.users.comment, demo.users.read],
      subject: 'Rewrite the quickstart (v2)',
    })
    expect(result.users.map((r) => [r.user?.id, r.requestedBy?.id])).toEqual([
      [demo.users.read, demo.users.review],
      [demo.users.comment, demo.users.review],
    ])
    expect(platform.db.changeRequests.get(cr.id)!.subject).toBe('Rewrite the quickstart (v2)')
    const list = await read.changeRequests.reviewers.list({ spaceId: demo.spaces.guide, changeRequestId: '1' })
    expect(list.items.map((r) => r.user?.id)).toEqual([demo.users.review, demo.users.admin, demo.users.read, demo.users.comment])
  })

  it('keeps an existing request as it was', async () => {
    const { review, read, demo } = await contentSetup()
    const before = await read.changeRequests.reviewers.list({ spaceId: demo.spaces.guide, changeRequestId: '1' })
    const again = await review.changeRequests.reviewers.request({
      spaceId: demo.spaces.guide,
      changeRequestId: '1',
      users: [demo.users.admin],
    })
    expect(again.users).toEqual([before.items[1]])
    expect((await read.changeRequests.reviewers.list({ spaceId: demo.spaces.guide, changeRequestId: '1' })).items).toEqual(before.items)
  })

  it('refuses non-members, the author and bad bodies, changing nothing', async () => {
    const { platform, review, read, demo, changeRequest } = await contentSetup()
    const cr = changeRequest(demo.spaces.guide, 1)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ users: [demo.users.read, demo.users.outsider] }, 'body.users.1'],
      [{ users: ['no-such-user'] }, 'body.users.0'],
      [{ users: [demo.users.edit] }, 'body.users.0'],
      [{ users: [] }, 'body.users'],
      [{}, 'body.users'],
      [{ users: [demo.users.read], subject: '' }, 'body.subject'],
      [{ users: [demo.users.read], subject: '   ' }, 'body.subject'],
      [{ users: [demo.users.read], subject: 's'.repeat(201) }, 'body.subject'],
    ]
    for (const [body, field] of cases) {
      const error = await failure(
        review.changeRequests.reviewers.request({ spaceId: demo.spaces.guide, changeRequestId: '1', ...(body as { users: string[] }) }),
      )
      expect(error).toBeInstanceOf(BadRequestError)
      expect(error.message).toContain(field)
    }
    expect((await read.changeRequests.reviewers.list({ spaceId: demo.spaces.guide, changeRequestId: '1' })).count).toBe(2)
    expect(platform.db.changeRequests.get(cr.id)!.subject).toBe('Rewrite the quickstart')
  })

  it('needs review on the space', async () => {
    const { edit, comment, outsider, anonymous, demo } = await contentSetup()
    const body = { spaceId: demo.spaces.guide, changeRequestId: '1', users: [demo.users.read] }
    const denied = await failure(edit.changeRequests.reviewers.request(body))
    expect(denied).toBeInstanceOf(PermissionDeniedError)
    expect(denied.message).toContain('review')
    expect(await failure(comment.changeRequests.reviewers.request(body))).toBeInstanceOf(PermissionDeniedError)
    expect(await failure(outsider.changeRequests.reviewers.request(body))).toBeInstanceOf(PermissionDeniedError)
    expect(await failure(anonymous.changeRequests.reviewers.request(body))).toBeInstanceOf(AuthenticationError)
  })

  it('refuses settled change requests with a conflict', async () => {
    const { platform, admin, demo } = await contentSetup()
    const merged = await platform.builders.changeRequest({ space: demo.spaces.guide, createdBy: demo.users.edit, status: 'merged' })
    const error = await failure(
      admin.changeRequests.reviewers.request({ spaceId: demo.spaces.guide, changeRequestId: merged.id, users: [demo.users.review] }),
    )
    expect(error).toBeInstanceOf(ConflictError)
    expect(platform.db.requestedReviewers.findMany((q) => q.where({ changeRequest: merged.id }))).toHaveLength(0)
  })
})

describe('changeRequests.reviewers.remove', () => {
  it('withdraws a review request', async () => {
    const { review, read, demo } = await contentSetup()
    const { response } = await review.changeRequests.reviewers
      .remove({ spaceId: demo.spaces.guide, changeRequestId: '1', userId: demo.users.admin })
      .withResponse()
    expect(response.status).toBe(205)
    const list = await read.changeRequests.reviewers.list({ spaceId: demo.spaces.guide, changeRequestId: '1' })
    expect(list.items.map((r) => r.user?.id)).toEqual([demo.users.review])
    const again = await failure(
      review.changeRequests.reviewers.remove({ spaceId: demo.spaces.guide, changeRequestId: '1', userId: demo.users.admin }),
    )
    expect(again).toBeInstanceOf(NotFoundError)
  })

  it('needs review, and a change request that exists', async () => {
    const { edit, admin, read, demo } = await contentSetup()
    expect(
      await failure(edit.changeRequests.reviewers.remove({ spaceId: demo.spaces.guide, changeRequestId: '1', userId: demo.users.admin })),
    ).toBeInstanceOf(PermissionDeniedError)
    expect(
      await failure(admin.changeRequests.reviewers.remove({ spaceId: demo.spaces.guide, changeRequestId: '77', userId: demo.users.admin })),
    ).toBeInstanceOf(NotFoundError)
    expect((await read.changeRequests.reviewers.list({ spaceId: demo.spaces.guide, changeRequestId: '1' })).count).toBe(2)
  })

  it('goes with a member who leaves the organization', async () => {
    const { admin, read, demo } = await contentSetup()
    await admin.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.review })
    const list = await read.changeRequests.reviewers.list({ spaceId: demo.spaces.guide, changeRequestId: '1' })
    expect(list.items.map((r) => r.user?.id)).toEqual([demo.users.admin])
  })
})
