import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createClient } from '../../../src/index.ts'
import { type IntegrationManifest, readManifest, resolveManifestPath } from './manifest.ts'
import { nodeModule, peer } from './modules.ts'

/** Where the dev loop reaches the platform: a base URL (without `/v1`) and the `fetch` that reaches it. */
export interface DevTarget {
  baseUrl: string
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>
}

/** What `integrations.dev` runs. */
export interface IntegrationDevOptions {
  /** The manifest (`gitbook-manifest.yaml`), or the folder holding it. */
  manifest?: string | undefined
  /** The integration's folder (its `gitbook-manifest.yaml`): the same as `manifest` given a folder. */
  dir?: string | undefined
  /** Token of an admin of the manifest's organization: development mode is turned on as this user. */
  token: string
  /** Dispatch every organization's events and renders to this code, not only the owner's (`gitbook dev --all`). */
  all?: boolean | undefined
  /** The organization (ID or subdomain) to publish under when it is not published yet, instead of the manifest's. */
  organization?: string | undefined
  /** Rebuild when a file under the script's folder changes (default true). */
  watch?: boolean | undefined
  /** Values for `${{ env.NAME }}` in the manifest's secrets (default: `process.env`). */
  env?: Readonly<Record<string, string | undefined>> | undefined
}

/** One dispatch the platform made to the running code: an event or a render. */
export interface DevDelivery {
  /** The event type (`installation_setup`, `task`...), or `ui_render` for a render. */
  type: string
  /** A render's component. */
  componentId?: string | undefined
  /** The status the code answered (500 when it threw). */
  status: number
  ok: boolean
  /** Milliseconds from the request's arrival to the whole answer. */
  durationMs: number
}

/** A rebuild after a change: its outcome and how long it took. */
export interface DevRebuild {
  ok: boolean
  durationMs: number
  /** Why the build failed (esbuild's message). */
  error?: string | undefined
}

/** Events of a running dev loop. */
export interface DevEvents {
  delivery: DevDelivery
  rebuild: DevRebuild
  /** A line the integration's code wrote with `console`. */
  log: string
}

/** A running dev loop: the integration's code served in workerd, development mode pointing at it. */
export interface IntegrationDevHandle {
  /** The integration's name (from the manifest). */
  readonly integration: string
  /** Whether this loop published the integration (it was not published yet). */
  readonly published: boolean
  /** The loopback URL development mode points at. */
  readonly tunnelUrl: string
  /** Calls `listener` on each event of that kind; returns a function that stops listening. */
  on<K extends keyof DevEvents>(kind: K, listener: (event: DevEvents[K]) => void): () => void
  /** Builds the script again and serves the new code (what a change under watch does). */
  rebuild(): Promise<DevRebuild>
  /** Turns development mode off, stops watching and serving. */
  stop(): Promise<void>
}

/** `integrations.dev`: runs an integration's source against this platform until stopped. */
export interface IntegrationDev {
  /**
   * Runs the integration of a manifest as the platform's CLI `dev` does, offline: bundles its
   * script (esbuild), serves it in workerd (miniflare), publishes the integration if it is not
   * yet, turns development mode on pointing at it, and rebuilds when its sources change. Needs
   * Node and the optional peers `esbuild` and `miniflare`. See docs/integrations.md.
   */
  dev(options: IntegrationDevOptions): Promise<IntegrationDevHandle>
}

/**
 * What the dev loop uses of esbuild and miniflare, written here rather than imported: their
 * declarations need packages of their own (miniflare's, `@cloudflare/workers-types`), which a
 * project that never runs `dev` does not have.
 */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles?: Array<{ text: string }> }>
}
interface WorkerAnswer {
  status: number
  headers: Iterable<[string, string]>
  arrayBuffer(): Promise<ArrayBuffer>
}
interface Workerd {
  readonly ready: Promise<URL>
  setOptions(options: Record<string, unknown>): Promise<void>
  dispatchFetch(url: string, init: { method: string; headers: [string, string][]; body?: Uint8Array }): Promise<WorkerAnswer>
  dispose(): Promise<void>
}
interface MiniflareModule {
  Miniflare: new (options: Record<string, unknown>) => Workerd
}

/** The compatibility settings the platform's CLI runs integrations with. */
const WORKER = { compatibilityDate: '2025-05-25', compatibilityFlags: ['nodejs_compat'] }

/** A dispatch's body is the platform's own (an event and its environment): bounded all the same. */
const MAX_DISPATCH_BYTES = 16 * 1024 * 1024

/** Changes closer together than this are one edit (an editor writes a file in several steps). */
const SETTLE_MS = 50

/** The script bundled as the CLI bundles it for development. */
async function bundle(manifestPath: string, manifest: IntegrationManifest): Promise<string> {
  const esbuild = await peer<Esbuild>('esbuild')
  const { dirname, resolve } = await nodeModule<typeof import('node:path')>('node:path')
  const result = await esbuild.build({
    platform: 'neutral',
    entryPoints: [resolve(dirname(manifestPath), manifest.script)],
    absWorkingDir: dirname(manifestPath),
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2020',
    mainFields: ['worker', 'browser', 'module', 'jsnext', 'main'],
    conditions: ['worker', 'browser', 'import', 'production'],
    define: { 'process.env.NODE_ENV': '"development"', MODE: '"development"' },
    external: ['node:*', 'cloudflare:*'],
    jsx: 'automatic',
    jsxImportSource: '@gitbook/runtime',
    loader: { '.raw.js': 'text', '.raw.css': 'text' },
    logLevel: 'silent',
  })
  return result.outputFiles![0]!.text
}

/**
 * Starts the dev loop against `target`. Rejects, having left nothing running, when the manifest
 * is missing or wrong, a peer is not installed, the script does not build or the platform refuses.
 */
export async function startIntegrationDev(target: DevTarget, options: IntegrationDevOptions): Promise<IntegrationDevHandle> {
  const { Miniflare } = await peer<MiniflareModule>('miniflare')
  await peer<Esbuild>('esbuild')
  const http = await nodeModule<typeof import('node:http')>('node:http')
  const fs = await nodeModule<typeof import('node:fs')>('node:fs')
  const { dirname, resolve } = await nodeModule<typeof import('node:path')>('node:path')
  const env = options.env ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {}
  const manifestPath = resolve(await resolveManifestPath(resolve(options.manifest ?? options.dir ?? '.')))
  const manifest = await readManifest(manifestPath, env)
  const client = createClient({ baseUrl: target.baseUrl, token: options.token, fetch: (r) => target.fetch(r), retry: 0 })

  const listeners: { [K in keyof DevEvents]: Set<(event: DevEvents[K]) => void> } = {
    delivery: new Set(),
    rebuild: new Set(),
    log: new Set(),
  }
  const emit = <K extends keyof DevEvents>(kind: K, event: DevEvents[K]) => {
    for (const listener of listeners[kind]) listener(event)
  }

  // The platform's base URL as dispatches give it (`environment.apiEndpoint`): the code's calls
  // to it go to the target, whatever host name it has.
  const apiEndpoints = new Set<string>()
  const outbound = async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    for (const endpoint of apiEndpoints) {
      const base = new URL(endpoint)
      const prefix = base.pathname.replace(/\/+$/, '')
      if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`)) continue
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
      const answer = await target.fetch(`${target.baseUrl}${url.pathname.slice(prefix.length)}${url.search}`, {
        method: request.method,
        headers: [...request.headers],
        ...(body ? { body } : {}),
      })
      return new Response(await answer.arrayBuffer(), { status: answer.status, headers: [...answer.headers] })
    }
    return fetch(request)
  }

  const mfOptions = (script: string) => ({
    modules: true,
    script,
    ...WORKER,
    outboundService: outbound as never,
    handleRuntimeStdio: (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
      for (const stream of [stdout, stderr]) lines(stream, (line) => emit('log', line))
    },
  })
  const mf = new Miniflare(mfOptions(await bundle(manifestPath, manifest)))
  let server: Server | undefined
  let watcher: ReturnType<typeof fs.watch> | undefined
  let turnedOn = false
  const close = async () => {
    watcher?.close()
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()))
    server?.closeAllConnections()
    await mf.dispose()
  }
  try {
    await mf.ready
    server = http.createServer((req, res) => void relay(req, res))
    await new Promise<void>((done, fail) => {
      server!.once('error', fail)
      server!.listen(0, '127.0.0.1', () => done())
    })
    const { port } = server.address() as { port: number }
    const tunnelUrl = `http://127.0.0.1:${port}/`

    let published = false
    const existing = await client.integrations.get({ integrationName: manifest.name }).then(
      () => true,
      (error: unknown) => {
        if ((error as { status?: number })?.status === 404) return false
        throw error
      },
    )
    if (!existing) {
      await client.integrations.publish(
        publishBody(
          { ...manifest, organization: options.organization ?? manifest.organization },
          await bundle(manifestPath, manifest),
        ) as never,
      )
      published = true
    }
    await client.integrations.dev.enable({ integrationName: manifest.name, tunnelUrl, all: options.all ?? false })
    turnedOn = true

    let building = Promise.resolve<DevRebuild>({ ok: true, durationMs: 0 })
    const rebuild = () => {
      building = building.then(async () => {
        const started = performance.now()
        let outcome: DevRebuild
        try {
          await mf.setOptions(mfOptions(await bundle(manifestPath, manifest)))
          outcome = { ok: true, durationMs: Math.round(performance.now() - started) }
        } catch (error) {
          outcome = { ok: false, durationMs: Math.round(performance.now() - started), error: (error as Error).message }
        }
        emit('rebuild', outcome)
        return outcome
      })
      return building
    }
    if (options.watch ?? true) {
      let pending: ReturnType<typeof setTimeout> | undefined
      watcher = fs.watch(dirname(resolve(dirname(manifestPath), manifest.script)), { recursive: true }, () => {
        clearTimeout(pending)
        pending = setTimeout(() => void rebuild(), SETTLE_MS)
      })
    }

    let stopping: Promise<void> | undefined
    return {
      integration: manifest.name,
      published,
      tunnelUrl,
      on(kind, listener) {
        listeners[kind].add(listener as never)
        return () => void listeners[kind].delete(listener as never)
      },
      rebuild,
      stop() {
        stopping ??= (async () => {
          try {
            await client.integrations.dev.disable({ integrationName: manifest.name })
          } finally {
            await close()
          }
        })()
        return stopping
      },
    }
  } catch (error) {
    if (turnedOn) await client.integrations.dev.disable({ integrationName: manifest.name }).catch(() => undefined)
    await close()
    throw error
  }

  /** Hands a dispatch to the code in workerd and its answer back, noting the delivery. */
  async function relay(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now()
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_DISPATCH_BYTES) {
        res.writeHead(413).end()
        return
      }
      chunks.push(chunk)
    }
    const body = Buffer.concat(chunks)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, String(value))
    const delivery = await describe(headers, body)
    let status = 500
    let answer: Uint8Array = new Uint8Array()
    let answerHeaders: [string, string][] = []
    try {
      const response = await mf.dispatchFetch(`http://127.0.0.1${req.url ?? '/'}`, {
        method: req.method ?? 'POST',
        headers: [...headers],
        body,
      })
      status = response.status
      answer = new Uint8Array(await response.arrayBuffer())
      answerHeaders = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'transfer-encoding')
    } catch (error) {
      emit('log', `dispatch failed: ${(error as Error).message}`)
    }
    if (!res.destroyed) res.writeHead(status, answerHeaders).end(answer)
    emit('delivery', { ...delivery, status, ok: status >= 200 && status < 300, durationMs: Math.round(performance.now() - started) })
  }

  /** The event type and component of a dispatch, and the platform's base URL it gives the code. */
  async function describe(headers: Headers, body: Buffer): Promise<Pick<DevDelivery, 'type' | 'componentId'>> {
    let type = headers.get('x-docplat-event') ?? 'unknown'
    let componentId: string | undefined
    try {
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': headers.get('content-type') ?? '' } }).formData()
      const event = JSON.parse(String(form.get('event')))
      const environment = JSON.parse(String(form.get('environment')))
      if (typeof event?.type === 'string') type = event.type
      if (typeof event?.componentId === 'string') componentId = event.componentId
      if (typeof environment?.apiEndpoint === 'string') apiEndpoints.add(environment.apiEndpoint)
    } catch {
      // Not the protocol's form: relayed as is, the code answers it as it will.
    }
    return { type, componentId }
  }
}

/** What `publish` sends for a manifest, as the CLI sends it (runtime v2, the bundled script). */
function publishBody(manifest: IntegrationManifest, script: string): Record<string, unknown> {
  const { name, script: _path, envs: _envs, icon: _icon, previewImages: _images, ...fields } = manifest
  return { integrationName: name, runtime: 'v2', description: '', scopes: [], ...fields, script }
}

/** Calls `line` with each line a stream writes. */
function lines(stream: NodeJS.ReadableStream, line: (text: string) => void): void {
  let rest = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    rest += chunk
    const parts = rest.split('\n')
    rest = parts.pop() ?? ''
    for (const part of parts) if (part.trim() !== '') line(part)
  })
  stream.on('end', () => {
    if (rest.trim() !== '') line(rest)
  })
}
