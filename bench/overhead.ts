import { getResponse, http, HttpResponse } from 'msw'
import { createClient } from '../src/index.ts'
import { createMockPlatform } from '../mock/index.ts'
import { fmt, rates } from './harness.ts'

/**
 * Call overhead: SDK calls through `platform.fetch` against the two bounds measured in the same
 * run: MSW's `getResponse` over one handler answering a constant object of the same size (the
 * ceiling of an MSW-based mock) and a bare function plus a JSON round trip (the floor). Every
 * variant runs in interleaved rounds, so a busier machine slows them alike.
 */
export async function overhead(): Promise<string[]> {
  const platform = createMockPlatform({ scenario: 'demo' })
  await platform.ready
  const client = createClient({ token: platform.tokens.admin, fetch: platform.fetch })
  const {
    items: [org],
  } = await client.orgs.list()
  const { items: collections } = await client.collections.list({ organizationId: org!.id })
  const collectionId = collections[0]!.id
  const { items: page } = await client.collections.listSpaces({ collectionId })
  const space = page[0]
  const spaceId = space!.id
  const constant = await client.spaces.get({ spaceId })

  const url = `${platform.baseUrl}/v1/spaces/${spaceId}`
  const handlers = [http.get(url, () => HttpResponse.json(constant))]
  const noValidate = createClient({ token: platform.tokens.admin, fetch: platform.fetch, validate: false })
  let n = 0
  const r = await rates({
    floor: async () => JSON.parse(JSON.stringify(constant)),
    ceiling: async () => (await getResponse(handlers, new Request(url)))!.json(),
    get: () => client.spaces.get({ spaceId }),
    getRaw: () => noValidate.spaces.get({ spaceId }),
    list: () => client.collections.listSpaces({ collectionId }),
    create: () => client.collections.create({ organizationId: org!.id, title: `Bench ${n++}` }),
    update: () => client.spaces.update({ spaceId, title: `T ${n++ % 1000}` }),
  })

  const row = (name: string, rate: number) => `| ${name} | ${fmt(rate)} | ${fmt(rate / r.ceiling, 2)}x | ${fmt(rate / r.floor, 3)}x |`
  return [
    '## 1. Call overhead (calls per second; medians of 7 interleaved rounds)',
    '',
    '| call | calls/s | vs MSW ceiling | vs floor |',
    '|---|---|---|---|',
    row('floor: function + JSON round trip', r.floor),
    row('ceiling: MSW getResponse, 1 constant handler', r.ceiling),
    row('SDK `spaces.get` via platform.fetch', r.get),
    row('SDK `spaces.get`, validate: false', r.getRaw),
    row(`SDK \`collections.listSpaces\` (a page of ${page.length})`, r.list),
    row('SDK `collections.create`', r.create),
    row('SDK `spaces.update`', r.update),
    '',
    `Goal: \`spaces.get\` at least 0.5x the MSW ceiling: ${r.get / r.ceiling >= 0.5 ? 'met' : 'NOT met'} (${fmt(r.get / r.ceiling, 2)}x).`,
  ]
}
