import { getResponse, http, HttpResponse } from 'msw'
import { createClient } from '../src/index.ts'
import { createMockPlatform } from '../mock/index.ts'
import { fmt, rate } from './harness.ts'

/**
 * Call overhead: SDK calls through `platform.fetch` against the two bounds measured in the same
 * run: MSW's `getResponse` over one handler answering a constant object of the same size (the
 * ceiling of an MSW-based mock) and a bare function plus a JSON round trip (the floor).
 */
export async function overhead(): Promise<string[]> {
  const platform = createMockPlatform({ scenario: 'demo' })
  await platform.ready
  const client = createClient({ token: platform.tokens.admin, fetch: platform.fetch })
  const { items: [org] } = await client.orgs.list()
  const { items: collections } = await client.collections.list({ organizationId: org!.id })
  const collectionId = collections[0]!.id
  const { items: [space] } = await client.collections.listSpaces({ collectionId })
  const spaceId = space!.id
  const constant = await client.spaces.get({ spaceId })

  const url = `${platform.baseUrl}/v1/spaces/${spaceId}`
  const handlers = [http.get(url, () => HttpResponse.json(constant))]
  const ceiling = await rate(async () => {
    const response = await getResponse(handlers, new Request(url))
    return response!.json()
  })
  const floor = await rate(async () => JSON.parse(JSON.stringify(constant)))

  const get = await rate(() => client.spaces.get({ spaceId }))
  const list = await rate(() => client.collections.listSpaces({ collectionId }))
  let n = 0
  const create = await rate(() => client.collections.create({ organizationId: org!.id, title: `Bench ${n++}` }), { rounds: 3 })
  const update = await rate(() => client.spaces.update({ spaceId, title: `T ${n++}` }))
  const noValidate = createClient({ token: platform.tokens.admin, fetch: platform.fetch, validate: false })
  const getRaw = await rate(() => noValidate.spaces.get({ spaceId }))

  const row = (name: string, r: number) => `| ${name} | ${fmt(r)} | ${fmt(r / ceiling, 2)}x | ${fmt(r / floor, 3)}x |`
  return [
    '## 1. Call overhead (calls per second, median of 5 rounds)',
    '',
    '| call | calls/s | vs MSW ceiling | vs floor |',
    '|---|---|---|---|',
    row('floor: function + JSON round trip', floor),
    row('ceiling: MSW getResponse, 1 constant handler', ceiling),
    row('SDK `spaces.get` via platform.fetch', get),
    row('SDK `spaces.get`, validate: false', getRaw),
    row('SDK `collections.listSpaces` (a page)', list),
    row('SDK `collections.create`', create),
    row('SDK `spaces.update`', update),
    '',
    `Goal: \`spaces.get\` at least 0.5x the MSW ceiling: ${get / ceiling >= 0.5 ? 'met' : 'NOT met'} (${fmt(get / ceiling, 2)}x).`,
  ]
}
