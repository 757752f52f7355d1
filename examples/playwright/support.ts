// What the example needs around the app: the mock server (the CLI, in its own process, as in a
// real end-to-end setup), the app built and served on another port, and where Chromium is.
// global-setup.ts starts them.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Inside the docplat repository (its package.json two folders up), not in your project. */
function insideDocplatRepository(): boolean {
  try {
    return JSON.parse(readFileSync(here('../../package.json'), 'utf8')).name === 'docplat'
  } catch {
    return false
  }
}

/** A started `docplat-mock serve --port 0`: its URL, and how to stop it. */
export interface MockCli {
  url: string
  stop(): Promise<void>
}

/**
 * Starts `npx docplat-mock serve --port 0 --quiet` and reads its URL from the first line it
 * prints. Inside the docplat repository it runs the sources instead.
 */
export function startMockCli(): Promise<MockCli> {
  const args = ['serve', '--port', '0', '--quiet']
  const child: ChildProcess = insideDocplatRepository()
    ? spawn(process.execPath, [here('../../mock/node/cli.ts'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn('npx', ['docplat-mock', ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  return new Promise((resolve, reject) => {
    child.once('close', (code) => reject(new Error(`docplat-mock exited with ${code}: ${out}`)))
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1]
      if (url && out.includes('Press Ctrl+C')) {
        child.removeAllListeners('close')
        resolve({
          url,
          // SIGTERM to npx: npm exits, and the server, seeing npm gone, stops after it. 'close'
          // (not 'exit') comes once the server, the last holder of the pipe, is gone too.
          stop: () =>
            new Promise<void>((done) => {
              child.once('close', () => done())
              child.kill('SIGTERM')
            }),
        })
      }
    })
  })
}

/**
 * Where Chromium is, for `chromium.launch({ executablePath })`: `CHROMIUM_PATH` when set (a
 * Chromium or Chrome the machine has: `/usr/bin/chromium`, `/usr/bin/google-chrome`...), else
 * nothing, and Playwright uses the browser `npx playwright install chromium` downloaded.
 */
export function chromiumExecutable(): { executablePath?: string } {
  const path = process.env.CHROMIUM_PATH
  if (path === undefined || path === '') return {}
  if (!existsSync(path)) throw new Error(`CHROMIUM_PATH=${path}: no such file`)
  return { executablePath: path }
}

/** The app, bundled (as your dev server would) and served on its own port: another origin than the API. */
export async function serveApp(): Promise<{ url: string; close(): Promise<void> }> {
  const bundle = await build({
    entryPoints: [here('app/main.ts')],
    bundle: true,
    format: 'esm',
    write: false,
    platform: 'browser',
    // Inside the docplat repository `docplat` is the sources; installed, it needs no alias.
    ...(insideDocplatRepository() ? { alias: { docplat: here('../../src/index.ts') } } : {}),
    logLevel: 'warning',
  })
  const files: Record<string, { type: string; body: string | Uint8Array }> = {
    '/': { type: 'text/html; charset=utf-8', body: await readFile(here('app/index.html'), 'utf8') },
    '/main.js': { type: 'text/javascript; charset=utf-8', body: bundle.outputFiles[0]!.contents },
  }
  const server: Server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname]
    if (!file) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': file.type }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
