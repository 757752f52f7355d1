import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'

/**
 * What the inspector keeps of an answer: a small one whole, a large one (a page of a list) as
 * its first 8 Ki characters and the count of bytes left out, so the newest exchanges hold no
 * whole copy of the large answers a busy server sends.
 */

const servers: MockServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** A server of an organization of `members` members named `name <i>`, and its admin's token. */
async function serveMembers(members: number, name: string) {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Kept Org' })
  const { token } = await platform.builders.user({ displayName: 'Admin', organization: org.id, role: 'admin', tokenName: 'admin' })
  for (let i = 0; i < members; i++) await platform.builders.user({ displayName: `${name} ${i}`, organization: org.id, role: 'read' })
  const server = await startMockServer({ platform })
  servers.push(server)
  return { server, org: org.id, token }
}

/** GETs `path`, then the exchange the inspector kept of it. */
async function getThenInspect(server: MockServer, path: string, token: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  const sent = await response.text()
  const { exchanges } = (await (await fetch(`${server.url}/_docplat/exchanges`)).json()) as {
    exchanges: Array<{ id: number; path: string }>
  }
  const last = exchanges.at(-1)!
  expect(last.path).toBe(path)
  const exchange = (await (await fetch(`${server.url}/_docplat/exchanges/${last.id}`)).json()) as {
    response: { body?: string; truncated?: boolean; omitted?: number }
  }
  return { sent, kept: exchange.response }
}

describe('the answers the inspector keeps', () => {
  it('keeps the first 8 Ki characters of a large answer and says how many bytes were left out', async () => {
    const { server, org, token } = await serveMembers(100, 'Member')
    const { sent, kept } = await getThenInspect(server, `/v1/orgs/${org}/members?limit=100`, token)
    expect(sent.length).toBeGreaterThan(20_000)
    expect(kept.body).toBe(sent.slice(0, 8 * 1024))
    expect(kept.truncated).toBe(true)
    expect(kept.omitted).toBe(Buffer.byteLength(sent) - 8 * 1024)
  })

  it('counts the bytes left out of an answer of characters beyond ASCII as they were sent', async () => {
    const { server, org, token } = await serveMembers(100, 'Участник 😀')
    const { sent, kept } = await getThenInspect(server, `/v1/orgs/${org}/members?limit=100`, token)
    expect(sent.length).toBeGreaterThan(8 * 1024)
    expect(sent.startsWith(kept.body!)).toBe(true)
    // A pair of surrogates is kept whole or left out whole.
    expect([8 * 1024, 8 * 1024 - 1]).toContain(kept.body!.length)
    expect(kept.truncated).toBe(true)
    expect(kept.omitted).toBe(Buffer.byteLength(sent) - Buffer.byteLength(kept.body!))
  })

  it('keeps an answer of up to 8 Ki characters whole', async () => {
    const { server, org, token } = await serveMembers(3, 'Member')
    const { sent, kept } = await getThenInspect(server, `/v1/orgs/${org}/members?limit=100`, token)
    expect(sent.length).toBeLessThanOrEqual(8 * 1024)
    expect(kept).toEqual({ headers: expect.any(Object), body: sent })
  })
})
