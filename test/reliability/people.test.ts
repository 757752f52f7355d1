import { beforeAll, describe, expect, it } from 'vitest'
import type { OperationDef } from '../../src/contract/define.ts'
import { allOperations, call, isSuccess, opById } from './call.ts'
import { RULES, targetKindOf } from './permissions-table.ts'
import { CALLERS, createWorld, pathValuesFor, targetsOf, type Caller, type World } from './world.ts'

/**
 * Member data only where members can be listed: every operation, run as every demo caller on
 * every thing of both organizations, is searched for users and members. A user carries an email,
 * and a member its role, status and counts, only when the caller may list the members of the
 * organization the answer belongs to (its `permissions.listMembers`), or is that user.
 */

let world: World

beforeAll(async () => {
  world = await createWorld('people')
})

/** Members' details the member list holds besides the person. */
const MEMBER_DETAILS = ['role', 'disabled', 'joinedAt', 'lastSeenAt', 'sso', 'spaces', 'teams'] as const

type Found = { kind: 'user' | 'member'; value: Record<string, unknown>; path: string }

function peopleIn(value: unknown, path = '', out: Found[] = []): Found[] {
  if (Array.isArray(value)) value.forEach((v, i) => peopleIn(v, `${path}[${i}]`, out))
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>
    if (record.object === 'user' || record.object === 'member') out.push({ kind: record.object, value: record, path })
    for (const [key, child] of Object.entries(record)) peopleIn(child, `${path}.${key}`, out)
  }
  return out
}

const listMembersCache = new Map<string, boolean>()
async function mayListMembers(caller: Caller, organizationId: string): Promise<boolean> {
  const key = `${caller}:${organizationId}`
  let known = listMembersCache.get(key)
  if (known === undefined) {
    const answer = await call(world.platform.fetch, world.platform.baseUrl, opById('getOrganizationById'), world.tokens[caller], {
      organizationId,
    })
    known = answer.status === 200 && (answer.body as { permissions?: { listMembers?: boolean } }).permissions?.listMembers === true
    listMembersCache.set(key, known)
  }
  return known
}

describe('people: emails and member details only for those who may list the members', () => {
  it('holds for every operation that returns users, as every demo caller and the outsider', async () => {
    const problems: string[] = []
    const seen = new Map<string, { withEmail: number; withoutEmail: number }>()
    const callers = CALLERS.filter((c): c is Exclude<Caller, 'none'> => c !== 'none')
    for (const op of allOperations.filter((o) => RULES[o.id]).sort((a, b) => a.id.localeCompare(b.id))) {
      const rule = RULES[op.id]!
      for (const target of targetsOf(world, targetKindOf(op)!).filter((t) => rule.only?.(t.values) ?? true)) {
        const params = { ...pathValuesFor(op.path, target.values), ...(rule.params?.(target.values, world) ?? {}) }
        for (const caller of callers) {
          const answer = await call(world.platform.fetch, world.platform.baseUrl, op, world.tokens[caller], params)
          if (!isSuccess(op, answer.status)) continue
          if (op.method !== 'GET') await world.platform.restore(world.baseline)
          const people = peopleIn(answer.body)
          if (people.length === 0) continue
          const organizationId = target.values.organizationId!
          const allowed = await mayListMembers(caller, organizationId)
          const self = world.users[caller]
          const count = seen.get(op.id) ?? { withEmail: 0, withoutEmail: 0 }
          for (const person of people) {
            const id = (person.kind === 'member' ? (person.value.user as { id?: string } | undefined)?.id : person.value.id) as string
            const where = `${op.id} on ${target.name} as ${caller}: ${person.kind} ${id} at ${person.path || '(root)'}`
            if (person.kind === 'user') {
              const hasEmail = typeof person.value.email === 'string'
              if (hasEmail) count.withEmail++
              else count.withoutEmail++
              if (hasEmail && !allowed && id !== self) problems.push(`${where} shows an email`)
              // Whoever may list the members sees what the list shows (a deleted user has no email to show).
              if (!hasEmail && (allowed || id === self) && world.platform.db.users.get(id))
                problems.push(`${where} hides the email from a caller who may list members`)
            } else {
              const details = MEMBER_DETAILS.filter((k) => k in person.value)
              if (details.length > 0 && !allowed && id !== self) problems.push(`${where} shows ${details.join(', ')}`)
              if (details.length === 0 && (allowed || id === self))
                problems.push(`${where} hides the member's details from a caller who may list members`)
            }
          }
          seen.set(op.id, count)
        }
      }
    }
    expect(problems).toEqual([])
    // Every operation known to return users was walked, with emails shown and hidden.
    const returningUsers = [
      'listMembersInOrganizationById',
      'getMemberInOrganizationById',
      'updateMemberInOrganizationById',
      'setUserAsSSOMemberForOrganization',
      'listCommentsInSpace',
      'getCommentInSpace',
      'postCommentInSpace',
      'updateCommentInSpace',
      'listCommentRepliesInSpace',
      'postCommentReplyInSpace',
      'getCommentReplyInSpace',
      'updateCommentReplyInSpace',
      'listCommentersInSpace',
      'listCommentsInChangeRequest',
      'getCommentInChangeRequest',
      'postCommentInChangeRequest',
      'updateCommentInChangeRequest',
      'listCommentRepliesInChangeRequest',
      'postCommentReplyInChangeRequest',
      'getCommentReplyInChangeRequest',
      'updateCommentReplyInChangeRequest',
      'listCommentersInChangeRequest',
      'getRequestedReviewersByChangeRequestId',
      'requestReviewersForChangeRequest',
    ].filter((id) => allOperations.some((op: OperationDef) => op.id === id))
    expect([...seen.keys()].sort()).toEqual(expect.arrayContaining(returningUsers.sort()))
    const totals = [...seen.values()].reduce((a, b) => ({
      withEmail: a.withEmail + b.withEmail,
      withoutEmail: a.withoutEmail + b.withoutEmail,
    }))
    expect(totals.withEmail).toBeGreaterThan(0)
    expect(totals.withoutEmail).toBeGreaterThan(0)
  })

  it('gives the outsider and a reader of a public space no commenters, and a guest who may comment no emails', async () => {
    const space = Object.values(world.acme.spaces).find((s) => world.platform.db.spaces.get(s.spaceId!)?.visibility === 'public')!
    const send = (caller: Caller, id: string, params: Record<string, unknown>) =>
      call(world.platform.fetch, world.platform.baseUrl, opById(id), world.tokens[caller], params)
    expect((await send('outsider', 'listCommentersInSpace', { spaceId: space.spaceId })).status).toBe(403)
    expect((await send('read', 'listCommentersInSpace', { spaceId: space.spaceId })).status).toBe(403)
    expect(
      (await send('outsider', 'getRequestedReviewersByChangeRequestId', { spaceId: space.spaceId, changeRequestId: space.changeRequestId }))
        .status,
    ).toBe(200)
    const reviewers = await send('outsider', 'getRequestedReviewersByChangeRequestId', {
      spaceId: space.spaceId,
      changeRequestId: space.changeRequestId,
    })
    const people = peopleIn(reviewers.body)
    expect(people.length).toBeGreaterThan(0)
    expect(people.filter((p) => 'email' in p.value)).toEqual([])
  })
})
