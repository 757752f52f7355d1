// Once for the whole run, before any worker starts: ONE mock server and ONE browser, shared by
// every worker. Each test then gets its own platform on that server (fixtures.ts), so parallel
// workers never see each other's writes.
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { chromiumExecutable, serveApp, startMockCli } from './support.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The mock server's URL, as `docplat-mock serve` printed it. */
    mockUrl: string
    /** The app's URL (another origin than the API). */
    appUrl: string
    /** Where workers connect to the shared Chromium. */
    browserEndpoint: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cli = await startMockCli()
  const app = await serveApp()
  // The Chromium of CHROMIUM_PATH, or the one `npx playwright install chromium` downloaded.
  const browser = await chromium.launchServer({
    ...chromiumExecutable(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  project.provide('mockUrl', cli.url)
  project.provide('appUrl', app.url)
  project.provide('browserEndpoint', browser.wsEndpoint())
  return async () => {
    await browser.close()
    await app.close()
    await cli.stop()
  }
}
