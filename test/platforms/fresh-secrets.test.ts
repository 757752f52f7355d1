import { describe, expect, it } from 'vitest'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { scenarios } from '../../mock/scenarios/index.ts'

/** Every leaf of a snapshot's tables by its path, clock and generators aside. */
function leaves(platform: MockPlatform): Map<string, unknown> {
  const out = new Map<string, unknown>()
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'object' && value !== null) for (const [key, inner] of Object.entries(value)) walk(inner, `${path}/${key}`)
    else out.set(path, value)
  }
  // Tokens are keyed by their own value: walk them in creation order instead.
  const tables = platform.snapshot().tables
  walk(tables, '')
  return out
}

function differing(a: Map<string, unknown>, b: Map<string, unknown>): string[] {
  expect([...a.keys()]).toEqual([...b.keys()])
  return [...a.keys()].filter((path) => a.get(path) !== b.get(path))
}

describe('fresh tokens from a built scenario', () => {
  it('differ from the seeded build exactly where two fresh builds differ from each other: every secret, nothing else', async () => {
    // A scenario function is never kept: each of these is built from scratch with fresh tokens.
    const build = () => createMockPlatform({ scenario: (b) => scenarios.demo(b), scenarioTokens: 'random', freeze: true })
    const [one, two] = [build(), build()]
    const seeded = createMockPlatform({ scenario: 'demo', freeze: true })
    const fresh = createMockPlatform({ scenario: 'demo', scenarioTokens: 'random', freeze: true })
    await Promise.all([one.ready, two.ready, seeded.ready, fresh.ready])
    const secretPaths = differing(leaves(one), leaves(two))
    expect(secretPaths.length).toBeGreaterThan(8)
    expect(differing(leaves(seeded), leaves(fresh))).toEqual(secretPaths)
    // And the named tokens are the new ones, and they work.
    expect(Object.keys(fresh.tokens)).toEqual(Object.keys(seeded.tokens))
    for (const name of Object.keys(seeded.tokens)) {
      expect(fresh.tokens[name]).toMatch(new RegExp(`^dpt_${name}_\\w{24}$`))
      expect(fresh.tokens[name]).not.toBe(seeded.tokens[name])
    }
    const answer = await fresh.fetch(`${fresh.baseUrl}/v1/orgs`, { headers: { authorization: `Bearer ${fresh.tokens.admin}` } })
    expect(answer.status).toBe(200)
    const stale = await fresh.fetch(`${fresh.baseUrl}/v1/orgs`, { headers: { authorization: `Bearer ${seeded.tokens.admin}` } })
    expect(stale.status).toBe(401)
  })

  it('resets to its own fresh tokens, not to the seeded ones', async () => {
    const fresh = createMockPlatform({ scenario: 'demo', scenarioTokens: 'random' })
    await fresh.ready
    const admin = fresh.tokens.admin
    await fresh.reset()
    expect(fresh.tokens.admin).toBe(admin)
    expect(fresh.db.tokens.get(admin)).toBeDefined()
  })

  it('loads a scenario built earlier during the call, each platform with secrets of its own', async () => {
    const options = { scenario: 'demo', seed: 'loaded-during-the-call', scenarioTokens: 'random' } as const
    await createMockPlatform(options).ready
    const [a, b] = [createMockPlatform(options), createMockPlatform(options)]
    // Nothing awaited yet: the state is there, and the named tokens are in it.
    expect(a.db.organizations.size).toBeGreaterThan(0)
    expect(a.db.tokens.get(a.tokens.admin)?.id).toBe(a.tokens.admin)
    const ids = (p: MockPlatform) => Array.from(p.db.organizations.all(), (org) => org.id)
    expect(ids(a)).toEqual(ids(b))
    const secrets = (p: MockPlatform) => [
      ...Array.from(p.db.tokens.all(), (token) => token.id),
      ...Array.from(p.db.organizations.all(), (org) => org.visitorSecret),
      ...Array.from(p.db.shareLinks.all(), (link) => link.key),
    ]
    expect(secrets(a).length).toBeGreaterThan(8)
    expect(new Set(secrets(a)).size).toBe(secrets(a).length)
    expect(secrets(a).filter((secret) => secrets(b).includes(secret))).toEqual([])
    await a.ready
    const answer = await a.fetch(`${a.baseUrl}/v1/orgs`, { headers: { authorization: `Bearer ${a.tokens.admin}` } })
    expect(answer.status).toBe(200)
  })

  it('keeps one build for every base URL: no record holds the API URL', async () => {
    const a = createMockPlatform({ scenario: (b) => scenarios.demo(b), baseUrl: 'http://a.test/x', freeze: true })
    const b = createMockPlatform({ scenario: (b) => scenarios.demo(b), baseUrl: 'http://b.test:9/_docplat/platforms/p1', freeze: true })
    await Promise.all([a.ready, b.ready])
    expect(JSON.stringify(a.snapshot())).toBe(JSON.stringify(b.snapshot()))
  })
})
