import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PlainAnswer } from '../core.ts'

/** The inspector's files: plain HTML, CSS and JS modules, shipped as they are (no build step, no CDN). */
const ASSETS: Record<string, { file: string; type: string }> = {
  '/_docplat/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/_docplat/inspector.js': { file: 'inspector.js', type: 'text/javascript; charset=utf-8' },
  '/_docplat/inspector.css': { file: 'inspector.css', type: 'text/css; charset=utf-8' },
}

/**
 * Where the inspector's files are: beside this module in the sources (`mock/control/inspector/`), and
 * in the build `dist/inspector/`, above whichever chunk this code ended up in.
 */
function inspectorFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'inspector')
    if (existsSync(join(candidate, 'index.html'))) return candidate
    dir = dirname(dir)
  }
  throw new Error('The inspector files are missing from this installation of docplat')
}

/**
 * The inspector's page and its assets, read from disk on first request and kept: one per control
 * plane (no module-wide cache), so a server holds its files only while it lives.
 */
export class InspectorAssets {
  #folder: string | undefined
  readonly #files = new Map<string, string>()

  /** Answers GET/HEAD for the inspector's page and its assets; `undefined` for any other path. */
  async serve(pathname: string, method: string): Promise<PlainAnswer | undefined> {
    const asset = ASSETS[pathname]
    if (!asset || (method !== 'GET' && method !== 'HEAD')) return undefined
    let body = this.#files.get(asset.file)
    if (!body) {
      this.#folder ??= inspectorFolder()
      body = await readFile(join(this.#folder, asset.file), 'utf8')
      this.#files.set(asset.file, body)
    }
    return {
      status: 200,
      body: method === 'HEAD' ? null : body,
      headers: {
        'content-type': asset.type,
        'cache-control': 'no-cache',
        // The page talks only to this server and loads nothing from elsewhere.
        'content-security-policy': "default-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
      },
    }
  }
}
