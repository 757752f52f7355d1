import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pkg from '../../package.json' with { type: 'json' }
import { launchChromium, ROOT, serveStatic, WORKER_SCRIPT, type StaticServer } from './support.ts'

// The Storybook example must keep building and its stories must keep passing in a real browser,
// so it cannot rot silently: build it as `npm run storybook:build` does, then each story's play
// function runs in Chromium against the mock behind the service worker.
let out: string
let server: StaticServer
let browser: Browser

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'docplat-storybook-'))
  // The package's own script, so the test builds what `npm run storybook:build` builds, into a
  // temp folder instead of its output folder.
  const [command, ...args] = pkg.scripts['storybook:build'].split(/\s+/)
  expect(command).toBe('storybook')
  const output = args.indexOf('-o') + 1
  expect(output).toBeGreaterThan(0)
  args[output] = out
  await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/storybook/dist/bin/dispatcher.js'), ...args, '--quiet'], {
    cwd: ROOT,
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', CI: 'true' },
  })
  server = await serveStatic(out)
  browser = await launchChromium()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (out) await rm(out, { recursive: true, force: true })
})

/** Opens one story alone (Storybook's iframe), as the Storybook UI does. */
async function openStory(id: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 700, height: 360 } })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  // Failed loads are reported as responses below (a 403 from the mock is expected in a story).
  page.on(
    'console',
    (message) => void (message.type() === 'error' && !message.text().startsWith('Failed to load resource') && errors.push(message.text())),
  )
  page.on(
    'response',
    (response) => void (response.status() === 404 && !response.url().endsWith('/favicon.ico') && errors.push(`404 ${response.url()}`)),
  )
  await page.goto(`${server.url}/iframe.html?id=${id}&viewMode=story`)
  return { page, errors }
}

describe('examples/storybook', () => {
  it('builds, with the committed worker script matching the installed msw', async () => {
    const files = await readdir(out)
    expect(files).toEqual(expect.arrayContaining(['index.html', 'iframe.html', 'index.json', 'mockServiceWorker.js']))
    const index = JSON.parse(await readFile(join(out, 'index.json'), 'utf8')) as {
      entries: Record<string, { title: string; name: string }>
    }
    expect(Object.keys(index.entries).sort()).toEqual(['spaces-space-editor--read-only-member', 'spaces-space-editor--rename'])
    // A stale copy makes MSW complain in every story: refresh it with `npx msw init examples/storybook/public`.
    expect(await readFile(join(ROOT, 'examples/storybook/public/mockServiceWorker.js'), 'utf8')).toBe(await readFile(WORKER_SCRIPT, 'utf8'))
  })

  it('Rename: the title read back from the mock after renaming', async () => {
    const { page, errors } = await openStory('spaces-space-editor--rename')
    await page.getByRole('heading', { name: 'New title' }).waitFor()
    expect(await page.getByRole('status').textContent()).toBe('Saved')
    await page.screenshot({ path: join(ROOT, 'test-results/storybook-rename.png') })
    expect(errors).toEqual([])
    await page.close()
  })

  it('ReadOnlyMember: the 403 shown, the title unchanged', async () => {
    const { page, errors } = await openStory('spaces-space-editor--read-only-member')
    await page.getByText('You may not rename this space.').waitFor()
    expect(await page.getByRole('heading').textContent()).toBe('Getting Started')
    // The console carries the SDK's PermissionDeniedError only if the story let it escape.
    expect(errors).toEqual([])
    await page.close()
  })
})
