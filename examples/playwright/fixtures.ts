// The fixture: every test gets its own platform on the shared server (created before the test,
// ended after it) and its own browser page. Tests in parallel workers can then write the same
// titles, delete the same spaces and move their clocks without ever seeing each other.
import { connectMockServer, type NewPlatformOptions, type RemoteHostedPlatform } from 'docplat/mock'
import { chromium, type Browser, type Page } from 'playwright-core'
import { test as base, inject } from 'vitest'

export interface PlatformFixtures {
  /** What each test's platform is created with; `test.override({ platformOptions })` in a `describe` changes it. */
  platformOptions: NewPlatformOptions
  /** The shared browser, connected once per worker. */
  browser: Browser
  /** This test's own platform: `mock.baseUrl` for the app, `mock.tokens`, the control API. */
  mock: RemoteHostedPlatform
  /** A fresh page in the shared browser. */
  page: Page
  /** Opens the app against this test's platform, as `token`'s user. */
  open: (token: string) => Promise<void>
}

export const test = base.extend<PlatformFixtures>({
  browser: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixtures a fixture uses from its first parameter
    async ({}, use) => {
      const browser = await chromium.connect(inject('browserEndpoint'))
      await use(browser)
      await browser.close()
    },
    { scope: 'worker' },
  ],
  platformOptions: { scenario: 'demo' },
  mock: async ({ platformOptions }, use) => {
    const server = await connectMockServer(inject('mockUrl'))
    const platform = await server.platforms.create(platformOptions)
    await use(platform)
    await platform.end()
  },
  page: async ({ browser }, use) => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 600 } })
    await use(await context.newPage())
    await context.close()
  },
  open: async ({ mock, page }, use) => {
    // The only thing that changes for the app: its API base URL (and the token of this platform).
    await use(async (token) => {
      await page.goto(`${inject('appUrl')}/?api=${encodeURIComponent(mock.baseUrl)}&token=${token}`)
      await page.locator('body[data-ready="true"], #error:not([hidden])').first().waitFor()
    })
  },
})

export { expect } from 'vitest'
