import { operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { DEFAULT_NOW } from '../../mock/platform.ts'

/** A read and what the platform answered to it, as text. */
export interface Answer {
  readonly url: string
  readonly status: number
  readonly body: string
}

const GETS = (Object.values(operations) as OperationDef[]).filter((op) => op.method === 'GET' && !op.stream)
const MAX_COMBINATIONS = 200

/** The path parameter an object of the answers gives a value to (`site-section` -> `siteSectionId`). */
const paramOf = (object: string) => `${object.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Id`

/** Collects values for path parameters from an answer: every `{ object, id }` inside it, and a few named fields. */
function harvest(value: unknown, pools: Map<string, Set<string>>, depth = 0): void {
  if (depth > 12 || typeof value !== 'object' || value === null) return
  if (Array.isArray(value)) return value.forEach((v) => harvest(v, pools, depth + 1))
  const record = value as Record<string, unknown>
  const add = (param: string, v: unknown) => {
    if (typeof v === 'string' && v) (pools.get(param) ?? pools.set(param, new Set()).get(param)!).add(v)
  }
  if (typeof record.object === 'string') {
    add(paramOf(record.object), record.id)
    if (record.object === 'integration') add('integrationName', record.name)
    if (record.object === 'organization' && Array.isArray(record.emailDomains)) record.emailDomains.forEach((d) => add('emailDomain', d))
  }
  if (typeof record.slug === 'string' && typeof record.processingState === 'string') add('specSlug', record.slug)
  for (const v of Object.values(record)) harvest(v, pools, depth + 1)
}

/** Every combination of values for an operation's path parameters, capped. */
function* urlsOf(op: OperationDef, pools: Map<string, Set<string>>): Generator<string> {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
  const required = op.query
    ? Object.entries(op.query.shape as Record<string, { _zod: { optin?: string } }>)
        .filter(([, s]) => s._zod.optin !== 'optional')
        .map(([k]) => k)
    : []
  const query = required.length ? `?${required.map((k) => `${k}=docs`).join('&')}` : ''
  let combos: Array<Record<string, string>> = [{}]
  for (const name of names) {
    const values = [...(pools.get(name) ?? [])]
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v }))).slice(0, MAX_COMBINATIONS)
  }
  for (const c of combos) yield `${op.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(c[n]!))}${query}`
}

/**
 * Reads everything it can find: starts from the lists without path parameters, then calls every
 * GET operation with the values earlier answers revealed, until nothing new turns up; follows
 * every page of every list. Returns the answers in the order they were made.
 */
export async function crawl(get: (path: string) => Promise<{ status: number; body: string }>): Promise<Answer[]> {
  const pools = new Map<string, Set<string>>([['changeRequestId', new Set(['1', '2', '3'])]])
  const answers: Answer[] = []
  const done = new Set<string>()
  const read = async (url: string) => {
    if (done.has(url)) return
    done.add(url)
    const { status, body } = await get(url)
    answers.push({ url, status, body })
    if (!body.startsWith('{')) return
    const json = JSON.parse(body) as { next?: { page?: string } }
    harvest(json, pools)
    if (json.next?.page) await read(`${url}${url.includes('?') ? '&' : '?'}page=${encodeURIComponent(json.next.page)}`)
  }
  for (let round = 0, before = -1; round < 6 && before !== done.size; round++) {
    before = done.size
    for (const op of GETS) for (const url of urlsOf(op, pools)) await read(url)
  }
  return answers
}

/** The same reads replayed, in order. */
export async function replay(urls: readonly string[], get: (path: string) => Promise<{ status: number; body: string }>): Promise<Answer[]> {
  const out: Answer[] = []
  for (const url of urls) out.push({ url, ...(await get(url)) })
  return out
}

/** A demo platform with the default seed, its clock then stopped at a fixed instant so that reads do not depend on when they run. */
export async function demoAtFixedTime(): Promise<MockPlatform> {
  const platform = createMockPlatform({ scenario: 'demo' })
  await platform.ready
  platform.clock.freeze()
  platform.clock.set(Date.parse(DEFAULT_NOW) + 60 * 60_000)
  return platform
}

/** Reads through a platform's own fetch as the demo admin. */
export const reader = (platform: MockPlatform) => async (path: string) => {
  const response = await platform.fetch(`${platform.baseUrl}${path}`, { headers: { authorization: `Bearer ${platform.tokens.admin}` } })
  return { status: response.status, body: await response.text() }
}
