import { posix } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createClient, DocplatError } from '../../src/index.ts'

const BASE = 'https://api.test/prefix'

/** A client on a base URL with a path, whose `fetch` records every URL it is asked for and answers `{}`. */
function recording() {
  const sent: string[] = []
  const fetch = async (request: Request) => {
    sent.push(request.url)
    return new Response('{}', { headers: { 'content-type': 'application/json' } })
  }
  return { sent, sdk: createClient({ token: 'dpt_test', baseUrl: BASE, fetch, retry: 0 }) }
}

/** One percent-decoding, byte by byte where the text is not UTF-8. */
function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  }
}

/**
 * Whether a URL that was sent stays under the base path, as the URL parser left it and as a
 * lenient server would read it: decoding it (up to three times), folding Unicode, taking `\` for
 * `/` and resolving dot segments.
 */
function staysUnder(url: string): boolean {
  const { origin, pathname } = new URL(url)
  if (origin !== 'https://api.test' || !pathname.startsWith('/prefix/')) return false
  let text = pathname
  for (let i = 0; i < 3; i++) text = decodeOnce(text)
  return posix.normalize(text.normalize('NFKC').replaceAll('\\', '/')).startsWith('/prefix/')
}

/** What a request with `path` came to: the URL sent, or the error it was refused with. */
async function outcome(path: string) {
  const { sent, sdk } = recording()
  const error = await sdk.request({ method: 'GET', path }).then(
    () => undefined,
    (e: unknown) => e,
  )
  return { sent, error }
}

/** Pieces an attacker puts in a path: dot segments in every encoding, what the URL parser drops or rewrites, separators. */
const PIECES = [
  '.',
  '..',
  '%2e',
  '%2E',
  '.%2E',
  '%2e.',
  '%252e',
  '%25252e',
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u001f',
  '\u007f',
  '\u0085',
  ' ',
  '\u00a0',
  '\\',
  '%5c',
  '%2f',
  '%2F',
  '%252f',
  '/',
  '．',
  '‥',
  '%EF%BC%8E',
  '%00',
  '%0a',
  '%',
  '%zz',
  ':',
  '@',
  'v1',
  'orgs',
  'é',
] as const

const segment = fc.array(fc.constantFrom(...PIECES), { maxLength: 4 }).map((pieces) => pieces.join(''))
const attack = fc
  .tuple(fc.constantFrom('/', '/', '/', '', '//', '\\', ' /', '\t/', '/\t/'), fc.array(segment, { minLength: 1, maxLength: 5 }))
  .map(([lead, segments]) => lead + segments.join('/'))

describe('client.request paths', () => {
  it('every request sent stays under the base path; the others are refused before sending, naming the path', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(attack, fc.string()), async (path) => {
        const { sent, error } = await outcome(path)
        if (error === undefined) {
          expect(sent).toHaveLength(1)
          expect(staysUnder(sent[0]!), sent[0]).toBe(true)
        } else {
          expect(sent).toEqual([])
          expect(error).toBeInstanceOf(DocplatError)
          expect((error as Error).message).toContain(`Invalid path ${JSON.stringify(path)}: `)
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('refuses what the URL parser would drop or resolve, in any encoding', async () => {
    for (const path of [
      '/.\t./.\t./v1/orgs',
      '/.\n./v1/orgs',
      '/.\r./v1/orgs',
      '/v1/orgs/\t',
      '/v1/\u0000',
      '/v1/\u007f',
      '/v1/a b',
      '/%2e%2e/v1/orgs',
      '/.%2E/v1/orgs',
      '/%2E./v1/orgs',
      '/v1/%2e',
      '/v1/%252e%252e/x',
      '/v1/..%2f..%2fadmin',
      '/v1/%5c..%5cadmin',
      '/v1\\..\\admin',
      '/v1/．．/admin',
      '/v1/‥/admin',
      '/v1/%EF%BC%8E%EF%BC%8E/admin',
      '/v1/orgs%00',
      '/v1/orgs%0d%0aX-Injected:1',
    ]) {
      const { sent, error } = await outcome(path)
      expect(error, JSON.stringify(path)).toBeInstanceOf(DocplatError)
      expect((error as Error).message).toMatch(new RegExp(`^Invalid path ${JSON.stringify(path).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}: `))
      expect(sent).toEqual([])
    }
  })

  it('sends the paths an API has as they are', async () => {
    for (const [path, expected] of [
      ['/v1/orgs', '/prefix/v1/orgs'],
      ['/v1/spaces/a%2Fb', '/prefix/v1/spaces/a%2Fb'],
      ['/v1/spaces/100%25', '/prefix/v1/spaces/100%25'],
      ['/v1/spaces/a..b/.well-known/...', '/prefix/v1/spaces/a..b/.well-known/...'],
      ['/v1/spaces/ünï', '/prefix/v1/spaces/%C3%BCn%C3%AF'],
      ['/http:evil.example/v1', '/prefix/http:evil.example/v1'],
    ]) {
      const { sent, error } = await outcome(path!)
      expect(error, path).toBeUndefined()
      expect(new URL(sent[0]!).pathname).toBe(expected)
    }
  })
})
