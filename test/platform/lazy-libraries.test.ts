import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import { buildRequest, demoPathValues } from '../reliability/requests.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

// A child process that records which packages it loads: importing the mock and answering a first
// request loads none of the libraries loaded on first need; a search loads the two it needs.
const child = `
import { registerHooks } from 'node:module'
const packages = new Set()
const libraries = new Set()
registerHooks({
  load(url, context, next) {
    const pkg = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(url)?.[1]
    if (pkg) packages.add(pkg)
    // Each library is one module: the markdown engine's mock/markdown/markdown.ts, the others under mock/tables/libraries/.
    const library = /mock\\/(?:tables\\/libraries\\/(\\w+)|markdown\\/(markdown))\\.ts$/.exec(url)?.slice(1).find(Boolean)
    if (library) libraries.add(library)
    return next(url, context)
  },
})
const heavy = ['micromark', 'mdast-util-from-markdown', 'markdown-it', 'minisearch', 'jose', 'lz-string']
const loaded = () => ({ libraries: [...libraries].sort(), heavy: heavy.filter((name) => packages.has(name)) })
const { createMockPlatform } = await import('./mock/index.ts')
const { createClient } = await import('./src/index.ts')
const platform = createMockPlatform({ scenario: 'demo' })
const client = createClient({ token: platform.tokens.admin, fetch: platform.fetch })
const { items: [org] } = await client.orgs.list()
const first = loaded()
const { items } = await client.orgs.search({ organizationId: org.id, query: 'space' })
console.log(JSON.stringify({ first, afterSearch: loaded().libraries, found: items.length > 0 }))
`

describe('libraries loaded on first need', () => {
  it('are not loaded with the mock or for a first answer that needs none; a search loads its own', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', child], { cwd: ROOT })
    expect(JSON.parse(stdout)).toEqual({ first: { libraries: [], heavy: [] }, afterSearch: ['markdown', 'search'], found: true })
  })

  it('are declared for every read: each GET, as the first request of a fresh platform, answers without an internal error', async () => {
    const gets = (Object.values(operations) as OperationDef[]).filter((op) => op.method === 'GET')
    const failures: string[] = []
    for (const op of gets) {
      const platform = createMockPlatform({ scenario: 'demo' })
      await platform.ready
      const query: Array<[string, string]> = op.query && 'query' in op.query._zod.def.shape ? [['query', 'space']] : []
      const response = await platform.fetch(buildRequest(platform, op, platform.tokens.admin, demoPathValues(platform), query))
      if (response.status >= 500) failures.push(`${op.id} ${response.status} ${await response.text()}`)
      else await response.body?.cancel()
    }
    expect(gets.length).toBeGreaterThan(50)
    expect(failures).toEqual([])
  })
})
