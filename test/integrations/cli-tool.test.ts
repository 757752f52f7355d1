import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { installCli } from './gitbook-cli.ts'
import { createClient } from '../../src/index.ts'

/**
 * The platform's own integration CLI (`@gitbook/cli` from npm) against the mock over real HTTP,
 * with the environment variables it reads for its endpoint and token. It is installed here, not
 * as a devDependency: its postinstall downloads a tunnel binary from GitHub (which `dev` needs and
 * these commands do not), and `npm ci` runs dependencies' install scripts, so a devDependency
 * would fail every install without internet. Installed once per version, without scripts, into
 * node_modules/.cache (reused by later runs).
 */
let CLI: string
const LOOPBACK_ONLY = fileURLToPath(new URL('./fixtures/loopback-only.cjs', import.meta.url))

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

let platform: MockPlatform
let server: MockServer
let work: string
let organization: string
let token: string
let userId: string

beforeAll(async () => {
  CLI = await installCli()
  platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Author Org' })
  const author = await platform.builders.user({ displayName: 'Ida Author', email: 'ida@example.com', organization: org.id, role: 'admin' })
  organization = org.id
  token = author.token
  userId = author.user.id
  server = await startMockServer({ platform, port: 0 })
  work = await mkdtemp(join(tmpdir(), 'docplat-cli-tool-'))
  // A first run installs the CLI from the registry; no limit a slower network could exceed.
}, 0)

afterAll(async () => {
  await server?.close()
  if (work) await rm(work, { recursive: true, force: true })
})

/** The environment of one run: no inherited token or endpoint, its own config folder, no colour. */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const key of ['PATH', 'SYSTEMROOT', 'TMPDIR', 'TEMP', 'TMP']) if (process.env[key] !== undefined) env[key] = process.env[key]
  return { ...env, HOME: work, XDG_CONFIG_HOME: join(work, 'config'), NO_COLOR: '1', CI: '1', ...extra }
}

/** Starts the CLI in `cwd`; `input` is written to its stdin (answers to its prompts). */
function start(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string } = {}) {
  const child = spawn(process.execPath, ['--require', LOOPBACK_ONLY, CLI, ...args], {
    cwd: options.cwd ?? work,
    env: environment(options.env ?? {}),
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  // Ended, as a terminal's would be at the end of a script: the CLI keeps running while its stdin is open.
  child.stdin.end(options.input ?? '')
  const exited = new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
  return { child, exited, output: () => stdout }
}

const run = (args: string[], options: Parameters<typeof start>[1] = {}) => start(args, options).exited

/** The token and endpoint as the CLI reads them from the environment. */
const withToken = () => ({ GITBOOK_TOKEN: token, GITBOOK_ENDPOINT: server.url })

/** The operations the mock answered, in order, with their status, since `from`. */
const answered = (from: number) =>
  platform.requests
    .all()
    .slice(from)
    .map((r) => `${r.operationId} ${r.status}`)

/** The stored integration of that name, if any. */
const integration = (name: string) => [...platform.db.integrations.all()].find((i) => i.name === name)

/** A project folder with a manifest and a script, as `gitbook new` makes one. */
async function project(name: string, manifest: string): Promise<string> {
  const dir = join(work, name)
  await rm(dir, { recursive: true, force: true })
  await mkdir(join(dir, 'src'), { recursive: true })
  await writeFile(join(dir, 'gitbook-manifest.yaml'), manifest)
  await writeFile(join(dir, 'src', 'index.ts'), 'export default { fetch: () => new Response("ok") }\n')
  return dir
}

const manifest = (name: string, title: string) => `name: ${name}
title: ${title}
description: Made offline
script: ./src/index.ts
scopes: []
visibility: private
organization: ORG
blocks:
  - id: metric
    title: Metric
    description: Shows a number
`

// Each run starts a 1.3 MB CommonJS bundle that loads miniflare: seconds apiece on a busy machine.
// The limit is a ceiling for a hung CLI, not a measure: every wait is on the process's own events.
describe('the platform CLI (@gitbook/cli) against the mock', { timeout: 240_000 }, () => {
  it('auth stores the endpoint and token after reading the current user; whoami prints the user', async () => {
    const from = platform.requests.all().length
    const auth = await run(['auth', '--token', token, '--endpoint', server.url])
    expect(auth.stderr).toBe('')
    expect(auth.code).toBe(0)
    expect(auth.stdout).toBe(`Authenticating with ${server.url}...\nYou are now authenticated as Ida Author.\n`)
    // whoami from the stored configuration: no token in the environment.
    const whoami = await run(['whoami'])
    expect(whoami.code).toBe(0)
    expect(whoami.stdout).toBe(`Authenticated as Ida Author\nID: ${userId}\nEmail: ida@example.com\nAPI: ${server.url}\n`)
    expect(answered(from)).toEqual(['getAuthenticatedUser 200', 'getAuthenticatedUser 200'])
    // The secret stays out of what the CLI prints.
    expect(auth.stdout + whoami.stdout).not.toContain(token)
  })

  it('auth with a token the platform does not know fails and stores nothing', async () => {
    const elsewhere = { XDG_CONFIG_HOME: join(work, 'other') }
    const from = platform.requests.all().length
    const bad = await run(['auth', '--token', 'not-a-token', '--endpoint', server.url], { env: elsewhere })
    expect(bad.code).not.toBe(0)
    expect(bad.stdout).not.toContain('You are now authenticated')
    expect(answered(from)).toEqual(['getAuthenticatedUser 401'])
    const whoami = await run(['whoami'], { env: elsewhere })
    expect(whoami.code).not.toBe(0)
    expect(whoami.stderr).toContain('You must be authenticated')
    // The guard this file runs the CLI under: a host other than loopback (here the CLI's default
    // endpoint) does not resolve, so a command reaching for the internet fails instead of leaving.
    const before = platform.requests.all().length
    const online = await run(['whoami'], { env: { ...elsewhere, GITBOOK_TOKEN: token } })
    expect(online.code).not.toBe(0)
    expect(online.stderr).toBe('fetch failed\n')
    expect(answered(before)).toEqual([])
  })

  it('publish sends the version (runtime v2), tail prints its events, unpublish removes it', async () => {
    const dir = await project('hello', manifest('hello-offline', 'Hello Offline').replace('ORG', organization))
    const from = platform.requests.all().length
    const published = await run(['publish'], { cwd: dir, env: withToken() })
    expect(published.stderr).toBe('')
    expect(published.code).toBe(0)
    expect(published.stdout).toContain('Integration "hello-offline" published')
    expect(published.stdout).toContain(`https://app.docplat.dev/`)
    expect(answered(from)).toEqual(['publishIntegration 200'])
    const stored = integration('hello-offline')!
    expect(stored).toMatchObject({ runtime: 'v2', title: 'Hello Offline', version: 1, visibility: 'private', organization })
    expect(stored.blocks.map((b) => b.id)).toEqual(['metric'])

    // A second publish is a new version.
    expect((await run(['publish'], { cwd: dir, env: withToken() })).code).toBe(0)
    expect(integration('hello-offline')!.version).toBe(2)

    // tail polls the integration's events and prints each with its trace, until interrupted.
    await platform.builders.installation({ integration: 'hello-offline', organization })
    const tail = start(['tail'], { cwd: dir, env: withToken() })
    const printed = await until(tail, (out) => out.includes('[info] Dispatched to the integration runtime v2'))
    tail.child.kill('SIGINT')
    const tailed = await tail.exited
    expect(tailed.code).toBe(0)
    expect(printed).toMatch(/\[success\]\[\d{4}-\d\d-\d\dT[^\]]+\] \{.*"type":"installation_setup".*\}/)

    // unpublish asks first; "no" changes nothing, "yes" removes the integration.
    const kept = await run(['unpublish', 'hello-offline'], { env: withToken(), input: 'n\n' })
    expect(kept.code).toBe(0)
    expect(integration('hello-offline') !== undefined).toBe(true)
    const removed = await run(['unpublish', 'hello-offline'], { env: withToken(), input: 'y\n' })
    expect(removed.code).toBe(0)
    expect(removed.stdout).toContain('Integration "hello-offline" has been deleted')
    expect(integration('hello-offline') !== undefined).toBe(false)
  })

  it('openapi publish takes a URL, a JSON file and a YAML file', async () => {
    const yaml =
      'openapi: 3.0.3\ninfo:\n  title: Orders\n  version: 1.0.0\npaths:\n  /orders:\n    get:\n      responses:\n        "200":\n          description: ok\n'
    const json = JSON.stringify({ openapi: '3.1.0', info: { title: 'Orders', version: '2.0.0' }, paths: {} })
    await writeFile(join(work, 'orders.yaml'), yaml)
    await writeFile(join(work, 'orders.json'), json)
    const from = platform.requests.all().length
    for (const [slug, source] of [
      ['from-url', 'https://orders.example.com/openapi.json'],
      ['from-json', 'orders.json'],
      ['from-yaml', './orders.yaml'],
    ] as const) {
      const published = await run(['openapi', 'publish', source, '--spec', slug, '--organization', organization], { env: withToken() })
      expect(published.stderr).toBe('')
      expect(published.code).toBe(0)
      expect(published.stdout).toBe(
        `OpenAPI specification "${slug}" published to https://app.docplat.dev/o/${organization}/openapi/${slug}\n`,
      )
    }
    expect(answered(from)).toEqual([
      'createOrUpdateOpenAPISpecBySlug 201',
      'createOrUpdateOpenAPISpecBySlug 201',
      'createOrUpdateOpenAPISpecBySlug 201',
    ])
    // Read through the API, whose requests run the clock's processing.
    const client = createClient({ token, baseUrl: server.url, retry: 0 })
    const get = (specSlug: string) => client.orgs.openapi.get({ organizationId: organization, specSlug })
    platform.clock.advance('10s')
    for (const slug of ['from-url', 'from-json', 'from-yaml']) {
      const spec = await get(slug)
      expect([slug, spec.processingState, spec.lastProcessErrorCode]).toEqual([slug, 'complete', undefined])
    }
    expect((await get('from-url')).sourceURL).toBe('https://orders.example.com/openapi.json')
    expect(await get('from-yaml')).not.toHaveProperty('sourceURL')
    // Published again from the file: an update (200) of the same content keeps its version.
    const version = (await get('from-yaml')).lastVersion
    const again = platform.requests.all().length
    expect(
      (await run(['openapi', 'publish', 'orders.yaml', '--spec', 'from-yaml', '--organization', organization], { env: withToken() })).code,
    ).toBe(0)
    expect(answered(again)).toEqual(['createOrUpdateOpenAPISpecBySlug 200'])
    platform.clock.advance('10s')
    expect((await get('from-yaml')).lastVersion).toBe(version)
  })
})

/** Resolves with the output once it satisfies `done` (the process keeps running), or fails when the process exits first. */
function until(process: ReturnType<typeof start>, done: (output: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (done(process.output())) {
        process.child.stdout.off('data', check)
        resolve(process.output())
      }
    }
    process.child.stdout.on('data', check)
    check()
    void process.exited.then((r) =>
      reject(new Error(`the CLI exited (${r.code}) before printing what was expected:\n${r.stdout}\n${r.stderr}`)),
    )
  })
}
