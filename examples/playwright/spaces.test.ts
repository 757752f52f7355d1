import { connectMockServer, type RemoteMockPlatform } from 'docplat/mock'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { launchBrowser, serveApp, startMockCli, type MockCli } from './support.ts'

let cli: MockCli
let app: Awaited<ReturnType<typeof serveApp>>
let browser: Browser
let mock: RemoteMockPlatform
let page: Page

beforeAll(async () => {
  cli = await startMockCli()
  app = await serveApp()
  browser = await launchBrowser()
  // The same control API as createMockPlatform(), over HTTP: reset, clock, faults, requests.
  mock = await connectMockServer(cli.url)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await app?.close()
  await cli?.stop()
})

// One reset per test: each starts from the demo's initial state, with no faults and an empty log.
beforeEach(async () => {
  await mock.reset()
  page = await browser.newPage({ viewport: { width: 1000, height: 600 } })
  return () => page.close()
})

const open = () => page.goto(`${app.url}/?api=${encodeURIComponent(cli.url)}&token=${mock.tokens.admin}`)

describe('the app against docplat-mock serve, in Chromium', () => {
  it('lists the spaces from the server, on another origin (CORS)', async () => {
    await open()
    await page.locator('body[data-ready="true"]').waitFor()
    expect(await page.locator('h1').textContent()).toBe('Spaces of Acme / Product')
    expect(await page.locator('#spaces li').count()).toBeGreaterThan(0)
    expect((await mock.requests.all()).map((r) => `${r.method} ${r.operationId} ${r.status}`)).toEqual([
      'GET listOrganizationsForAuthenticatedUser 200',
      'GET listCollectionsInOrganizationById 200',
      'GET listSpacesInCollectionById 200',
    ])
  })

  it('shows an error when the API fails (an injected fault)', async () => {
    await mock.faults.add({ operationId: 'listSpacesInCollectionById', status: 503, message: 'Down for maintenance' })
    await open()
    await expect.poll(() => page.locator('#error').textContent()).toContain('Down for maintenance')
    expect((await mock.requests.last())?.status).toBe(503)
  })

  it('stamps a rename with platform time (a clock advance)', async () => {
    await mock.clock.set('2026-01-15T09:00:00.000Z')
    await mock.clock.advance('400d')
    await open()
    await page.locator('body[data-ready="true"]').waitFor()
    await page.fill('#rename input', 'Renamed from the browser')
    await page.click('#rename button')
    const first = page.locator('#spaces li').first()
    await expect.poll(() => first.textContent()).toBe('Renamed from the browserupdated 2027-02-19')
    const [rename] = await mock.requests.ofOperation('updateSpaceById')
    expect(rename).toMatchObject({ status: 200, body: { title: 'Renamed from the browser' } })
  })
})
