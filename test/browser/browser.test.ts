import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_BASE_URL } from '../../src/index.ts'
import { launchChromium, ROOT, serveStatic, WORKER_SCRIPT, type StaticServer } from './support.ts'

// The real thing: the page of test/browser/app built by Vite, served over HTTP, run by Chromium,
// with the mock answering through MSW's service worker.
let out: string
let server: StaticServer
let browser: Browser

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'docplat-browser-'))
  await build({
    root: join(ROOT, 'test/browser/app'),
    configFile: false,
    logLevel: 'warn',
    // The page bundles the whole mock, well past Vite's 500 kB warning: expected, not worth a warning.
    build: { outDir: out, emptyOutDir: true, sourcemap: false, reportCompressedSize: false, chunkSizeWarningLimit: 4096 },
  })
  // What `npx msw init <public dir>` does.
  await copyFile(WORKER_SCRIPT, join(out, 'mockServiceWorker.js'))
  server = await serveStatic(out)
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (out) await rm(out, { recursive: true, force: true })
})

describe('docplat/mock/browser in Chromium', () => {
  it('answers the SDK through the service worker: lists, renames, reads back', async () => {
    expect((await readdir(out)).sort()).toEqual(expect.arrayContaining(['assets', 'index.html', 'mockServiceWorker.js']))
    const page = await browser.newPage({ viewport: { width: 900, height: 520 } })
    const apiCalls: Array<{ method: string; url: string; status: number; fromServiceWorker: boolean }> = []
    page.on('response', (response) => {
      if (!response.url().startsWith(DEFAULT_BASE_URL)) return
      apiCalls.push({
        method: response.request().method(),
        url: response.url().slice(DEFAULT_BASE_URL.length),
        status: response.status(),
        fromServiceWorker: response.fromServiceWorker(),
      })
    })
    const logs: string[] = []
    page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`))
    page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`))

    await page.goto(server.url)
    const outcome = page.locator('#result, #error')
    await outcome.waitFor()
    // An #error paragraph carries the SDK's message: show it (and the console) instead of a bare mismatch.
    expect({ text: await outcome.textContent(), logs }).toMatchObject({ text: 'Renamed: New title' })

    await mkdir(join(ROOT, 'test-results'), { recursive: true })
    await page.screenshot({ path: join(ROOT, 'test-results/browser.png'), fullPage: true })

    expect(await page.locator('#listed').textContent()).toBe('2 spaces in Acme / Product:')
    expect(await page.locator('#spaces td:first-child').allTextContents()).toEqual(['Getting Started', 'Changelog'])
    expect(await page.locator('#before').textContent()).toMatch(/^\(was "Getting Started", id \S+\)$/)
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${server.url}/mockServiceWorker.js`)

    // Every call left the page for the platform's real URL and was answered by the worker
    // (this machine has no route to that host, so nothing else could have answered).
    const spaceId = /id (\S+)\)$/.exec((await page.locator('#before').textContent())!)![1]
    expect(apiCalls.map(({ method, url, status }) => `${method} ${url.replace(/\?.*$/, '')} ${status}`)).toEqual([
      'GET /v1/orgs 200',
      expect.stringMatching(/^GET \/v1\/orgs\/\S+\/collections 200$/),
      expect.stringMatching(/^GET \/v1\/collections\/\S+\/spaces 200$/),
      `PATCH /v1/spaces/${spaceId} 200`,
      `GET /v1/spaces/${spaceId} 200`,
    ])
    expect(apiCalls.every((call) => call.fromServiceWorker)).toBe(true)
    await page.close()
  })

  it('fetches the markdown parser and the search index only when a search needs them', async () => {
    const page = await browser.newPage()
    const scripts: string[] = []
    page.on('request', (request) => {
      const name = /\/assets\/([^/?]+\.js)$/.exec(request.url())?.[1]
      if (name) scripts.push(name)
    })
    await page.goto(server.url)
    await page.locator('#result').waitFor()
    // Lists, a rename and a read parse no markdown: those libraries stayed on the server.
    const library = (prefix: string) => scripts.filter((name) => name.startsWith(`${prefix}-`))
    expect({ markdown: library('markdown'), search: library('search') }).toEqual({ markdown: [], search: [] })

    const found = await page.evaluate(async () => {
      const { client, spaceId } = window.docplat!
      const { items } = await client.spaces.search({ spaceId, query: 'space' })
      return items.map((item) => item.title)
    })
    expect(found.length).toBeGreaterThan(0)
    expect({ markdown: library('markdown').length, search: library('search').length }).toEqual({ markdown: 1, search: 1 })
    await page.close()
  })

  it('resets the platform, then stops answering', async () => {
    const page = await browser.newPage()
    await page.goto(server.url)
    await page.locator('#result').waitFor()
    const titleNow = () =>
      page.evaluate(async () => {
        const { client, spaceId } = window.docplat!
        try {
          return (await client.spaces.get({ spaceId }, { retry: 0 })).title
        } catch (error) {
          return (error as Error).name
        }
      })
    expect(await titleNow()).toBe('New title')
    // Requests the platform does not answer go to the network untouched (onUnhandledRequest: 'bypass').
    expect(await page.evaluate(async () => (await fetch('/index.html')).status)).toBe(200)

    await page.evaluate(() => window.docplat!.mock.reset())
    expect(await titleNow()).toBe('Getting Started')

    await page.evaluate(() => window.docplat!.mock.stop())
    // Now the request really leaves for the platform's host, which this network cannot reach.
    expect(await titleNow()).toBe('ConnectionError')
    await page.close()
  })
})
