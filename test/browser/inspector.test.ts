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

/**
 * Takes a screenshot under test-results/ and checks it holds a page, not a blank: pixels are not
 * compared (fonts differ between machines); what a person reads is asserted through the DOM.
 */
async function screenshot(target: Page | ReturnType<Page['locator']>, name: string, minBytes = 20_000): Promise<void> {
  const png = await target.screenshot({ path: join(shots, `inspector-${name}.png`) })
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  // The IHDR chunk: width and height.
  expect(png.readUInt32BE(16)).toBeGreaterThan(300)
  expect(png.readUInt32BE(20)).toBeGreaterThan(20)
  // A blank page of this size compresses to a few KB; text, rows and marks take far more.
  expect(png.byteLength).toBeGreaterThan(minBytes)
}

// A platform created over HTTP (its own prefix, clock, faults and log) seen on its own inspector
// page, from its very first request: the server's default platform is built from `empty` and the
// created one's clock is frozen far from the wall clock, so the two clocks cannot be confused.
describe('the inspector page, a created platform: its paths, both clocks, fault answers and every view', () => {
  let own: MockPlatform
  let ownServer: MockServer
  let hostedPage: Page
  let hosted: { id: string; baseUrl: string; controlUrl: string }
  let organizationId: string
  let token: string
  const PLATFORM_TIME = '2030-01-01T00:00:00.000Z'
  const faultIds: number[] = []

  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${hosted.controlUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    expect(response.ok).toBe(true)
    return (await response.json()) as Record<string, unknown>
  }
  const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    fetch(`${hosted.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
  const rowFor = (p: Page, path: string) => rows(p).filter({ has: p.locator('span:nth-child(3)', { hasText: new RegExp(`^${path}$`) }) })
  const today = () => new Date().toISOString().slice(0, 10)

  beforeAll(async () => {
    own = createMockPlatform({ scenario: 'empty' })
    await own.ready
    ownServer = await startMockServer({ platform: own })
    const created = await fetch(`${ownServer.url}/_docplat/platforms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: 'empty', clock: { now: PLATFORM_TIME, frozen: true } }),
    })
    expect(created.status).toBe(201)
    hosted = (await created.json()) as typeof hosted
    expect(hosted.id).toMatch(/^[\w-]{16}$/)
    hostedPage = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    hostedPage.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`))
  }, 120_000)

  afterAll(async () => {
    await hostedPage?.close()
    await ownServer?.close()
  })

  it('shows its first requests with the wall clock, a duration and their messages, and paths as its API sees them', async () => {
    const before = today()
    // Its very first requests are the API's: nothing on its control plane came first.
    expect((await api('/v1/orgs')).status).toBe(401)
    expect((await api('/v1/spaces/nope')).status).toBe(401)
    const after = today()
    await hostedPage.goto(`${hosted.controlUrl}/`)
    await hostedPage.locator('#health', { hasText: 'scenario empty' }).waitFor()
    await expect.poll(() => rows(hostedPage).count()).toBe(2)

    // The Path column: relative to the platform, so the two requests read apart.
    expect(await rows(hostedPage).locator('span:nth-child(3)').allTextContents()).toEqual(['/v1/orgs', '/v1/spaces/nope'])
    const first = rowFor(hostedPage, '/v1/orgs')
    const [time, method, , status, duration, operation] = await first.locator(':scope > span').allTextContents()
    // The wall clock, not the platform's (frozen at midnight 2030), and how long it took.
    expect(time).not.toBe('00:00:00.000')
    expect(time).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/)
    expect(await first.locator('.platform-time').count()).toBe(0)
    expect(duration).toMatch(/^\d+(\.\d+)?$/)
    expect([method, status, operation]).toEqual(['GET', '401', 'refused listOrganizationsForAuthenticatedUser'])

    // Both clocks, labelled: the header's is the platform's, the list's the wall clock.
    expect(await hostedPage.locator('header .clock').textContent()).toMatch(/^Platform clock /)
    await expect.poll(() => hostedPage.locator('#clock-now').textContent()).toBe('2030-01-01 00:00:00 UTC (frozen)')
    expect(await hostedPage.locator('.row.head span').first().textContent()).toBe('Wall clock')
    await screenshot(hostedPage, 'hosted-requests')

    await first.click()
    await expect.poll(() => hostedPage.locator('#detail h2').textContent()).toBe('GET /v1/orgs')
    const wall = (await hostedPage.locator('#detail .times dd.wall').textContent())!
    expect([before, after]).toContain(wall.slice(0, 10))
    expect(wall).toMatch(/ UTC$/)
    expect(await hostedPage.locator('#detail .times dd.platform').textContent()).toBe('2030-01-01 00:00:00.000 UTC')
    expect(await hostedPage.locator('#detail .times').textContent()).toContain(`server path/_docplat/platforms/${hosted.id}/v1/orgs`)
    expect(await hostedPage.locator('#detail p.summary').textContent()).toMatch(
      /^401 in \d+(\.\d+)? ms · listOrganizationsForAuthenticatedUser$/,
    )
    // Its messages are kept: the first of two requests is not "no longer kept".
    const detail = await hostedPage.locator('#detail').textContent()
    expect(detail).not.toContain('no longer kept')
    expect(await hostedPage.locator('#detail dl.headers dt').allTextContents()).toContain('user-agent')
    expect(await hostedPage.locator('#detail .fault-mark').count()).toBe(0)
    await screenshot(hostedPage, 'hosted-detail')
  })

  it('marks what injected faults answered, replaced or delayed, apart from near misses, in the list and the detail', async () => {
    organizationId = (await control('/organizations', { title: 'Faults' })).id as string
    token = (await control('/users', { organization: organizationId, role: 'admin' })).token as string
    for (const fault of [
      { operationId: 'listOrganizationsForAuthenticatedUser', status: 503, times: 1, latency: { min: '1ms', max: '3ms' } },
      { operationId: 'createCollection', after: true, status: 502, times: 1 },
      { operationId: 'getSpaceById', latency: { median: '2ms', spread: 2 } },
    ]) {
      faultIds.push((await control('/faults', fault)).id as number)
    }
    expect((await api('/v1/orgs', { token })).status).toBe(503)
    expect((await api(`/v1/orgs/${organizationId}/collections`, { method: 'POST', body: { title: 'Kept' }, token })).status).toBe(502)
    expect((await api('/v1/spaces/missing', { token })).status).toBe(404)
    await expect.poll(() => rows(hostedPage).count()).toBe(5)
    expect(await hostedPage.locator('#faulted-count').textContent()).toBe('3')

    const answered = rowFor(hostedPage, '/v1/orgs').filter({ has: hostedPage.locator('.fault-badge') })
    expect(await answered.getAttribute('data-fault')).toBe('fault')
    expect(await answered.getAttribute('data-miss')).toBeNull()
    expect(await answered.locator(':scope > span').nth(3).textContent()).toBe('503')
    expect(await answered.locator(':scope > span').nth(5).textContent()).toBe('fault listOrganizationsForAuthenticatedUser')

    // After the operation: the caller got the fault's 502, the operation's own 201 is in the detail.
    const replaced = rowFor(hostedPage, `/v1/orgs/${organizationId}/collections`)
    expect(await replaced.getAttribute('data-fault')).toBe('after')
    expect(await replaced.locator(':scope > span').nth(3).textContent()).toBe('502')
    expect(await replaced.locator('.fault-badge').textContent()).toBe('fault')

    const delayed = rowFor(hostedPage, '/v1/spaces/missing')
    expect(await delayed.getAttribute('data-fault')).toBe('delayed')
    expect(await delayed.locator(':scope > span').nth(3).textContent()).toBe('404')
    expect(await delayed.locator('.fault-badge').textContent()).toBe('delayed')

    // Near misses keep their own mark, and no fault mark.
    const misses = hostedPage.locator('#request-list .row.miss')
    expect(await misses.count()).toBe(2)
    expect(await misses.locator('.fault-badge').count()).toBe(0)
    expect(await misses.locator('.miss-badge').allTextContents()).toEqual(['refused', 'refused'])

    await replaced.click()
    const mark = hostedPage.locator('#detail .fault-mark')
    await expect.poll(() => mark.locator('h3').textContent()).toBe('Injected fault: answer replaced')
    expect(await mark.locator('.what').textContent()).toBe(
      `Answered 502 by injected fault #${faultIds[1]}: the operation ran and answered 201 (its change is kept)`,
    )
    expect(await hostedPage.locator('#detail p.summary strong').textContent()).toBe('502')
    expect(await hostedPage.locator('#detail .near-miss').count()).toBe(0)

    await answered.click()
    await expect.poll(() => mark.locator('h3').textContent()).toBe('Injected fault: answered')
    expect(await mark.locator('.what').textContent()).toMatch(
      new RegExp(`^Answered 503 after [1-3] ms by injected fault #${faultIds[0]}: the operation did not run$`),
    )
    expect(await mark.locator('.ids').textContent()).toBe(`#${faultIds[0]}`)

    await hostedPage.check('#fault-filter')
    await expect.poll(() => rows(hostedPage).count()).toBe(3)
    await screenshot(hostedPage, 'hosted-faulted-requests')
    await hostedPage.uncheck('#fault-filter')
    await expect.poll(() => rows(hostedPage).count()).toBe(5)
  })

  it('shows the faults still active, a latency distribution as a person reads it', async () => {
    await hostedPage.click('#tabs [data-tab="faults"]')
    const effects = hostedPage.locator('#fault-table tbody td.effect')
    await expect.poll(() => effects.allTextContents()).toEqual(['latency median 2 ms, spread 2'])
    expect(await hostedPage.locator('#fault-table tbody td').nth(1).textContent()).toBe('getSpaceById')
    await screenshot(hostedPage, 'hosted-faults')
  })

  it('shows the change an after-fault kept in the state', async () => {
    await hostedPage.click('#tabs [data-tab="state"]')
    await hostedPage.click('#table-list [data-table="collections"]')
    await hostedPage.locator('#record-table tr', { hasText: 'Kept' }).waitFor()
    expect(await hostedPage.locator('#table-title').textContent()).toBe('collections')
    await screenshot(hostedPage, 'hosted-state')
  })

  it("lists the server's platforms, marks the one shown, and picks another", async () => {
    await hostedPage.click('#tabs [data-tab="platforms"]')
    const platformRows = hostedPage.locator('#platform-table tbody tr')
    await expect.poll(() => platformRows.count()).toBe(2)
    expect(await hostedPage.locator('#platform-count').textContent()).toBe('2')
    const current = hostedPage.locator('#platform-table tr.current')
    expect(await current.getAttribute('data-id')).toBe(hosted.id)
    const cells = await current.locator('td').allTextContents()
    expect(cells.slice(0, 4)).toEqual([hosted.id, 'empty', '–', hosted.baseUrl])
    expect(cells[4]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)
    expect(cells[6]).toBe('this page')
    expect(await hostedPage.locator('#platform-table tr[data-id="default"] a').getAttribute('href')).toBe('/_docplat/')
    await screenshot(hostedPage, 'hosted-platforms')

    // The picker: every platform by name and scenario, the one shown selected.
    const picker = hostedPage.locator('#platform-select')
    expect(await picker.isVisible()).toBe(true)
    expect(await picker.locator('option').allTextContents()).toEqual(['default (custom)', `${hosted.id} (empty)`])
    expect(await picker.inputValue()).toBe(`/_docplat/platforms/${hosted.id}/_docplat/`)
    await screenshot(hostedPage.locator('header'), 'platform-picker', 3_000)
    await picker.selectOption('/_docplat/')
    await hostedPage.waitForURL(`${ownServer.url}/_docplat/`)
    await hostedPage.locator('#health', { hasText: 'scenario custom' }).waitFor()
    expect(await hostedPage.locator('#platform-select').inputValue()).toBe('/_docplat/')
    expect(logs).toEqual([])
  })
})
