import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { installCli } from './gitbook-cli.ts'
import { createClient, type Client } from '../../src/index.ts'
import { matchesLines, outputBlocks } from '../docs/blocks.ts'
import { eventsOf } from './support.ts'

/**
 * The proof of the offline loop: a folder holding only an integration's source, written with
 * `@gitbook/runtime`'s `createIntegration`, run by `docplat-mock dev` (this package's CLI, from
 * its source entry) against a `docplat-mock serve` server, and read back with the platform's own
 * `gitbook tail` (`@gitbook/cli` from npm, installed without scripts as cli-tool.test.ts does).
 * Every wait is on output or an event, never on time.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const LOOPBACK_ONLY = fileURLToPath(new URL('./fixtures/loopback-only.cjs', import.meta.url))
const NAME = 'counter-block'

const MANIFEST = (organization: string) => `name: ${NAME}
title: Dev Loop Counter
description: A counter block, run offline
script: ./src/index.tsx
scopes: []
visibility: private
organization: ${organization}
blocks:
  - id: counter
    title: Counter
configurations:
  account:
    properties:
      greeted:
        type: boolean
        title: Greeted
`

/**
 * The integration: a block whose action increments its state, an installation handler that
 * reads its installation and writes its configuration back, and a task handler. Each handler
 * logs with `console`, which `dev` prints.
 */
const SOURCE = (label: string) => `import { createComponent, createIntegration } from '@gitbook/runtime'

async function verified(request: Request, secret: string): Promise<boolean> {
  const given = request.headers.get('x-gitbook-integration-signature') ?? ''
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(await request.clone().text()))
  return given === Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('')
}

const counter = createComponent<{ step: number }, { count: number }, { action: 'increment' }>({
  componentId: 'counter',
  initialState: { count: 0 },
  async action(element, action) {
    if (action.action !== 'increment') return {}
    return { state: { count: element.state.count + element.props.step } }
  },
  async render(element) {
    return <block><text>{'${label}: ' + element.state.count}</text></block>
  },
})

const integration = createIntegration({
  components: [counter],
  events: {
    installation_setup: async (event, context) => {
      const api = context.api.integrations
      const { data } = await api.getIntegrationInstallationById(context.environment.integration.name, event.installationId)
      // A configuration update is delivered as installation_setup again: write it once.
      if (data.configuration?.greeted) return
      await api.updateIntegrationInstallation(context.environment.integration.name, data.id, { configuration: { greeted: true } })
      console.log('installation ' + data.id + ' set up')
    },
  },
  task: async (task) => {
    console.log('task ' + JSON.stringify(task))
  },
})

export default {
  async fetch(request: Request, env: unknown, ctx: never): Promise<Response> {
    const environment = JSON.parse(String((await request.clone().formData()).get('environment')))
    if (!(await verified(request, environment.signingSecrets.integration))) return new Response('Invalid signature', { status: 401 })
    return integration.fetch(request, env, ctx)
  },
}
`

let CLI: string
let platform: MockPlatform
let server: MockServer
let client: Client
let work: string
let project: string
let token: string
let organization: string
let dev: ReturnType<typeof start>
let authOutput: string

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** A process whose output is kept, to wait on. */
function start(command: string[], options: { cwd: string; env?: Record<string, string> }) {
  const env: NodeJS.ProcessEnv = {}
  for (const key of ['PATH', 'SYSTEMROOT', 'TMPDIR', 'TEMP', 'TMP']) if (process.env[key] !== undefined) env[key] = process.env[key]
  const child = spawn(process.execPath, command, {
    cwd: options.cwd,
    env: { ...env, HOME: work, XDG_CONFIG_HOME: join(work, 'config'), NO_COLOR: '1', CI: '1', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const waiters = new Set<() => void>()
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    for (const waiter of waiters) waiter()
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  child.stdin.end('')
  const exited = new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
  /** Resolves with the output once `done` holds for it; rejects if the process exits first. */
  const until = (done: (output: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (!done(stdout)) return
        waiters.delete(check)
        resolve(stdout)
      }
      waiters.add(check)
      check()
      void exited.then((r) => reject(new Error(`exited (${r.code}) before the expected output:\n${r.stdout}\n${r.stderr}`)))
    })
  return { child, exited, until, output: () => stdout }
}

/** docs/integrations.md's output blocks, in order: auth, dev's start, deliveries, tail. */
const GUIDE = outputBlocks('docs/integrations.md').map((block) => block.text.split('\n'))

/** Whether `documented` lines appear among `printed`, in order, each matching as the docs test matches (`…` is any text). */
function inOrder(documented: readonly string[], printed: readonly string[]): boolean {
  let at = 0
  for (const line of printed) if (at < documented.length && matchesLines([documented[at]!], [line])) at++
  return at === documented.length
}

/** The number of lines of the dev loop's output that satisfy `line`. */
const count = (output: string, line: RegExp) => output.split('\n').filter((l) => line.test(l)).length

/** Posts to the API as the author (for operations whose SDK method is not assumed here). */
async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return { status: response.status, body: response.status === 204 ? undefined : await response.json() }
}

/**
 * What `gitbook tail` prints for the newest event of that type: it polls the two newest events,
 * printing each with its trace, until interrupted.
 */
async function tailed(type: string): Promise<string> {
  const tail = start(['--require', LOOPBACK_ONLY, CLI, 'tail'], {
    cwd: project,
    env: { GITBOOK_TOKEN: token, GITBOOK_ENDPOINT: server.url },
  })
  // The event's line and its trace up to the delivery's own line, whole: tail prints them with
  // separate writes, the code's own log lines first.
  const entry = new RegExp(`"type":"${type}".*\\n(?:\\[\\w+\\] .*\\n)*?(?:\\[\\w+\\] Delivered to |No logs).*\\n`)
  const printed = await tail.until((out) => entry.test(out))
  tail.child.kill('SIGINT')
  expect((await tail.exited).code).toBe(0)
  return printed
}

beforeAll(async () => {
  CLI = await installCli()
  platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Counter Studio' })
  const author = await platform.builders.user({ displayName: 'Ada Author', organization: org.id, role: 'admin' })
  organization = org.id
  token = author.token
  server = await startMockServer({ platform, port: 0 })
  client = createClient({ baseUrl: server.url, token, retry: 0 })
  // A fresh folder with only the integration, and the runtime library as `npm install` would put it.
  work = await mkdtemp(join(tmpdir(), 'docplat-dev-loop-'))
  project = join(work, NAME)
  await mkdir(join(project, 'src'), { recursive: true })
  await mkdir(join(project, 'node_modules', '@gitbook'), { recursive: true })
  await symlink(join(ROOT, 'node_modules', '@gitbook', 'runtime'), join(project, 'node_modules', '@gitbook', 'runtime'), 'junction')
  await writeFile(join(project, 'gitbook-manifest.yaml'), MANIFEST(organization))
  await writeFile(join(project, 'src', 'index.tsx'), SOURCE('Count'))
  // As the guide goes: the platform's CLI stores the endpoint and token, and dev reads them.
  const auth = start(['--require', LOOPBACK_ONLY, CLI, 'auth', '--endpoint', server.url, '--token', token], { cwd: work })
  authOutput = (await auth.exited).stdout
  dev = start([join(ROOT, 'mock/node/cli.ts'), 'dev'], { cwd: project })
  await dev.until((out) => out.includes('Watching for changes.'))
}, 0)

afterAll(async () => {
  if (dev && dev.child.exitCode === null) {
    dev.child.kill('SIGINT')
    await dev.exited
  }
  await server?.close()
  if (work) await rm(work, { recursive: true, force: true })
})

// A first run of the worker runtime and the CLI takes seconds apiece on a busy machine: the limit
// is a ceiling for a hung process, every wait is on output.
describe('docplat-mock dev: an integration from an empty folder, offline', { timeout: 300_000 }, () => {
  it('publishes the integration and points development mode at the code it serves, printing no secret', async () => {
    const out = dev.output()
    expect(authOutput.replace(/\n$/, '').split('\n')).toEqual(GUIDE[0]!.map((line) => line.replace('127.0.0.1:…', server.url.slice(7))))
    expect(matchesLines(GUIDE[1]!, out.replace(/\n$/, '').split('\n'))).toBe(true)
    expect(out).toContain(`Published ${NAME} to ${server.url}`)
    const development = await (await import('../../mock/remote/connect.ts')).connectMockServer(server.url)
    const state = await development.integrations.development(NAME)
    expect(state.enabled).toBe(true)
    expect(out).toContain(`Development mode on for ${NAME}: events and renders run the code at ${state.enabled && state.tunnelUrl}`)
    const record = platform.db.integrations.findMany((q) => q.where({ name: NAME }))[0]!
    expect(record.runtime).toBe('v2')
    expect(out).not.toContain(token)
    expect(out).not.toContain(record.signingSecret!)
  })

  // Needs getIntegrationInstallationById and updateIntegrationInstallation (the integration-scoped operations).
  it('delivers a signature-verified installation_setup whose handler reads and updates its installation', async () => {
    const installation = await client.integrations.installations.create({ integrationName: NAME, organization })
    // The handler's configuration update is delivered as a second installation_setup, as the platform does.
    const printed = await dev.until((out) => count(out, /^installation_setup (ok|failed) \d+ in \d+ ms$/) >= 2)
    await platform.integrations.settled()
    expect(count(printed, /^installation_setup ok 200 in \d+ ms$/)).toBe(2)
    expect(printed).toContain(`[${NAME}] installation ${installation.id} set up`)
    const [event] = await eventsOf(client, NAME)
    expect(event).toMatchObject({ status: 'success', payload: { type: 'installation_setup', installationId: installation.id } })
    const callBacks = platform.requests
      .all()
      .filter((r) => r.client?.startsWith(`integration-${NAME}`))
      .map((r) => `${r.operationId} ${r.status}`)
    // The second delivery's read may be logged before the update that caused it finishes answering.
    expect(callBacks[0]).toBe('getIntegrationInstallationById 200')
    expect(callBacks.toSorted()).toEqual([
      'getIntegrationInstallationById 200',
      'getIntegrationInstallationById 200',
      'updateIntegrationInstallation 200',
    ])
    expect((await api('GET', `/integrations/${NAME}/installations/${installation.id}`)).body.configuration).toEqual({ greeted: true })
    const tail = (await tailed('installation_setup')).split('\n')
    expect(inOrder(GUIDE[3]!, tail)).toBe(true)
  })

  it('gitbook tail reads the installation_setup delivery with its outcome and trace', async () => {
    await platform.integrations.settled()
    const event = (await eventsOf(client, NAME)).find((e) => e.payload?.type === 'installation_setup')!
    const printed = await tailed('installation_setup')
    const line = printed.split('\n').find((l) => l.includes('"type":"installation_setup"'))
    expect(line).toMatch(
      new RegExp(`^\\[${event.status}\\]\\[\\d{4}-\\d\\d-\\d\\dT[^\\]]+\\] \\{.*"installationId":"${event.payload?.installationId}"`),
    )
    expect(printed, printed).toContain('[info] ')
    expect(printed).not.toContain(token)
  })

  it('renders the block with the code it serves', async () => {
    const before = count(dev.output(), /^render counter ok 200 in \d+ ms$/)
    const rendered = await client.integrations.render({
      integrationName: NAME,
      componentId: 'counter',
      props: { step: 2 },
      state: { count: 1 },
    })
    expect(rendered.element).toEqual({ type: 'block', children: [{ type: 'text', children: ['Count: 1'] }] })
    await dev.until((out) => count(out, /^render counter ok 200 in \d+ ms$/) === before + 1)
  })

  // Needs render `action` (delivered with the render, its new state returned).
  it("runs the block's action and answers its new state", async () => {
    const answer = await api('POST', `/integrations/${NAME}/render`, {
      componentId: 'counter',
      props: { step: 2 },
      state: { count: 1 },
      action: { action: 'increment' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      state: { count: 3 },
      element: { type: 'block', children: [{ type: 'text', children: ['Count: 3'] }] },
    })
  })

  it('rebuilds when the source changes: the next render runs the new code, without a restart', async () => {
    const rebuilt = count(dev.output(), /^Rebuilt in \d+ ms$/)
    // Written beside the watched folder and moved in whole, as editors save: a write in place is a
    // truncation then the text, two changes a loaded machine may see apart, the first rebuild
    // then reading an empty file.
    await writeFile(join(project, 'index.tsx.new'), SOURCE('Total'))
    await rename(join(project, 'index.tsx.new'), join(project, 'src', 'index.tsx'))
    await dev.until((out) => count(out, /^Rebuilt in \d+ ms$/) > rebuilt)
    const rendered = await client.integrations.render({
      integrationName: NAME,
      componentId: 'counter',
      props: { step: 2 },
      state: { count: 5 },
    })
    expect(rendered.element).toEqual({ type: 'block', children: [{ type: 'text', children: ['Total: 5'] }] })
    expect(dev.child.exitCode).toBe(null)
    expect(await readFile(join(project, 'src', 'index.tsx'), 'utf8')).toContain('Total')
  })

  // Needs queueIntegrationTask (delivers a `task` event).
  it('queues a task and the task handler runs it', async () => {
    const queued = await api('POST', `/integrations/${NAME}/tasks`, { task: { type: 'refresh', page: 1 } })
    expect(queued.status).toBe(204)
    await platform.integrations.settled()
    const printed = await dev.until((out) => /^task (ok|failed) \d+ in \d+ ms$/m.test(out))
    expect(printed).toMatch(/^task ok 200 in \d+ ms$/m)
    expect(printed).toContain(`[${NAME}] task {"type":"refresh","page":1}`)
    const tail = await tailed('task')
    expect(tail).toMatch(/^\[success\]\[[^\]]+\] \{.*"type":"task".*"refresh"/m)
    // What the guide shows dev printing for an install, a render and a render with an action.
    expect(inOrder(GUIDE[2]!, dev.output().split('\n'))).toBe(true)
  })
})
