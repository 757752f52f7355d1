import { createMockPlatform } from '../platform.ts'
import { startMockServer, type MockServer } from '../http/server.ts'
import type { DevCliOptions } from './args.ts'
import { CLI_DEFAULT_ENDPOINT, readCliAuth } from './dev/auth.ts'
import { readManifest, resolveManifestPath } from './dev/manifest.ts'
import { startIntegrationDev, type DevDelivery, type IntegrationDevHandle } from './dev/loop.ts'

/** A started `docplat-mock dev`, or why it could not start. */
export type Developing = { ok: true; stop(): Promise<void> } | { ok: false; message: string }

/** One line per delivery: what was dispatched, how it ended, how long it took. */
export function formatDelivery(d: DevDelivery): string {
  const what = d.type === 'ui_render' ? `render ${d.componentId ?? ''}`.trimEnd() : d.type
  return `${what} ${d.ok ? 'ok' : 'failed'} ${d.status} in ${d.durationMs} ms\n`
}

/**
 * Starts `docplat-mock dev`: the integration's code against a running server (`--server`, or the
 * endpoint `gitbook auth` stored when it is not the live service) with the author's token, or
 * against a server of its own with a new organization and admin. Prints its progress, one line
 * per delivery and the code's `console` output; never a token or a secret.
 */
export async function startDeveloping(options: DevCliOptions, out: (text: string) => void): Promise<Developing> {
  const env = process.env
  const stored = await readCliAuth(env, process.platform)
  let server = options.server
  let token = options.token
  if (server === undefined && stored && stored.endpoint.replace(/\/+$/, '') !== CLI_DEFAULT_ENDPOINT) {
    server = stored.endpoint
    token ??= stored.token
  }
  if (server !== undefined) {
    token ??= stored?.token
    if (token === undefined)
      return {
        ok: false,
        message: 'no token: pass --token <token>, set GITBOOK_TOKEN, or run gitbook auth --endpoint <url> --token <token>',
      }
    const base = server.replace(/\/+$/, '')
    return run(base, token, { baseUrl: base, fetch: (input, init) => globalThis.fetch(input, init) }, undefined)
  }

  // A server of its own: an organization named after the manifest's, and its admin.
  let manifestOrg: string
  try {
    manifestOrg = (await readManifest(await resolveManifestPath(options.manifest), env)).organization
  } catch (error) {
    return { ok: false, message: (error as Error).message }
  }
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: manifestOrg })
  const admin = await platform.builders.user({ organization: org.id, role: 'admin', displayName: 'Integration Author' })
  let own: MockServer
  try {
    own = await startMockServer({ platform, port: options.port })
  } catch (error) {
    return { ok: false, message: `could not listen on port ${options.port}: ${(error as Error).message}` }
  }
  out(`Serving docplat-mock at ${own.url} (organization ${org.id}; its admin's token: GET ${own.url}/_docplat/tokens)\n`)
  return run(own.url, admin.token, { baseUrl: platform.baseUrl, fetch: platform.fetch }, own, org.id)

  async function run(
    url: string,
    author: string,
    target: Parameters<typeof startIntegrationDev>[0],
    own: MockServer | undefined,
    organization?: string,
  ): Promise<Developing> {
    let handle: IntegrationDevHandle
    try {
      handle = await startIntegrationDev(target, {
        manifest: options.manifest,
        token: author,
        all: options.all,
        env,
        ...(organization ? { organization } : {}),
      })
    } catch (error) {
      await own?.close()
      return { ok: false, message: (error as Error).message }
    }
    handle.on('delivery', (d) => out(formatDelivery(d)))
    handle.on('log', (line) => out(`[${handle.integration}] ${line}\n`))
    handle.on('rebuild', (r) => out(r.ok ? `Rebuilt in ${r.durationMs} ms\n` : `Build failed: ${r.error}\n`))
    if (handle.published) out(`Published ${handle.integration} to ${url}\n`)
    out(`Development mode on for ${handle.integration}: events and renders run the code at ${handle.tunnelUrl}\n`)
    out('Watching for changes. Press Ctrl+C to stop.\n')
    return {
      ok: true,
      async stop() {
        try {
          await handle.stop()
        } finally {
          await own?.close()
        }
      },
    }
  }
}
