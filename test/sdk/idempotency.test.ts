import { describe, expect, it } from 'vitest'
import * as sdk from '../../src/index.ts'
import { operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'

const all = Object.values(operations) as OperationDef[]

/** Calls one operation's standalone function against a fetch that always answers `answer`; returns how many requests it sent. */
async function attempts(op: OperationDef, answer: () => Response | Promise<Response>): Promise<number> {
  let sent = 0
  const fetch = async () => {
    sent++
    return answer()
  }
  const core = sdk.createCore({ token: 'dpt_test', fetch, retry: { limit: 2, delay: () => 0, jitter: false } })
  const params = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 'x']))
  const fn = (sdk as unknown as Record<string, (core: sdk.Core, params: object) => PromiseLike<unknown>>)[op.id]!
  const call = fn(core, params)
  try {
    // Lists and streams start on await; so do plain operations.
    await call
  } catch {
    // Every call here fails: only the number of attempts matters.
  }
  return sent
}

describe('the contract says which operations are idempotent', () => {
  it('every read is, and a PUT that creates (createOrganizationTeam) is not', () => {
    for (const op of all.filter((o) => o.method === 'GET')) expect(op.idempotent, op.id).toBe(true)
    expect(operations.createOrganizationTeam.idempotent).toBe(false)
    expect(operations.updateTeamInOrganizationById.idempotent).toBe(true)
    expect(operations.removeTeamFromOrganizationById.idempotent).toBe(true)
    expect(operations.postCommentInSpace.idempotent).toBe(false)
    expect(operations.importSpaceContent.idempotent).toBe(false)
    expect(operations.publishIntegration.idempotent).toBe(false)
  })

  it('the SDK retries a 502 for exactly the idempotent operations, all 138 of them checked', async () => {
    const wrong: string[] = []
    for (const op of all) {
      const sent = await attempts(op, () => Response.json({ error: { code: 502, message: 'Bad gateway' } }, { status: 502 }))
      if (sent !== (op.idempotent ? 3 : 1)) wrong.push(`${op.id} (${op.idempotent ? 'idempotent' : 'not idempotent'}): ${sent} attempts`)
    }
    expect(wrong).toEqual([])
  })

  it('every operation is retried when its connection was refused, since nothing was sent', async () => {
    const refused = () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) })
    }
    const wrong: string[] = []
    for (const op of all) {
      const sent = await attempts(op, refused)
      if (sent !== 3) wrong.push(`${op.id}: ${sent} attempts`)
    }
    expect(wrong).toEqual([])
  })
})
