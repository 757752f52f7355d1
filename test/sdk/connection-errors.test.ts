import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ConnectionError, createClient } from '../../src/index.ts'
import { createMockPlatform } from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { rejection } from './fixture.ts'

describe('a ConnectionError message is one line', () => {
  it('https:// to the plain-HTTP mock server: the TLS failure, on one line', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    const server = await startMockServer({ platform })
    try {
      const baseUrl = server.url.replace(/^http:/, 'https:')
      const client = createClient({ token: 'dpt_x', baseUrl, retry: 0 })
      const error = await rejection(client.orgs.list())
      expect(error).toBeInstanceOf(ConnectionError)
      const { message } = error as ConnectionError
      expect(message).toMatch(
        new RegExp(
          `^Cannot reach ${baseUrl.replace(/[.]/g, '\\.')}: .+ \\(GET /v1/orgs\\)\\. The server does not speak TLS: if it serves plain HTTP \\(as the mock does\\), use ${server.url.replace(/[.]/g, '\\.')}$`,
        ),
      )
      expect(message).not.toMatch(/[\r\n\u2028\u2029]/)
    } finally {
      await server.close()
    }
  })

  it('whatever fetch fails with (nested causes, aggregates, codes, line breaks in messages)', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r', '\u2028', '\u2029', '\u0085', ':', '\t'), maxLength: 30 })
    const leaf = fc
      .record({
        message: text,
        code: fc.option(fc.constantFrom('ECONNREFUSED', 'EPROTO', 'ERR_SSL_WRONG_VERSION_NUMBER', 'bad\ncode'), { nil: undefined }),
      })
      .map(({ message, code }) => Object.assign(new Error(message), code === undefined ? {} : { code }))
    const cause: fc.Arbitrary<Error> = fc.letrec<{ node: Error }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.tuple(text, tie('node')).map(([message, inner]) => new Error(message, { cause: inner })),
        fc.tuple(text, fc.array(tie('node'), { maxLength: 3 })).map(([message, inner]) => new AggregateError(inner, message)),
      ),
    })).node
    await fc.assert(
      fc.asyncProperty(text, cause, async (message, inner) => {
        const client = createClient({ token: 'dpt_x', retry: 0, fetch: () => Promise.reject(new TypeError(message, { cause: inner })) })
        const error = await rejection(client.orgs.list())
        expect(error).toBeInstanceOf(ConnectionError)
        expect((error as ConnectionError).message).not.toMatch(/[\r\n\u2028\u2029\u0085]/)
        expect((error as ConnectionError).message).toMatch(/^Cannot reach https:\/\/api\.docplat\.dev.* \(GET \/v1\/orgs\)/)
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 100) },
    )
  })
})
