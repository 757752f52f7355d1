import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import pkg from '../../package.json' with { type: 'json' }
import { AuthenticationError, createClient, NotFoundError, type Member } from '../../src/index.ts'
import { failure, setup } from '../helpers.ts'
import { CLI_TEST, demoTokens, runCli, startCli, stop, stopAll } from './child.ts'

afterEach(stopAll)

describe('docplat-mock serve', CLI_TEST, () => {
  it('serves the demo over real HTTP to the SDK, with the tokens createMockPlatform gives', async () => {
    const tokens = await demoTokens()
    const { demo } = await setup()
    const cli = await startCli(['--port', '0', '--scenario', 'demo'])
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(cli.url).not.toMatch(/:0$/)
    for (const [name, token] of Object.entries(tokens)) expect(cli.stdout()).toMatch(new RegExp(`^  ${name} +${token}$`, 'm'))
    expect(cli.stdout()).toContain(`createClient({ baseUrl: '${cli.url}', token: '${tokens.admin}' })`)
    expect(cli.stdout()).toContain("import { createClient } from 'docplat'")

    const admin = createClient({ baseUrl: cli.url, token: tokens.admin!, retry: 0 })
    const orgs = await admin.orgs.list()
    expect(orgs.items.map((o) => o.title)).toEqual(['Acme'])
    expect(orgs.items[0]!.id).toBe(demo.acme)
    // The platform names the server it is reached on, not the hosted API.
    expect(orgs.items[0]!.urls?.location).toBe(`${cli.url}/v1/orgs/${demo.acme}`)

    const renamed = await admin.spaces.update({ spaceId: demo.spaces.guide, title: 'Start here' })
    expect(renamed.title).toBe('Start here')
    expect((await admin.spaces.get({ spaceId: demo.spaces.guide })).title).toBe('Start here')

    const first = await admin.orgs.members.list({ organizationId: demo.acme, limit: 2 })
    expect(first.items).toHaveLength(2)
    expect(first.count).toBeGreaterThan(2)
    const walked: Member[] = []
    for await (const member of admin.orgs.members.list({ organizationId: demo.acme, limit: 2 })) walked.push(member)
    expect(walked).toHaveLength(first.count)
    expect(new Set(walked.map((m) => m.user.id)).size).toBe(first.count)
    expect(walked.map((m) => m.user.id)).toContain(demo.users.read)

    const missing = await failure(admin.spaces.get({ spaceId: 'no-such-space' }))
    expect(missing).toBeInstanceOf(NotFoundError)
    expect(missing.status).toBe(404)
    const anonymous = createClient({ token: null, baseUrl: cli.url, retry: 0 })
    expect(await failure(anonymous.orgs.list())).toBeInstanceOf(AuthenticationError)
    const forged = createClient({ baseUrl: cli.url, token: 'dpt_not_a_token', retry: 0 })
    expect(await failure(forged.orgs.list())).toBeInstanceOf(AuthenticationError)

    expect(await stop(cli)).toEqual({ code: 0, signal: null })
  })

  it("keeps compiled code in Node's compile cache (in the temporary folder) unless told not to", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'docplat-cli-cache-'))
    try {
      // The CLI's own call, not Node's variable, must turn the cache on; TMPDIR moves the temporary folder.
      const env = (tmp: string, extra: NodeJS.ProcessEnv = {}) => {
        const vars: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, ...extra }
        delete vars.NODE_COMPILE_CACHE
        if (!('NODE_DISABLE_COMPILE_CACHE' in extra)) delete vars.NODE_DISABLE_COMPILE_CACHE
        return vars
      }
      const cached = join(folder, 'on')
      const cli = await startCli(['--port', '0', '--scenario', 'empty'], env(cached))
      expect(await stop(cli)).toEqual({ code: 0, signal: null })
      const files = readdirSync(join(cached, 'node-compile-cache'), { recursive: true })
      // One entry per module compiled after the call: the server's modules, well over a hundred.
      expect(files.length).toBeGreaterThan(50)

      const off = join(folder, 'off')
      const uncached = await startCli(['--port', '0', '--scenario', 'empty'], env(off, { NODE_DISABLE_COMPILE_CACHE: '1' }))
      expect(await stop(uncached)).toEqual({ code: 0, signal: null })
      expect(() => readdirSync(join(off, 'node-compile-cache'))).toThrow(/ENOENT/)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('stops cleanly on SIGINT too', async () => {
    const cli = await startCli(['--port', '0', '--scenario', 'empty'])
    expect(cli.stdout()).toContain('No tokens: this state has no users')
    expect(await stop(cli, 'SIGINT')).toEqual({ code: 0, signal: null })
    expect(cli.stderr()).toContain('stopping')
  })

  it('gives other seeds other tokens, and says which seed it used', async () => {
    const cli = await startCli(['--port', '0', '--seed', 'mine'])
    const tokens = await demoTokens('mine')
    expect(cli.stdout()).toContain('scenario  demo (seed "mine")')
    expect(cli.stdout()).toContain(tokens.admin)
    expect(cli.stdout()).not.toContain((await demoTokens()).admin)
    const client = createClient({ baseUrl: cli.url, token: tokens.read!, retry: 0 })
    expect((await client.orgs.list()).items.map((o) => o.title)).toEqual(['Acme'])
  })

  it('exits with 1 and a clear message when the port is taken', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    try {
      const port = (blocker.address() as { port: number }).port
      const run = runCli(['serve', '--port', String(port)])
      expect((await run.exited).code).toBe(1)
      expect(run.stderr()).toContain(`Port ${port} is already in use on 127.0.0.1`)
    } finally {
      blocker.close()
    }
  })
})

describe('docplat-mock command line', () => {
  it.each([
    [['serve', '--port', 'abc'], 'Invalid --port "abc": expected an integer from 0 to 65535'],
    [['serve', '--prot', '4010'], "Unknown option '--prot'"],
    [['serve', '--scenario', 'full'], 'Invalid --scenario "full": expected one of demo, empty'],
    [['serve', '--state'], "Option '--state <value>' argument missing"],
    [[], 'Missing command: docplat-mock serve'],
    [['start'], 'Unknown command "start"'],
  ])('refuses %j with exit code 2 and the usage', async (args, message) => {
    const run = runCli(args)
    expect((await run.exited).code).toBe(2)
    expect(run.stderr()).toContain(message)
    expect(run.stderr()).toContain('Usage: docplat-mock serve [options]')
    expect(run.stdout()).toBe('')
  })

  it('prints the usage for --help and -h, and the version for --version', async () => {
    const [help, h, version] = [runCli(['--help']), runCli(['-h']), runCli(['--version'])]
    for (const run of [help, h]) {
      expect((await run.exited).code).toBe(0)
      expect(run.stdout()).toContain('Usage: docplat-mock serve [options]')
      expect(run.stdout()).toContain('--state <file.json>')
    }
    expect((await version.exited).code).toBe(0)
    expect(version.stdout()).toBe(`${pkg.version}\n`)
  })
})
