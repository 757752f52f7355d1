import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfigurationError, createClient, createCore, DEFAULT_BASE_URL, NotFoundError } from '../../src/index.ts'
import { rejection, world } from './fixture.ts'

afterEach(() => {
  vi.unstubAllEnvs()
})

const configError = (make: () => unknown): ConfigurationError => {
  try {
    make()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError)
    return error as ConfigurationError
  }
  throw new Error('expected a ConfigurationError')
}

describe('set-up mistakes fail at once, saying what to do', () => {
  it('no token, neither given nor in DOCPLAT_TOKEN', () => {
    vi.stubEnv('DOCPLAT_TOKEN', '')
    expect(configError(() => createClient()).message).toMatch(
      /No API token: pass createClient\(\{ token \}\) or set the DOCPLAT_TOKEN environment variable/,
    )
    expect(configError(() => createCore({ token: '' })).message).toMatch(/No API token/)
  })

  it('reads DOCPLAT_TOKEN and DOCPLAT_BASE_URL from the environment', async () => {
    const { platform, admin } = await world()
    vi.stubEnv('DOCPLAT_TOKEN', admin.token)
    vi.stubEnv('DOCPLAT_BASE_URL', `${platform.baseUrl}/`)
    const client = createClient({ fetch: platform.fetch })
    expect(client.options.baseUrl).toBe(platform.baseUrl)
    expect((await client.orgs.list()).items.map((o) => o.title)).toEqual(['Initech'])
    expect(platform.requests.last()?.status).toBe(200)
  })

  it('options win over the environment', () => {
    vi.stubEnv('DOCPLAT_BASE_URL', 'http://127.0.0.1:4010')
    expect(createClient({ token: 't', baseUrl: 'https://docs.example.test/api' }).options.baseUrl).toBe('https://docs.example.test/api')
    vi.stubEnv('DOCPLAT_BASE_URL', '')
    expect(createClient({ token: 't' }).options.baseUrl).toBe(DEFAULT_BASE_URL)
  })

  it('a token given with "Bearer " or with whitespace', () => {
    expect(configError(() => createClient({ token: 'Bearer dpt_abc' })).message).toMatch(/starts with "Bearer ": pass the token alone/)
    expect(configError(() => createClient({ token: 'bearer dpt_abc' })).message).toMatch(/Bearer/)
    expect(configError(() => createClient({ token: 'dpt_abc\n' })).message).toMatch(/whitespace/)
  })

  it('a base URL that is not an absolute http(s) URL', () => {
    for (const baseUrl of ['localhost:4010', '127.0.0.1:4010', '/api', 'ftp://example.test', 'http//x', 'https://x.test/?a=1']) {
      expect(configError(() => createClient({ token: 't', baseUrl })).message, baseUrl).toContain(
        `Invalid baseUrl ${JSON.stringify(baseUrl)}`,
      )
    }
    vi.stubEnv('DOCPLAT_BASE_URL', 'api.docplat.dev')
    expect(configError(() => createClient({ token: 't' })).message).toContain(
      'Invalid DOCPLAT_BASE_URL "api.docplat.dev": use an absolute http(s) URL',
    )
  })

  it('a base URL ending in /v1 is refused, saying to drop it (every path already starts with /v1)', () => {
    for (const [baseUrl, fixed] of [
      ['http://127.0.0.1:4010/v1', 'http://127.0.0.1:4010'],
      ['http://127.0.0.1:4010/v1/', 'http://127.0.0.1:4010'],
      ['https://docs.example.test/api/v1//', 'https://docs.example.test/api'],
    ]) {
      expect(configError(() => createClient({ token: 't', baseUrl })).message, baseUrl).toBe(
        `Invalid baseUrl ${JSON.stringify(baseUrl)}: drop the trailing /v1 (the SDK adds it to every path): use ${JSON.stringify(fixed)}.`,
      )
    }
    vi.stubEnv('DOCPLAT_BASE_URL', 'http://127.0.0.1:4010/v1')
    expect(configError(() => createClient({ token: 't' })).message).toContain(
      'Invalid DOCPLAT_BASE_URL "http://127.0.0.1:4010/v1": drop the trailing /v1',
    )
    // Paths that only look alike stay valid.
    for (const baseUrl of ['https://x.test/v10', 'https://x.test/v1beta', 'https://v1.x.test', 'https://x.test/v1/api']) {
      expect(createClient({ token: 't', baseUrl }).options.baseUrl).toBe(baseUrl)
    }
  })

  it('timeouts and retry settings out of range', () => {
    expect(configError(() => createClient({ token: 't', timeout: 0 })).message).toMatch(/Invalid timeout 0/)
    expect(configError(() => createClient({ token: 't', timeout: Number.NaN })).message).toMatch(/Invalid timeout/)
    expect(configError(() => createClient({ token: 't', retry: -1 })).message).toMatch(/Invalid retry limit -1/)
    expect(configError(() => createClient({ token: 't', retry: { maxRetryAfter: -5 } })).message).toMatch(/maxRetryAfter/)
  })

  it('token: null sends requests without a token, to see how a server answers them', async () => {
    const { platform } = await world()
    const error = await rejection(createClient({ token: null, fetch: platform.fetch, retry: 0 }).orgs.list())
    expect(error).toMatchObject({ name: 'AuthenticationError', status: 401 })
  })
})

describe('error messages', () => {
  it('are the server message, without the status repeated', async () => {
    const { client } = await world()
    const error = await rejection(client().spaces.get({ spaceId: 'nope' }))
    expect(error).toBeInstanceOf(NotFoundError)
    expect((error as NotFoundError).status).toBe(404)
    expect((error as NotFoundError).message).toBe('Space nope not found')
    expect(String(error)).toBe('NotFoundError: Space nope not found')
  })

  it('name the status when the server sent no message', async () => {
    const { admin } = await world()
    const teapot = async () => new Response('short and stout', { status: 418 })
    const error = await rejection(createClient({ token: admin.token, fetch: teapot, retry: 0 }).orgs.list())
    expect(error).toMatchObject({ name: 'APIError', status: 418, message: 'Request failed with status 418', body: 'short and stout' })
  })
})
