import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { createClient, type Client } from '../../src/index.ts'
import { launchChromium, ROOT } from './support.ts'

// The inspector at /_docplat/ in real Chromium: the test drives the server over HTTP with the SDK
// and checks, through the page only, that what happened shows up and that its controls act.
let browser: Browser
let platform: MockPlatform
let server: MockServer
let client: Client
let page: Page
const shots = join(ROOT, 'test-results')
const logs: string[] = []

beforeAll(async () => {
  platform = createMockPlatform({ scenario: 'demo' })
  await platform.ready
  server = await startMockServer({ platform })
  client = createClient({ baseUrl: server.url, token: platform.tokens.admin!, retry: 0 })
  browser = await launchChromium()
  await mkdir(shots, { recursive: true })
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    // A refused request (the 400 of a bad fault, above) is logged by Chromium itself: not a page error.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) logs.push(`console: ${message.text()}`)
  })
  await page.goto(`${server.url}/_docplat/`)
  await page.locator('#health', { hasText: 'scenario custom' }).waitFor()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const rows = (p: Page) => p.locator('#request-list .row')

describe('the inspector page', () => {
  it('shows a request the SDK just made, with its headers and bodies', async () => {
    const {
      items: [org],
    } = await client.orgs.list()
    const created = await client.collections.create({ organizationId: org!.id, title: 'Inspected collection' })
    const row = rows(page)
      .filter({ hasText: `/v1/orgs/${org!.id}/collections` })
      .filter({ hasText: 'POST' })
    await row.waitFor()
    expect(await row.locator('span').allTextContents()).toEqual([
      expect.any(String),
      'POST',
      `/v1/orgs/${org!.id}/collections`,
      '201',
      expect.any(String),
      'createCollection',
    ])
    await row.click()
    await expect.poll(() => page.locator('#detail h2').textContent()).toBe(`POST /v1/orgs/${org!.id}/collections`)
    const detail = await page.locator('#detail').textContent()
    expect(detail).toContain('"title": "Inspected collection"')
    expect(detail).toContain(`"id": "${created.id}"`)
    expect(detail).toContain('Bearer dpt_admin_…(redacted)')
    expect(detail).not.toContain(platform.tokens.admin)
    await page.screenshot({ path: join(shots, 'inspector-requests.png') })
  })

  it('shows the new record in the state tables and follows its references', async () => {
    await page.click('#tabs [data-tab="state"]')
    await page.click('#table-list [data-table="collections"]')
    const record = page.locator('#record-table tr', { hasText: 'Inspected collection' })
    await record.waitFor()
    const orgId = (await client.orgs.list()).items[0]!.id
    await record.locator('a.ref', { hasText: orgId }).first().click()
    await expect.poll(() => page.locator('#table-title').textContent()).toBe('organizations')
    expect(await page.locator('#record-table tr.highlight').getAttribute('data-id')).toBe(orgId)
    await page.screenshot({ path: join(shots, 'inspector-state.png') })
  })

  it('advances the clock', async () => {
    const before = platform.clock.now().getTime()
    await page.fill('#advance-input', '30d')
    await page.click('#advance-btn')
    await expect
      .poll(async () => new Date((await page.locator('#clock-now').getAttribute('data-iso'))!).getTime() - before)
      .toBeGreaterThanOrEqual(30 * 86_400_000)
    expect(platform.clock.now().getTime() - before).toBeGreaterThanOrEqual(30 * 86_400_000)
  })

  it('adds and clears faults', async () => {
    await page.click('#tabs [data-tab="faults"]')
    await page.fill('#fault-form [name="operationId"]', 'listOrganizationsForAuthenticatedUser')
    await page.fill('#fault-form [name="status"]', '503')
    await page.click('#fault-form button[type="submit"]')
    await page.locator('#fault-table tbody tr').waitFor()
    // The table may show the fault from the page's poll before the form is emptied: wait for both.
    await expect.poll(() => page.inputValue('#fault-form [name="operationId"]')).toBe('')
    expect(await page.locator('#fault-table tbody tr td').nth(2).textContent()).toBe('status 503')
    await expect(client.orgs.list()).rejects.toMatchObject({ status: 503 })
    await page.screenshot({ path: join(shots, 'inspector-faults.png') })
    await page.fill('#fault-form [name="latency"]', 'soon')
    await page.click('#fault-form button[type="submit"]')
    await expect.poll(() => page.locator('#fault-error').textContent()).toContain('Invalid duration')
    await page.click('#clear-faults')
    await expect.poll(() => page.locator('#fault-table tbody tr').count()).toBe(0)
    expect(platform.faults.active).toEqual([])
  })

  it('lists the tokens', async () => {
    await page.click('#tabs [data-tab="tokens"]')
    await page.locator('#token-table tbody tr').first().waitFor()
    expect(await page.locator('#token-table tbody').textContent()).toContain(platform.tokens.read)
    await page.screenshot({ path: join(shots, 'inspector-tokens.png') })
    // A user ID is a reference: it opens the user's record in the state tables.
    const userId = platform.db.tokens.get(platform.tokens.read!)!.user
    await page.locator('#token-table a.ref', { hasText: userId }).click()
    await expect.poll(() => page.locator('#table-title').textContent()).toBe('users')
    expect(await page.locator('#record-table tr.highlight').getAttribute('data-id')).toBe(userId)
  })

  it('resets: the new record and the log are gone', async () => {
    await page.click('#tabs [data-tab="requests"]')
    await page.click('#reset-btn')
    await expect.poll(() => page.locator('#request-count').textContent()).toBe('0')
    expect(await rows(page).count()).toBe(0)
    await page.click('#tabs [data-tab="state"]')
    await page.click('#table-list [data-table="collections"]')
    await page.locator('#record-table').waitFor()
    expect(await page.locator('#record-table').textContent()).not.toContain('Inspected collection')
    expect([...platform.db.collections.all()].some((c) => c.title === 'Inspected collection')).toBe(false)
  })

  it('stays responsive with 10,000 logged requests: the DOM holds one screen of rows', async () => {
    await page.click('#tabs [data-tab="requests"]')
    const anonymous = createClient({ token: null, baseUrl: server.url, retry: 0 })
    for (let batch = 0; batch < 100; batch++) {
      await Promise.all(Array.from({ length: 100 }, () => anonymous.orgs.list().catch(() => undefined)))
    }
    await expect.poll(() => page.locator('#request-count').textContent(), { timeout: 120_000 }).toBe('10000')
    const rendered = await rows(page).count()
    expect(rendered).toBeGreaterThan(10)
    expect(rendered).toBeLessThan(100)
    // Scrolled to the middle, the rows shown are the middle ones.
    await page.locator('#request-list').evaluate((list) => (list.scrollTop = 5000 * 24))
    // The list redraws on the next animation frame: wait for the rows to be the middle ones (the
    // rows shown before the scroll are the newest, which match the operation too).
    const shownIds = () => rows(page).evaluateAll((elements) => elements.map((e) => Number(e.getAttribute('data-id'))))
    await expect.poll(async () => Math.max(...(await shownIds()))).toBeLessThan(7000)
    const ids = await shownIds()
    expect(ids.length).toBeGreaterThan(10)
    expect(Math.min(...ids)).toBeGreaterThan(4000)
    expect(Math.max(...ids)).toBeLessThan(7000)
    expect(await rows(page).filter({ hasText: 'listOrganizationsForAuthenticatedUser' }).count()).toBeGreaterThan(10)
    await page.locator('#request-filter').fill('401')
    await expect.poll(() => rows(page).count()).toBeGreaterThan(10)
    await page.screenshot({ path: join(shots, 'inspector-10000-requests.png') })
    expect(logs).toEqual([])
  }, 240_000)
})

// Near misses and latencies, on a platform of their own built from `empty`: its log holds only
// what these tests send.
describe('the inspector page, near misses and latencies', () => {
  let own: MockPlatform
  let ownServer: MockServer
  let ownPage: Page
  let organizationId: string
  let token: string

  beforeAll(async () => {
    own = createMockPlatform({ scenario: 'empty' })
    await own.ready
    organizationId = (await own.builders.organization({ title: 'Near misses' })).id
    token = (await own.builders.user({ organization: organizationId, role: 'admin' })).token
    ownServer = await startMockServer({ platform: own })
    ownPage = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    ownPage.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`))
    await ownPage.goto(`${ownServer.url}/_docplat/`)
    await ownPage.locator('#health', { hasText: 'scenario custom' }).waitFor()
  }, 120_000)

  afterAll(async () => {
    await ownPage?.close()
    await ownServer?.close()
  })

  const post = (path: string, body: unknown) =>
    fetch(`${ownServer.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('marks a request to an unknown path and one with a bad body, with the closest operation', async () => {
    expect((await post(`/v1/orgs/${organizationId}/colections`, { title: 'Typo' })).status).toBe(404)
    expect((await post(`/v1/orgs/${organizationId}/collections`, { title: 42 })).status).toBe(400)
    await ownPage.click('#tabs [data-tab="requests"]')

    const unknown = rows(ownPage).filter({ hasText: '/colections' })
    await unknown.waitFor()
    expect(await unknown.getAttribute('class')).toContain('miss')
    expect(await unknown.getAttribute('data-miss')).toBe('no-route')
    expect(await unknown.locator('.miss-badge').textContent()).toBe('unmatched')
    await unknown.click()
    await expect.poll(() => ownPage.locator('#detail h2').textContent()).toBe(`POST /v1/orgs/${organizationId}/colections`)
    const unknownMiss = ownPage.locator('#detail .near-miss')
    expect(await unknownMiss.locator('h3').textContent()).toBe('Near miss: unmatched')
    expect(await unknownMiss.locator('.closest').textContent()).toBe('createCollection POST /v1/orgs/{organizationId}/collections')
    expect(await unknownMiss.locator('.field').textContent()).toBe('path')
    expect(await unknownMiss.textContent()).toContain(`No operation matches POST /v1/orgs/${organizationId}/colections`)

    const refused = rows(ownPage).filter({ hasText: `/v1/orgs/${organizationId}/collections` })
    expect(await refused.locator('span').nth(3).textContent()).toBe('400')
    expect(await refused.getAttribute('class')).toContain('miss')
    expect(await refused.getAttribute('data-miss')).toBe('validation')
    expect(await refused.locator('.miss-badge').textContent()).toBe('refused')
    await refused.click()
    await expect.poll(() => ownPage.locator('#detail .near-miss h3').textContent()).toBe('Near miss: refused')
    const refusedMiss = ownPage.locator('#detail .near-miss')
    expect(await refusedMiss.locator('.closest').textContent()).toBe('createCollection POST /v1/orgs/{organizationId}/collections')
    expect(await refusedMiss.locator('.field').textContent()).toBe('body.title')
    expect(await refusedMiss.textContent()).toContain('Invalid body.title: expected string, got number')
    await ownPage.screenshot({ path: join(shots, 'inspector-near-miss.png') })
  })

  it('lists near misses only when asked, and never marks a request that matched', async () => {
    const created = await post(`/v1/orgs/${organizationId}/collections`, { title: 'Matched' })
    expect(created.status).toBe(201)
    const matched = ownPage.locator('#request-list .row:not(.miss)')
    await matched.waitFor()
    expect(await matched.locator('span').allTextContents()).toEqual([
      expect.any(String),
      'POST',
      `/v1/orgs/${organizationId}/collections`,
      '201',
      expect.any(String),
      'createCollection',
    ])
    expect(await matched.getAttribute('data-miss')).toBeNull()
    const misses = own.requests.unmatched().length
    expect(misses).toBe(2)
    await expect.poll(() => ownPage.locator('#miss-count').textContent()).toBe(String(misses))

    await ownPage.check('#miss-filter')
    await expect.poll(() => rows(ownPage).count()).toBe(misses)
    expect(await rows(ownPage).evaluateAll((elements) => elements.map((e) => e.getAttribute('data-miss')))).toEqual([
      'no-route',
      'validation',
    ])
    // With the text filter too: both apply.
    await ownPage.fill('#request-filter', 'colections')
    await expect.poll(() => rows(ownPage).count()).toBe(1)
    await ownPage.fill('#request-filter', '')
    await ownPage.uncheck('#miss-filter')
    await expect.poll(() => rows(ownPage).count()).toBe(own.requests.length)
  })

  it('shows each form of latency as a person reads it, and takes that text back in the form', async () => {
    own.faults.add({ operationId: 'getSpaceById', latency: 120 })
    own.faults.add({ operationId: 'getSpaceById', latency: { min: '50ms', max: '200ms' } })
    own.faults.add({ operationId: 'getSpaceById', latency: { median: '80ms', spread: 2 } })
    own.faults.add({ operationId: 'getSpaceById', latency: { min: '500ms', max: '2s' } })
    await ownPage.click('#tabs [data-tab="faults"]')
    const effects = ownPage.locator('#fault-table tbody td.effect')
    await expect.poll(() => effects.count()).toBe(4)
    const shown = await effects.allTextContents()
    expect(shown).toEqual(['latency 120 ms', 'latency 50–200 ms', 'latency median 80 ms, spread 2', 'latency 500 ms–2 s'])

    // What the page shows is what a person can type: each text added back makes the same latency.
    await ownPage.click('#clear-faults')
    await expect.poll(() => effects.count()).toBe(0)
    for (const text of shown) {
      await ownPage.fill('#fault-form [name="operationId"]', 'getSpaceById')
      await ownPage.fill('#fault-form [name="latency"]', text.replace(/^latency /, ''))
      await ownPage.click('#fault-form button[type="submit"]')
      await expect.poll(() => own.faults.active.length).toBe(shown.indexOf(text) + 1)
      // The page empties its form once it has the answer, which comes after the platform has the
      // fault: the next text typed before then would be wiped.
      await expect.poll(() => ownPage.inputValue('#fault-form [name="latency"]')).toBe('')
    }
    expect(own.faults.active.map((fault) => fault.latency)).toEqual([
      '120ms',
      { min: '50ms', max: '200ms' },
      { median: '80ms', spread: 2 },
      { min: '500ms', max: '2s' },
    ])
    await expect.poll(() => effects.allTextContents()).toEqual(shown)
    await ownPage.screenshot({ path: join(shots, 'inspector-latency.png') })

    // A latency the platform refuses is refused with its message, and nothing is added.
    await ownPage.fill('#fault-form [name="latency"]', 'median 80 ms, spread 0.5')
    await ownPage.click('#fault-form button[type="submit"]')
    await expect.poll(() => ownPage.locator('#fault-error').textContent()).toContain('latency.spread')
    expect(own.faults.active).toHaveLength(4)
    await ownPage.click('#clear-faults')
    await expect.poll(() => own.faults.active.length).toBe(0)
    expect(logs).toEqual([])
  })
})
