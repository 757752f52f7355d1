// What the example needs around the app: the mock server (the CLI, in its own process, as in a
// real end-to-end setup) and the app built and served on another port. global-setup.ts starts both.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** A started `docplat-mock serve --port 0`: its URL, and how to stop it. */
export interface MockCli {
  url: string
  stop(): Promise<void>
}

/**
 * Starts `docplat-mock serve` and reads its URL from the first line it prints. In your project
 * the command is `npx docplat-mock serve --port 0 --quiet`; here it runs from the sources.
 */
export function startMockCli(): Promise<MockCli> {
  const child: ChildProcess = spawn(process.execPath, [here('../../mock/node/cli.ts'), 'serve', '--port', '0', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`docplat-mock exited with ${code}: ${out}`)))
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1]
      if (url && out.includes('Press Ctrl+C')) {
        child.removeAllListeners('exit')
        resolve({
          url,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done())
              child.kill('SIGTERM')
            }),
        })
      }
    })
  })
}

/** The app, bundled (as your dev server would) and served on its own port: another origin than the API. */
export async function serveApp(): Promise<{ url: string; close(): Promise<void> }> {
  const bundle = await build({
    entryPoints: [here('app/main.ts')],
    bundle: true,
    format: 'esm',
    write: false,
    platform: 'browser',
    // Only inside the docplat repository: `docplat` is the sources. Installed, it needs no alias.
    alias: { docplat: here('../../src/index.ts') },
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
