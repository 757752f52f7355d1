import { describe, expect, it } from 'vitest'
import { APIError, createClient } from '../../src/index.ts'

/** A client whose every attempt gets `answer`; `sent()` counts the attempts. */
function clientAnswering(status: number, headers: Record<string, string>) {
  let sent = 0
  const client = createClient({
    token: 'dpt_test',
    retry: { limit: 2, delay: () => 0, jitter: false },
    fetch: async () => {
      sent++
      return Response.json({ error: { code: status, message: 'as the test says' } }, { status, headers })
    },
  })
  return { client, sent: () => sent }
}

describe('the x-should-retry header', () => {
  it('false: a 504 of an idempotent operation ends the call at the first answer', async () => {
    const { client, sent } = clientAnswering(504, { 'x-should-retry': 'false' })
    const error = await client.orgs.list().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(APIError)
    expect((error as APIError).status).toBe(504)
    expect(sent()).toBe(1)
  })

  it('absent: the same 504 is retried twice', async () => {
    const { client, sent } = clientAnswering(504, {})
    await client.orgs.list().catch(() => undefined)
    expect(sent()).toBe(3)
  })

  it('true: a status the SDK does not retry (409) is retried for an idempotent operation, never for another', async () => {
    const idempotent = clientAnswering(409, { 'x-should-retry': 'true' })
    await idempotent.client.orgs.list().catch(() => undefined)
    expect(idempotent.sent()).toBe(3)
    const creating = clientAnswering(409, { 'x-should-retry': 'true' })
    await creating.client.integrations.publish({ integrationName: 'x', title: 'Xx' }).catch(() => undefined)
    expect(creating.sent()).toBe(1)
  })
})
