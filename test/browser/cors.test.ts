import { build } from 'esbuild'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveApp } from '../../examples/playwright/support.ts'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer, type MockServerOptions } from '../../mock/node/index.ts'
import { VERSION } from '../../src/index.ts'
import { launchChromium, ROOT } from './support.ts'

// The SDK in a real page on one port calling the mock server on another: what CORS decides.
let browser: Browser
let app: Awaited<ReturnType<typeof serveApp>>
const servers: MockServer[] = []

beforeAll(async () => {
  app = await serveApp()
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await app?.close()
  await Promise.all(servers.map((s) => s.close()))
})

async function serve(options: Partial<MockServerOptions>): Promise<{ server: MockServer; platform: MockPlatform }> {
  const platform = createMockPlatform({ scenario: 'demo' })
  await platform.ready
  const server = await startMockServer({ platform, ...options })
  servers.push(server)
  return { server, platform }
}

/** Opens the app against `server` and renames the first space: a GET, then a PATCH with JSON (preflighted). */
async function renameFromThePage(server: MockServer, platform: MockPlatform): Promise<{ text: string; error: string | null }> {
  const page = await browser.newPage()
  try {
    await page.goto(`${app.url}/?api=${encodeURIComponent(server.url)}&token=${platform.tokens.admin}`)
    await page.locator('body[data-ready="true"], #error:not([hidden])').first().waitFor()
    if (await page.locator('#error').isVisible()) return { text: '', error: await page.locator('#error').textContent() }
    await page.fill('#rename input', 'Across origins')
    await page.click('#rename button')
    await page.locator('#spaces li', { hasText: 'Across origins' }).or(page.locator('#error:not([hidden])')).first().waitFor()
    const shown = page.locator('#error:not([hidden])')
    return {
      text: (await page.locator('#spaces li').first().textContent()) ?? '',
      error: (await shown.count()) > 0 ? await shown.textContent() : null,
    }
  } finally {
    await page.close()
  }
}

describe('CORS in Chromium', () => {
  it('lets a page on another port use the SDK against the server (default on loopback)', async () => {
    const { server, platform } = await serve({})
    const { text } = await renameFromThePage(server, platform)
    expect(text).toMatch(/^Across origins/)
    expect(platform.requests.ofOperation('updateSpaceById').map((r) => r.status)).toEqual([200])
    // A page cannot set User-Agent: the SDK names itself in X-Docplat-Client, which the preflight allowed.
    expect(platform.requests.ofOperation('updateSpaceById').map((r) => r.client)).toEqual([`docplat/${VERSION} browser`])
  })

  it('lets the listed origin in with --cors', async () => {
    const { server, platform } = await serve({ cors: [app.url] })
    expect((await renameFromThePage(server, platform)).text).toMatch(/^Across origins/)
  })

  it('blocks the page when its origin is not allowed, or CORS is off', async () => {
    for (const cors of [['http://localhost:5173'], false] as const) {
      const { server, platform } = await serve({ cors })
      const { error } = await renameFromThePage(server, platform)
      expect(error).toContain('Could not reach the API')
      expect(platform.requests.ofOperation('updateSpaceById')).toEqual([])
    }
  })
})

describe('connectMockServer in Chromium', () => {
  it('controls the server from a page on another origin: reset, clock, faults, request log', async () => {
    const { server, platform } = await serve({})
    // docplat/mock's connectMockServer, bundled for the page as a browser app would: as an ES module
    // (an IIFE has no import.meta, which the mock's Node-only msw loader names).
    const bundle = await build({
      stdin: {
        contents: "import { connectMockServer } from './mock/index.ts'; globalThis.connectMockServer = connectMockServer",
        resolveDir: ROOT,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'warning',
    })
    const page = await browser.newPage()
    try {
      // The app's page as the origin, without the app itself (its own requests would mix into the log).
      await page.route('**/main.js', (route) => route.abort())
      await page.goto(app.url)
      await page.addScriptTag({ content: bundle.outputFiles[0]!.text, type: 'module' })
      await page.waitForFunction(() => 'connectMockServer' in globalThis)
      const outcome = await page.evaluate(async (url) => {
        const connect = (globalThis as unknown as { connectMockServer: typeof import('../../mock/index.ts').connectMockServer })
          .connectMockServer
        const mock = await connect(url)
        await mock.reset()
        const before = (await mock.clock.now()).getTime()
        const after = (await mock.clock.advance('2d')).getTime()
        const id = await mock.faults.add({ path: /\/v1\/orgs$/, status: 503, times: 1 })
        const first = await fetch(`${url}/v1/orgs`, { headers: { authorization: `Bearer ${mock.tokens.admin}` } })
        const second = await fetch(`${url}/v1/orgs`, { headers: { authorization: `Bearer ${mock.tokens.admin}` } })
        return {
          advanced: after - before >= 2 * 86_400_000,
          id,
          statuses: [first.status, second.status],
          log: (await mock.requests.all()).map((r) => r.status),
        }
      }, server.url)
      expect(outcome).toEqual({ advanced: true, id: expect.any(Number), statuses: [503, 200], log: [503, 200] })
      expect(platform.requests.all().map((r) => r.status)).toEqual([503, 200])
    } finally {
      await page.close()
    }
  })
})
