import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { connectMockServer, createMockPlatform } from '../../mock/index.ts'
import { saveStateFile } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'
import { CLI_TEST, printed, runCli, startCli, stop, stopAll } from './child.ts'

afterEach(stopAll)

/** What the CLI printed after its start banner. */
const afterBanner = (stdout: string) => stdout.slice(stdout.indexOf('Press Ctrl+C to stop.\n') + 'Press Ctrl+C to stop.\n'.length)

describe('docplat-mock serve: what it shows and how it is controlled', CLI_TEST, () => {
  it('prints one line per request: time, method, path, status, duration, operationId, and no token', async () => {
    const cli = await startCli(['--port', '0', '--scenario', 'demo'])
    expect(cli.stdout()).toContain(`inspector ${cli.url}/_docplat/`)
    const platform = await connectMockServer(cli.url)
    const client = createClient({ baseUrl: cli.url, token: platform.tokens.admin!, retry: 0 })
    await client.orgs.list()
    await platform.clock.advance('1d')
    await printed(cli, /^\d\d:\d\d:\d\d\.\d{3} GET \/v1\/orgs 200 [\d.]+ms listOrganizationsForAuthenticatedUser$/m)
    await printed(cli, /^\d\d:\d\d:\d\d\.\d{3} POST \/_docplat\/clock\/advance 200 [\d.]+ms controlAdvanceClock$/m)
    await fetch(`${cli.url}/v1/orgs`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    })
    await printed(cli, /^\d\d:\d\d:\d\d\.\d{3} OPTIONS \/v1\/orgs 204 0ms$/m)
    // The control plane's reads (the inspector polls them) are not printed.
    expect(afterBanner(cli.stdout())).not.toContain('/_docplat/tokens')
    expect(afterBanner(cli.stdout())).not.toContain(platform.tokens.admin)
  })

  it('--log json prints one JSON object per line; --quiet prints nothing', async () => {
    // Two independent servers: started together, so the test waits for one Node start, not two.
    const [json, quiet] = await Promise.all([startCli(['--port', '0', '--log', 'json']), startCli(['--port', '0', '--quiet'])])
    await fetch(`${json.url}/v1/nothing`)
    await printed(json, /Press Ctrl\+C to stop\.\n.*\n/)
    expect(JSON.parse(afterBanner(json.stdout()).trim())).toEqual({
      at: expect.stringMatching(/^\d{4}-/),
      method: 'GET',
      path: '/v1/nothing',
      status: 404,
      duration: expect.any(Number),
    })

    await fetch(`${quiet.url}/v1/orgs`)
    await fetch(`${quiet.url}/_docplat/reset`, { method: 'POST' })
    expect(await stop(quiet)).toEqual({ code: 0, signal: null })
    expect(afterBanner(quiet.stdout())).toBe('')
  })

  it('makes --scenario empty usable over HTTP, and says how', async () => {
    const cli = await startCli(['--port', '0', '--scenario', 'empty', '--quiet'])
    expect(cli.stdout()).toContain(`curl -X POST ${cli.url}/_docplat/users`)
    const platform = await connectMockServer(cli.url)
    expect(await platform.health()).toMatchObject({ status: 'ok', scenario: 'empty' })
    const org = await platform.builders.organization({ title: 'Fresh' })
    const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
    expect((await createClient({ baseUrl: cli.url, token, retry: 0 }).orgs.list()).items.map((o) => o.title)).toEqual(['Fresh'])
  })

  it('resets to the state file as it was at start, and saves control-plane changes to it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docplat-control-'))
    try {
      const file = join(dir, 'state.json')
      const prepared = createMockPlatform({ scenario: 'empty' })
      await prepared.ready
      const org = await prepared.builders.organization({ title: 'From the file' })
      await prepared.builders.user({ organization: org.id, role: 'admin', tokenName: 'fran' })
      await saveStateFile(prepared, file)

      const cli = await startCli(['--port', '0', '--state', file, '--quiet'])
      const platform = await connectMockServer(cli.url)
      const client = createClient({ baseUrl: cli.url, token: prepared.tokens.fran!, retry: 0 })
      await client.collections.create({ organizationId: org.id, title: 'Added' })
      await platform.reset()
      expect((await client.collections.list({ organizationId: org.id })).items).toEqual([])
      expect((await client.orgs.list()).items.map((o) => o.title)).toEqual(['From the file'])

      await platform.builders.organization({ title: 'Made over the control plane' })
      expect(await stop(cli)).toEqual({ code: 0, signal: null })
      const again = await startCli(['--port', '0', '--state', file, '--quiet'])
      const snapshot = await (await connectMockServer(again.url)).snapshot()
      expect((snapshot.tables.organizations as Array<{ title: string }>).map((o) => o.title).sort()).toEqual([
        'From the file',
        'Made over the control plane',
      ])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('off loopback: refuses to start without --control-token, then answers 401 without it', async () => {
    const refused = runCli(['serve', '--port', '0', '--host', '0.0.0.0'])
    expect(await refused.exited).toEqual({ code: 2, signal: null })
    expect(refused.stderr()).toContain('--control-token')

    const cli = await startCli(['--port', '0', '--host', '0.0.0.0', '--control-token', 'a-long-secret', '--quiet'])
    expect(cli.stdout()).not.toContain('a-long-secret')
    expect((await fetch(`${cli.url}/_docplat/health`)).status).toBe(401)
    expect((await fetch(`${cli.url}/_docplat/health`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401)
    expect((await fetch(`${cli.url}/_docplat/health`, { headers: { authorization: 'Bearer a-long-secret' } })).status).toBe(200)
  })
})
