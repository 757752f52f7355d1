import { createClient, InternalServerError, PermissionDeniedError } from 'docplat'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createDocsService } from './docs-service.js'
import { demoId, platform, server } from './mocks.js'

describe('failures, as the real service gives them', () => {
  it('answers 403 to a member without the edit permission, and changes nothing', async () => {
    const reader = createDocsService(platform.tokens.read!)
    const spaceId = await demoId('spaces', 'Getting Started')

    const error = await reader.renameSpace(spaceId, 'Mine now').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect(error).toMatchObject({ status: 403 })

    const admin = createClient({ token: platform.tokens.admin })
    expect((await admin.spaces.get({ spaceId })).title).toBe('Getting Started')
  })

  it('retries a GET through an injected 503, invisibly to the caller', async () => {
    const admin = createClient({ token: platform.tokens.admin })
    platform.faults.add({ operationId: 'listOrganizationsForAuthenticatedUser', status: 503, retryAfter: 0, times: 1 })

    const { items } = await admin.orgs.list()

    expect(items.map((org) => org.title)).toEqual(['Acme'])
    expect(platform.requests.ofOperation('listOrganizationsForAuthenticatedUser').map((r) => r.status)).toEqual([503, 200])
  })

  it('lets a test override one endpoint with a plain MSW handler', async () => {
    // Handlers added with server.use() are tried before the platform's (until resetHandlers()).
    server.use(http.get(`${platform.baseUrl}/v1/orgs`, () => HttpResponse.json({ error: { code: 500, message: 'Boom' } }, { status: 500 })))
    const admin = createClient({ token: platform.tokens.admin, retry: 0 })

    await expect(admin.orgs.list()).rejects.toThrow(InternalServerError)
    // Everything else still comes from the platform.
    expect((await admin.spaces.get({ spaceId: await demoId('spaces', 'Changelog') })).title).toBe('Changelog')
  })
})
