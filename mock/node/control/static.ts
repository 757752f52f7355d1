import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The inspector's files: plain HTML, CSS and JS modules, shipped as they are (no build step, no CDN). */
const ASSETS: Record<string, { file: string; type: string }> = {
  '/_docplat/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/_docplat/inspector.js': { file: 'inspector.js', type: 'text/javascript; charset=utf-8' },
  '/_docplat/inspector.css': { file: 'inspector.css', type: 'text/css; charset=utf-8' },
}

let folder: string | undefined

/**
 * Where the inspector's files are: beside this module in the sources (`control/inspector/`), and
 * in the build `dist/inspector/`, above whichever chunk this code ended up in.
 */
function inspectorFolder(): string {
  if (folder) return folder
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'inspector')
    if (existsSync(join(candidate, 'index.html'))) return (folder = candidate)
    dir = dirname(dir)
  }
  throw new Error('The inspector files are missing from this installation of docplat')
}

const cache = new Map<string, Uint8Array>()

/** Answers GET/HEAD for the inspector's page and its assets; `undefined` for any other path. */
export async function serveAsset(pathname: string, method: string): Promise<Response | undefined> {
  const asset = ASSETS[pathname]
  if (!asset || (method !== 'GET' && method !== 'HEAD')) return undefined
  let body = cache.get(asset.file)
  if (!body) {
    body = new Uint8Array(await readFile(join(inspectorFolder(), asset.file)))
    cache.set(asset.file, body)
  }
  return new Response(method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
    status: 200,
    headers: {
      'content-type': asset.type,
      'cache-control': 'no-cache',
      // The page talks only to this server and loads nothing from elsewhere.
      'content-security-policy': "default-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
    },
  })
}
