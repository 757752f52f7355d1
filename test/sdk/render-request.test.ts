import fc from 'fast-check'
import LZString from 'lz-string'
import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { BadRequestError, createClient, encodeRenderRequest } from '../../src/index.ts'
import { compressToEncodedURIComponent } from '../../src/core/lz-string.ts'
import { rejects } from '../helpers.ts'

describe('the SDK`s lz-string compressor', () => {
  it('gives lz-string`s own output for any text (surrogates and lone halves included)', () => {
    for (const text of ['', 'a', 'aaaaaaaaaaaaaaaaaaaa', 'ÿĀ', '😀', '{"componentId":"metric"}', 'TOBEORNOTTOBEORTOBEORNOT'])
      expect([text, compressToEncodedURIComponent(text)]).toEqual([text, LZString.compressToEncodedURIComponent(text)])
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 2000 }), fc.string({ unit: 'grapheme-ascii', maxLength: 5000 })),
        (text) => {
          const compressed = compressToEncodedURIComponent(text)
          expect(compressed).toBe(LZString.compressToEncodedURIComponent(text))
          expect(LZString.decompressFromEncodedURIComponent(compressed)).toBe(text)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('encodeRenderRequest', () => {
  it('makes the request renderWithGet takes: the mock renders it as it renders the same request by POST', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Org' })
    const author = await platform.builders.user({ organization: org.id, role: 'admin' })
    await platform.builders.integration({
      name: 'cards',
      organization: org.id,
      blocks: [
        { id: 'metric', title: 'Metric card', description: 'A number', markdown: { codeblock: 'metric', body: 'Shows a número 📈' } },
      ],
    })
    const client = createClient({ token: author.token, fetch: platform.fetch, retry: 0 })
    const request = { componentId: 'metric', props: { metric: 'visits', label: 'Visites ✓' }, state: { range: '7d' } }
    const encoded = encodeRenderRequest(request)
    expect(encoded).toMatch(/^[A-Za-z0-9+\-$]+$/)
    expect(JSON.parse(LZString.decompressFromEncodedURIComponent(encoded)!)).toEqual(request)
    const got = await client.integrations.renderWithGet({ integrationName: 'cards', request: encoded })
    expect(got).toEqual(await client.integrations.render({ integrationName: 'cards', ...request }))
    expect(got).toMatchObject({ type: 'element', props: request.props, state: request.state })
    await rejects(
      client.integrations.renderWithGet({ integrationName: 'cards', request: encodeRenderRequest({ componentId: 'bad id!' }) }),
      BadRequestError,
      'query.request.componentId',
    )
  })
})
