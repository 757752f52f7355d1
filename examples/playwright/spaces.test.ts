import { describe } from 'vitest'
import { expect, test } from './fixtures.js'

describe('the app against docplat-mock serve, in Chromium', () => {
  test('lists the spaces from the server, on another origin (CORS)', async ({ mock, page, open }) => {
    await open(mock.tokens.admin!)
    expect(await page.locator('h1').textContent()).toBe('Spaces of Acme / Product')
    expect(await page.locator('#spaces li').count()).toBeGreaterThan(0)
    // Only this test's requests: its platform is its own.
    expect((await mock.requests.all()).map((r) => `${r.method} ${r.operationId} ${r.status}`)).toEqual([
      'GET listOrganizationsForAuthenticatedUser 200',
      'GET listCollectionsInOrganizationById 200',
      'GET listSpacesInCollectionById 200',
    ])
  })

  test('shows an error when the API fails (an injected fault)', async ({ mock, page, open }) => {
    await mock.faults.add({ operationId: 'listSpacesInCollectionById', status: 503, message: 'Down for maintenance' })
    await open(mock.tokens.admin!)
    await expect.poll(() => page.locator('#error').textContent()).toContain('Down for maintenance')
    expect((await mock.requests.last())?.status).toBe(503)
  })

  test('stamps a rename with platform time (a clock advance)', async ({ mock, page, open }) => {
    await mock.clock.set('2026-01-15T09:00:00.000Z')
    await mock.clock.advance('400d')
    await open(mock.tokens.admin!)
    await page.fill('#rename input', 'Renamed from the browser')
    await page.click('#rename button')
    const first = page.locator('#spaces li').first()
    await expect.poll(() => first.textContent()).toBe('Renamed from the browserupdated 2027-02-19')
    const [rename] = await mock.requests.ofOperation('updateSpaceById')
    expect(rename).toMatchObject({ status: 200, body: { title: 'Renamed from the browser' } })
  })
})
