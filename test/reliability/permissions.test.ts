import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OperationDef } from '../../src/contract/define.ts'
import { allOperations, call, isSuccess, opById, table } from './call.ts'
import { OUT_OF_SCOPE, PROBES, RULES, subjectOf, targetKindOf, type Need, type Rule, type Subject } from './permissions-table.ts'
import { stateOf } from './requests.ts'
import { CALLERS, createWorld, pathValuesFor, targetsOf, type Caller, type World } from './world.ts'

/**
 * Permissions coherence: for every operation, every demo caller and no token, the answer agrees
 * with the `permissions` object the governing resource shows that caller. Allowed is the
 * operation's success status, refused is 403, invisible is 404, no token is 401; a refused
 * change leaves the state as it was. Each case starts from the same state.
 */

let world: World
let baselineState: string
const cases = new Map<string, number>()

beforeAll(async () => {
  world = await createWorld('permissions')
  baselineState = stateOf(world.platform)
})

const send = (op: OperationDef, caller: Caller, params: Record<string, unknown>) =>
  call(world.platform.fetch, world.platform.baseUrl, op, world.tokens[caller], params)

/** What a subject shows a caller: invisible, or its permissions object. */
type View = { visible: false } | { visible: true; permissions: Record<string, unknown> }
const views = new Map<string, View>()

const PROBE_VALUES: Record<keyof typeof PROBES, (t: Record<string, string>) => Record<string, string | undefined>> = {
  organization: (t) => ({ organizationId: t.organizationId }),
  space: (t) => ({ spaceId: t.spaceId }),
  collection: (t) => ({ collectionId: t.collectionId }),
  team: (t) => ({ organizationId: t.organizationId, teamId: t.teamId }),
  site: (t) => ({ organizationId: t.organizationId, siteId: t.siteId }),
  comment: (t) => ({ spaceId: t.spaceId, commentId: t.commentId }),
  reply: (t) => ({ spaceId: t.spaceId, commentId: t.commentId, commentReplyId: t.commentReplyId }),
  crComment: (t) => ({ spaceId: t.spaceId, changeRequestId: t.changeRequestId, commentId: t.crCommentId }),
  crReply: (t) => ({
    spaceId: t.spaceId,
    changeRequestId: t.changeRequestId,
    commentId: t.crCommentId,
    commentReplyId: t.crCommentReplyId,
  }),
  translation: (t) => ({ organizationId: t.organizationId, translationSettingsId: t.translationSettingsId }),
  openapi: (t) => ({ organizationId: t.organizationId, specSlug: t.specSlug }),
  integration: (t) => ({ integrationName: t.integrationName }),
}

/** Reads a subject as the caller; `key` is translated for `parent` at the root of an organization. */
async function view(subject: Subject, target: Record<string, string>, caller: Caller, key: string): Promise<{ view: View; key: string }> {
  let kind: keyof typeof PROBES
  let values: Record<string, string | undefined>
  if (subject === 'destination') {
    kind = 'organization'
    values = { organizationId: target.otherOrganizationId }
  } else if (subject === 'parent') {
    kind = target.parentCollectionId ? 'collection' : 'organization'
    values = target.parentCollectionId ? { collectionId: target.parentCollectionId } : { organizationId: target.organizationId }
    if (!target.parentCollectionId && key === 'create') key = 'createContent'
  } else {
    kind = subject
    values = PROBE_VALUES[subject](target)
  }
  const cacheKey = `${caller}:${kind}:${JSON.stringify(values)}`
  let seen = views.get(cacheKey)
  if (!seen) {
    const answer = await send(opById(PROBES[kind]), caller, values)
    if (answer.status === 404) seen = { visible: false }
    // A comment in a space the caller sees, but whose discussions they may not read: its
    // container is visible, the comment grants nothing (the rules say why through the space).
    else if (answer.status === 403 && (kind === 'comment' || kind === 'reply' || kind === 'crComment' || kind === 'crReply'))
      seen = { visible: true, permissions: {} }
    else if (answer.status === 200)
      seen = { visible: true, permissions: (answer.body as { permissions?: Record<string, unknown> }).permissions ?? {} }
    else throw new Error(`probe ${PROBES[kind]} as ${caller} answered ${answer.status}: ${answer.message}`)
    views.set(cacheKey, seen)
  }
  return { view: seen, key }
}

/** The status the permissions objects imply: 'ok' for the operation's success status. */
async function expected(op: OperationDef, rule: Rule, target: Record<string, string>, caller: Caller): Promise<'ok' | 401 | 403 | 404> {
  if (caller === 'none') return 401
  const on = subjectOf(op, rule)
  if (on === 'anyone') return 'ok'
  const own = await view(on, target, caller, 'view')
  if (!own.view.visible) return 404
  for (const need of rule.need ?? []) {
    const [subject, key, hidden]: [Subject, string, 403 | 404 | undefined] =
      typeof need === 'string' ? [on, need, undefined] : [need[0], need[1], (need as Extract<Need, unknown[]>)[2]]
    const seen = await view(subject, target, caller, key)
    if (!seen.view.visible) return hidden ?? 403
    if (seen.view.permissions[seen.key] !== true) return 403
  }
  return 'ok'
}

describe('permissions coherence', () => {
  it('classifies every operation of the contract: a rule, or out of scope with a reason', () => {
    const unclassified = allOperations.filter((op) => !RULES[op.id] && !OUT_OF_SCOPE[op.id]).map((op) => op.id)
    expect(unclassified, 'add these to RULES (or OUT_OF_SCOPE with a reason) in permissions-table.ts').toEqual([])
    const stale = [...Object.keys(RULES), ...Object.keys(OUT_OF_SCOPE)].filter((id) => !allOperations.some((op) => op.id === id))
    expect(stale, 'rules for operations the contract no longer has').toEqual([])
    for (const [id, reason] of Object.entries(OUT_OF_SCOPE)) expect(reason.length, id).toBeGreaterThan(20)
  })

  for (const op of allOperations.filter((o) => RULES[o.id]).sort((a, b) => a.id.localeCompare(b.id))) {
    it(`${op.id}: the answer follows the permissions object, for every caller`, async () => {
      const rule = RULES[op.id]!
      const mismatches: string[] = []
      let count = 0
      for (const target of targetsOf(world, targetKindOf(op)!).filter((t) => rule.only?.(t.values) ?? true)) {
        const extra = rule.params?.(target.values, world) ?? {}
        const params = { ...pathValuesFor(op.path, target.values), ...extra }
        for (const caller of CALLERS) {
          const want = await expected(op, rule, target.values, caller)
          const got = await send(op, caller, params)
          count++
          const ok = want === 'ok' ? isSuccess(op, got.status) : got.status === want
          if (!ok)
            mismatches.push(
              `${target.name} as ${caller}: expected ${want === 'ok' ? op.status : want}, got ${got.status} ${got.message ?? ''}`.trim(),
            )
          if (got.status < 300 && op.method !== 'GET') await world.platform.restore(world.baseline)
          else if (op.method !== 'GET' && stateOf(world.platform) !== baselineState) {
            mismatches.push(`${target.name} as ${caller}: a ${got.status} changed the state`)
            await world.platform.restore(world.baseline)
          }
        }
      }
      cases.set(op.id, count)
      expect(count, 'no case ran').toBeGreaterThan(0)
      expect(mismatches).toEqual([])
    })
  }
})

describe('permissions coherence of AI answers', () => {
  it('cites only spaces the caller can view, for every caller', async () => {
    if (!allOperations.some((op) => op.id === 'askInOrganization')) return
    const problems: string[] = []
    let sources = 0
    for (const caller of CALLERS.filter((c) => c !== 'none')) {
      for (const organizationId of [world.acme.organizationId, world.globex.organizationId]) {
        for (const query of ['roadmap', 'vacation policy', 'install', 'pagination limit', 'release']) {
          const answer = await send(opById('askInOrganization'), caller, { organizationId, query })
          if (answer.status === 404) continue
          const cited = ((answer.body as { answer?: { sources?: Array<{ space?: string }> } }).answer?.sources ?? [])
            .map((s) => s.space)
            .filter((id): id is string => !!id)
          for (const spaceId of new Set(cited)) {
            sources++
            if (!(await view('space', { spaceId }, caller, 'view')).view.visible)
              problems.push(`${caller} asking "${query}" is shown space ${spaceId}, which they cannot view`)
          }
        }
      }
    }
    expect(sources).toBeGreaterThan(10)
    expect(problems).toEqual([])
  })
})

afterAll(() => {
  const total = [...cases.values()].reduce((a, b) => a + b, 0)
  console.info(
    `permissions matrix: ${total} cases (${cases.size} operations x their targets x ${CALLERS.length} callers), ` +
      `${Object.keys(OUT_OF_SCOPE).length} operations out of scope\n` +
      table(
        ['operation', 'cases'],
        [...cases].sort((a, b) => a[0].localeCompare(b[0])),
      ),
  )
})
