import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** MSW's worker script, as `npx msw init` would copy it. */
export const WORKER_SCRIPT = join(ROOT, 'node_modules/msw/lib/mockServiceWorker.js')

/**
 * The Chromium the browser tests drive through playwright-core (which downloads no browser of its
 * own): `CHROMIUM_PATH` when set, else Debian's `/usr/bin/chromium` when installed, else the one
 * `npm install` brings in `@sparticuz/chromium` (compressed; unpacked into the temp folder on first
 * use). `CHROMIUM_PATH=bundled` picks that one even when a system Chromium exists.
 */
export async function chromiumPath(): Promise<string> {
  const wanted = process.env.CHROMIUM_PATH
  if (wanted !== undefined && wanted !== '' && wanted !== 'bundled') {
    if (!existsSync(wanted)) throw new Error(`CHROMIUM_PATH=${wanted}: no such file`)
    return wanted
  }
  if (wanted !== 'bundled' && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  const { default: bundled } = await import('@sparticuz/chromium')
  return bundled.executablePath()
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** A static file server on 127.0.0.1 (a secure context, so service workers may register). */
export interface StaticServer {
  readonly url: string
  close(): Promise<void>
}

/** Serves a built folder; `/` and folders serve their `index.html`. */
export async function serveStatic(dir: string): Promise<StaticServer> {
  const root = normalize(dir + sep)
  const server: Server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    let file = normalize(join(root, pathname))
    if (!file.startsWith(root)) return void res.writeHead(403).end()
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html')
      const body = await readFile(file)
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
      res.end(body)
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    }
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Launches Chromium headless (see {@link chromiumPath}). The background-networking flags matter
 * here: this machine's network is closed, and Chromium's own update and sync traffic would
 * otherwise stall on refused connections. `extraArgs` are added to its command line (host resolver
 * rules, to give a page an origin that is not loopback).
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  })
  // Playwright's actions and waits give up after 30 s by default: a ceiling a loaded machine can
  // reach while the page is fine. Its pages wait without one; the test's own timeout is the bound.
  const newPage = browser.newPage.bind(browser)
  browser.newPage = async (options) => {
    const page = await newPage(options)
    page.setDefaultTimeout(0)
    return page
  }
  return browser
}
