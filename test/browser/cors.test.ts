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

/** Names under `evil.test` resolve to 127.0.0.1 in this browser: pages whose origin is not loopback, served here. */
const RESOLVE = '--host-resolver-rules=MAP *.evil.test 127.0.0.1'

beforeAll(async () => {
  app = await serveApp()
  browser = await launchChromium([RESOLVE])
}, 120_000)

/** The app's URL under another host name (same server, same port): another origin. */
const appOn = (host: string) => app.url.replace('127.0.0.1', host)

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
async function renameFromThePage(
  server: MockServer,
  platform: MockPlatform,
  origin = app.url,
): Promise<{ text: string; error: string | null }> {
  const page = await browser.newPage()
  try {
    await page.goto(`${origin}/?api=${encodeURIComponent(server.url)}&token=${platform.tokens.admin}`)
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

  it('lets a listed origin in besides loopback ones, and blocks others', async () => {
    const listed = appOn('app.evil.test')
    const { server, platform } = await serve({ cors: [listed] })
    expect((await renameFromThePage(server, platform, listed)).text).toMatch(/^Across origins/)
    // Listing an origin keeps the pages on loopback working.
    expect((await renameFromThePage(server, platform)).text).toMatch(/^Across origins/)
    const { error } = await renameFromThePage(server, platform, appOn('other.evil.test'))
    expect(error).toContain('Could not reach the API')
    expect(platform.requests.ofOperation('updateSpaceById').map((r) => r.status)).toEqual([200, 200])
  })

  it('blocks a page on an origin that is not loopback by default, and every page with CORS off', async () => {
    for (const [cors, origin] of [
      [undefined, appOn('app.evil.test')],
      [false, app.url],
    ] as const) {
      const { server, platform } = await serve(cors === undefined ? {} : { cors })
      const { error } = await renameFromThePage(server, platform, origin)
      expect(error).toContain('Could not reach the API')
      expect(platform.requests.ofOperation('updateSpaceById')).toEqual([])
    }
  })
})

/** What a page on `origin` gets from the control plane: the tokens, a state upload, a reset it cannot read. */
async function controlFromPage(origin: string, server: MockServer, state: string) {
  const page = await browser.newPage()
  try {
    await page.route('**/main.js', (route) => route.abort())
    await page.goto(origin)
    return await page.evaluate(
      async ({ url, state }) => {
        const outcome = (promise: Promise<Response>) =>
          promise.then(
            async (r) => ({ status: r.status, allow: r.headers.get('access-control-allow-origin'), text: await r.text() }),
            (error: Error) => ({ status: 0, allow: null, text: error.name }),
          )
        const tokens = await outcome(fetch(`${url}/_docplat/tokens`))
        const put = await outcome(
          fetch(`${url}/_docplat/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: state }),
        )
        // Sent without a preflight (no-cors, text/plain): the page cannot read the answer, but the request goes out.
        await fetch(`${url}/_docplat/reset`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{}' })
        return { tokens, put }
      },
      { url: server.url, state },
    )
  } finally {
    await page.close()
  }
}

describe('the control plane from pages in Chromium', () => {
  it('a page on an origin that is not loopback cannot read the tokens, replace the state or reset it', async () => {
    const { server, platform } = await serve({})
    await platform.builders.organization({ title: 'Kept by the developer' })
    const replacement = JSON.stringify(createMockPlatform({ scenario: 'empty' }).snapshot())
    const { tokens, put } = await controlFromPage(appOn('hostile.evil.test'), server, replacement)
    expect(tokens).toEqual({ status: 0, allow: null, text: 'TypeError' })
    expect(put).toEqual({ status: 0, allow: null, text: 'TypeError' })
    expect(JSON.stringify(platform.snapshot())).toContain('Kept by the developer')
  })

  it('a page on loopback, on another port, reads the tokens and replaces the state, answered for its origin (not *)', async () => {
    for (const origin of [app.url, app.url.replace('127.0.0.1', 'localhost')]) {
      const { server, platform } = await serve({})
      const other = createMockPlatform({ scenario: 'empty' })
      await other.builders.organization({ title: 'Uploaded from the page' })
      const { tokens, put } = await controlFromPage(origin, server, JSON.stringify(other.snapshot()))
      expect({ status: tokens.status, allow: tokens.allow, admin: tokens.text.includes(platform.tokens.admin!) }).toEqual({
        status: 200,
        allow: origin,
        admin: true,
      })
      expect([put.status, put.allow]).toEqual([204, origin])
      // The reset came last: the uploaded state was taken, then reset to the scenario's.
      expect(JSON.stringify(platform.snapshot())).not.toContain('Uploaded from the page')
    }
  })

  it('a page on a name rebound to 127.0.0.1 is refused (DNS rebinding), unless the host is allowed', async () => {
    const { server, platform } = await serve({})
    const rebound = server.url.replace('127.0.0.1', 'rebound.evil.test')
    const page = await browser.newPage()
    try {
      const inspector = await page.goto(`${rebound}/_docplat/`)
      expect(inspector?.status()).toBe(403)
      expect(await inspector?.text()).toContain('--allowed-host rebound.evil.test')
      // Same-origin for the browser: CORS has no say, only the Host header does.
      const tokens = await page.evaluate(async () => {
        const r = await fetch('/_docplat/tokens')
        return { status: r.status, text: await r.text() }
      })
      expect(tokens.status).toBe(403)
      expect(tokens.text).not.toContain(platform.tokens.admin!)
    } finally {
      await page.close()
    }
    const allowed = await serve({ allowedHosts: ['rebound.evil.test'] })
    const other = await browser.newPage()
    try {
      expect((await other.goto(`${allowed.server.url.replace('127.0.0.1', 'rebound.evil.test')}/_docplat/`))?.status()).toBe(200)
    } finally {
      await other.close()
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
