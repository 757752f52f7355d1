import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import { connectMockServer, createMockPlatform, UnmatchedRequestError, type MockPlatformOptions } from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { type DocplatMatchers, matchers } from '../../mock/verify/matchers.ts'

declare module 'vitest' {
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> extends DocplatMatchers<R> {}
}

expect.extend(matchers)

async function setup(options: MockPlatformOptions = {}) {
  const platform = createMockPlatform({ scenario: 'empty', freeze: true, deterministicSecrets: true, ...options })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Initech' })
  const admin = await platform.builders.user({ organization: org.id, role: 'admin', tokenName: 'admin' })
  const client = createClient({ token: admin.token, fetch: platform.fetch, retry: 0 })
  return { platform, org, client }
}

/** The answer and the state after one request, to compare two platforms built alike. */
async function outcome(platform: Awaited<ReturnType<typeof setup>>['platform'], response: Response) {
  const { tables } = platform.snapshot()
  return { status: response.status, body: await response.text(), tables }
}

describe('a body field the operation does not take', () => {
  it('is answered as the platform answers it, and kept as a near miss naming the field and the known one near it', async () => {
    const typo = await setup()
    const created = await typo.client.request({
      method: 'POST',
      path: `/v1/orgs/${typo.org.id}/collections`,
      body: { titel: 'Roadmap' },
    })
    // The platform ignores the field, as it always did: the collection gets the default title.
    expect(created).toMatchObject({ object: 'collection', title: 'Untitled collection' })
    const [entry, ...more] = typo.platform.unmatched()
    expect(more).toEqual([])
    expect(entry).toMatchObject({ method: 'POST', operationId: 'createCollection', status: 201 })
    expect(entry!.miss).toEqual({
      reason: 'unknown-field',
      message: 'Unknown field body.titel (did you mean body.title?), ignored by createCollection',
      closest: {
        operationId: 'createCollection',
        method: 'POST',
        path: '/v1/orgs/{organizationId}/collections',
        field: 'body.titel',
        didYouMean: 'body.title',
      },
    })
  })

  it('changes neither the answer nor the state: the same as the body without it', async () => {
    const plain = await setup()
    const extra = await setup()
    const send = (platform: typeof plain.platform, body: unknown) =>
      platform.fetch(`${platform.baseUrl}/v1/orgs/${plain.org.id}/collections`, {
        method: 'POST',
        headers: { authorization: `Bearer ${platform.tokens.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect(extra.org.id).toBe(plain.org.id)
    const without = await outcome(plain.platform, await send(plain.platform, { title: 'Roadmap' }))
    const withIt = await outcome(extra.platform, await send(extra.platform, { title: 'Roadmap', colour: 'red', position: { before: 'x' } }))
    expect(withIt).toEqual(without)
    expect(plain.platform.unmatched()).toEqual([])
    expect(extra.platform.unmatched()[0]!.miss!.message).toBe(
      'Unknown fields body.colour, body.position, ignored by createCollection; createCollection takes body.title, body.parent',
    )
  })

  it('is not reported for what the SDK sends, path parameters included', async () => {
    const { platform, org, client } = await setup()
    const collection = await client.collections.create({ organizationId: org.id, title: 'Roadmap' })
    await client.collections.update({ collectionId: collection.id, title: 'Road map', description: 'Where we go' })
    await client.orgs.update({ organizationId: org.id, title: 'Initech Ltd' })
    expect(platform.requests.length).toBe(3)
    expect(platform).toHaveNoUnmatchedRequests()
  })

  it('is found in nested objects the contract describes, each named by its path', async () => {
    const { platform, org, client } = await setup()
    const collection = await client.collections.create({ organizationId: org.id, title: 'Roadmap' })
    const response = await platform.fetch(`${platform.baseUrl}/v1/collections/${collection.id}/move`, {
      method: 'POST',
      headers: { authorization: `Bearer ${platform.tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ position: { befor: collection.id } }),
    })
    expect(response.status).toBeLessThan(500)
    expect(platform.unmatched()[0]!.miss).toMatchObject({
      reason: 'unknown-field',
      closest: { operationId: 'moveCollection', field: 'body.position.befor', didYouMean: 'body.position.before' },
    })
  })

  it('with strict: true, rejects the call with UnmatchedRequestError naming the field', async () => {
    const { platform, org, client } = await setup({ strict: true })
    const error = await client
      .request({ method: 'POST', path: `/v1/orgs/${org.id}/collections`, body: { titel: 'Roadmap' } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnmatchedRequestError)
    expect((error as Error).message).toMatch(
      /^Unmatched request \(strict mode\): POST \/v1\/orgs\/\w+\/collections → 201 unknown-field: Unknown field body\.titel \(did you mean body\.title\?\), ignored by createCollection$/,
    )
    // A body the operation takes whole passes, strict or not.
    await client.collections.create({ organizationId: org.id, title: 'Roadmap' })
    expect(platform.unmatched()).toHaveLength(1)
  })

  it('is reported by toHaveNoUnmatchedRequests and by a verification, which counts the request as received', async () => {
    const { platform, org, client } = await setup()
    await client.request({ method: 'POST', path: `/v1/orgs/${org.id}/collections`, body: { titel: 'Roadmap' } })
    expect(() => expect(platform).toHaveNoUnmatchedRequests()).toThrow(
      /Expected no near misses, but received 1:\n {2}POST http\S+\/collections → 201 unknown-field: Unknown field body\.titel \(did you mean body\.title\?\)/,
    )
    // It reached the operation: it was received, and a verification of what it was meant to send
    // says which field it sent instead.
    expect(platform.verify('createCollection', { times: 1 })).toHaveLength(1)
    expect(() => platform.verify('createCollection', { body: { title: 'Roadmap' } })).toThrow(
      /Received instead, closest first:\n {2}createCollection: POST \S+ → 201 \{ organizationId: '\w+' \}; Unknown field body\.titel \(did you mean body\.title\?\), ignored by createCollection\n {6}body\.title: expected 'Roadmap', received undefined/,
    )
  })

  it('is reported by a remote platform read over HTTP', async () => {
    const { platform, org, client } = await setup()
    const server = await startMockServer({ platform })
    try {
      await client.request({ method: 'POST', path: `/v1/orgs/${org.id}/collections`, body: { Title: 'Roadmap' } })
      const remote = await connectMockServer(server.url)
      const [entry] = await remote.unmatched()
      expect(entry!.miss!.closest).toMatchObject({ field: 'body.Title', didYouMean: 'body.title' })
      await expect(expect(remote).toHaveNoUnmatchedRequests()).rejects.toThrow(/unknown-field/)
    } finally {
      await server.close()
    }
  })

  it('property: any extra keys leave the answer and the state as the body without them, and are named', async () => {
    const plain = await setup()
    const extra = await setup()
    const known = new Set(['title', 'parent'])
    const key = fc.string({ minLength: 1, maxLength: 80 }).filter((k) => !known.has(k))
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 8 }), async (extras) => {
        const title = 'Roadmap'
        const send = (platform: typeof plain.platform, body: Record<string, unknown>) =>
          platform.fetch(`${platform.baseUrl}/v1/orgs/${plain.org.id}/collections`, {
            method: 'POST',
            headers: { authorization: `Bearer ${platform.tokens.admin}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        // A JSON text with the extra keys first, so `__proto__` stays a key of the body.
        const withExtras = JSON.parse(
          `{${[...Object.keys(extras).map((k) => `${JSON.stringify(k)}:${JSON.stringify(extras[k])}`), `"title":"${title}"`].join(',')}}`,
        )
        const a = await outcome(plain.platform, await send(plain.platform, { title }))
        const b = await outcome(extra.platform, await send(extra.platform, withExtras))
        expect(b).toEqual(a)
        const miss = extra.platform.requests.last()!.miss!
        expect(miss.reason).toBe('unknown-field')
        expect(miss.closest!.field.startsWith('body.')).toBe(true)
        expect(miss.message.length).toBeLessThanOrEqual(512)
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 15), seed: 42 },
    )
  })
})
