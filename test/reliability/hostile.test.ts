import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH } from '../../mock/base/input.ts'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { MAX_MARKDOWN_DEPTH } from '../../mock/base/markdown-depth.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'

/**
 * Hostile payloads that once froze the server or answered 500, sent over real HTTP: each now
 * gets a 4xx naming the limit (or a correct 200), and the server keeps answering everyone. How
 * long another client waits meanwhile is a benchmark figure (bench/hostile.ts), not asserted here.
 */

let platform: MockPlatform
let server: MockServer
let token: string
let spaceId: string
let userId: string

beforeAll(async () => {
  platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Hostile Org' })
  const admin = await platform.builders.user({ displayName: 'Hal', organization: org.id, role: 'admin', tokenName: 'hal' })
  token = admin.token
  userId = admin.user.id
  spaceId = (await platform.builders.space({ organization: org.id, title: 'Target' })).id
  server = await startMockServer({ platform })
})
afterAll(() => server.close())

function send(path: string, init: { method?: string; body?: string | Uint8Array<ArrayBuffer>; type?: string } = {}) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': init.type ?? 'application/json' },
    ...(init.body !== undefined ? { body: init.body } : {}),
  })
}

async function errorOf(response: Response) {
  return { status: response.status, body: (await response.json()) as { error: { code: number; message: string } } }
}

describe('hostile payloads over HTTP', () => {
  it.each([
    ['8,000 nested list markers', `${'- '.repeat(8000)}x`, 8000],
    ['65,000 nested quotes', `${'>'.repeat(65_000)}x`, 65_000],
    ['indented lists 60 deep', Array.from({ length: 60 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n'), 60],
  ])('a comment of %s is a 400 naming the field and the limit, and stores nothing', async (_, markdown, depth) => {
    const response = await send(`/v1/spaces/${spaceId}/comments`, { body: JSON.stringify({ body: { markdown } }) })
    expect(await errorOf(response)).toEqual({
      status: 400,
      body: {
        error: {
          code: 400,
          message: `Invalid body.body.markdown: lists and block quotes nest ${depth} deep, more than the ${MAX_MARKDOWN_DEPTH} allowed`,
        },
      },
    })
    const client = createClient({ baseUrl: server.url, token, retry: 0 })
    expect((await client.spaces.comments.list({ spaceId })).count).toBe(0)
  })

  it(`accepts markdown nested ${MAX_MARKDOWN_DEPTH} deep and renders it as a document`, async () => {
    const client = createClient({ baseUrl: server.url, token, retry: 0 })
    const markdown = `${'> '.repeat(MAX_MARKDOWN_DEPTH)}deep`
    const comment = await client.spaces.comments.create({ spaceId, body: { markdown } })
    const read = await client.spaces.comments.get({ spaceId, commentId: comment.id, format: 'document' })
    let node = (read.body as { document: { nodes: Array<{ type: string; nodes?: unknown[] }> } }).document.nodes[0]
    let depth = 0
    while (node?.type === 'blockquote') {
      depth++
      node = node.nodes![0] as typeof node
    }
    expect(depth).toBe(MAX_MARKDOWN_DEPTH)
    await client.spaces.comments.delete({ spaceId, commentId: comment.id })
  })

  it('answers 200 for deep markdown already stored (a state file, a builder), as plain text, and lists keep working', async () => {
    const markdown = `${'- '.repeat(8000)}x`
    const comment = await platform.builders.comment({ space: spaceId, postedBy: userId, markdown })
    const client = createClient({ baseUrl: server.url, token, retry: 0 })
    const read = await client.spaces.comments.get({ spaceId, commentId: comment.id, format: 'document' })
    expect((read.body as { document: unknown }).document).toEqual({
      object: 'document',
      nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', text: markdown, marks: [] }] }],
    })
    const list = await client.spaces.comments.list({ spaceId, format: 'document' })
    expect(list.items.map((c) => c.id)).toContain(comment.id)
    await client.spaces.comments.delete({ spaceId, commentId: comment.id })
  })

  it('a render whose props nest arrays 5,000 deep is a 400 naming the limit', async () => {
    const props = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const response = await send('/v1/integrations/demo-integration/render', {
      body: `{"componentId":"c","props":${props},"state":{},"context":{}}`,
    })
    expect(await errorOf(response)).toEqual({
      status: 400,
      body: { error: { code: 400, message: `Invalid body: arrays and objects nest more than ${MAX_JSON_DEPTH} deep` } },
    })
  })

  it('invalid UTF-8 in a JSON body is a 400 and stores nothing', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"body":{"markdown":"bad '), 0xff, 0xfe, ...new TextEncoder().encode('"}}')])
    const response = await send(`/v1/spaces/${spaceId}/comments`, { body: bytes })
    expect(await errorOf(response)).toEqual({ status: 400, body: { error: { code: 400, message: 'Invalid body: not valid UTF-8' } } })
    const client = createClient({ baseUrl: server.url, token, retry: 0 })
    expect((await client.spaces.comments.list({ spaceId })).count).toBe(0)
  })

  it.each([
    ['application/json-seq', 415],
    ['application/jsonx', 415],
    ['text/json', 415],
    ['application/merge-patch+json', 200],
    ['application/json; charset=utf-8', 200],
  ])('a body of type %s answers %i', async (type, status) => {
    const response = await send(`/v1/spaces/${spaceId}/comments`, { body: JSON.stringify({ body: { markdown: 'typed' } }), type })
    expect(response.status).toBe(status)
    if (status === 200)
      await createClient({ baseUrl: server.url, token, retry: 0 }).spaces.comments.delete({
        spaceId,
        commentId: ((await response.json()) as { id: string }).id,
      })
  })
})
