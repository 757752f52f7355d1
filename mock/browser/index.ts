/**
 * The docplat mock in a browser: {@link startMockWorker} answers the page's requests to the
 * platform from a mock platform, through MSW's service worker. For Storybook, dev servers and
 * browser tests; the page's own code uses the SDK (or plain `fetch`) unchanged.
 *
 * The service worker script must be served by your app: copy it once into your public folder
 * with `npx msw init public/` (commit it; MSW checks it matches the installed msw version).
 *
 * @packageDocumentation
 * @module docplat/mock/browser
 */
import type { SetupWorker } from 'msw/browser'
import { mswHandlers, mswMissing, type MswCore } from '../msw.ts'
import type { MockPlatform } from '../platform.ts'

/** Options of {@link startMockWorker}. */
export interface MockWorkerOptions {
  /**
   * What to do with a request the platform does not answer (another host, a path outside
   * `/v1/`): `'bypass'` (default) lets it go to the network as usual, `'warn'` also logs it,
   * `'error'` fails it.
   */
  onUnhandledRequest?: 'bypass' | 'warn' | 'error' | undefined
  /** Where the worker script is served, and its registration options. */
  serviceWorker?:
    | {
        /** URL of MSW's worker script. Default `/mockServiceWorker.js`. */
        url?: string | undefined
        /** Passed to `navigator.serviceWorker.register` (a `scope`, for instance). */
        options?: RegistrationOptions | undefined
      }
    | undefined
  /** Do not log each mocked request in the browser console. Default `false`. */
  quiet?: boolean | undefined
}

/** A running mock worker: what {@link startMockWorker} resolves to. */
export interface MockWorker {
  /** MSW's worker, for `worker.use(...)` overrides that win over the platform's answers. */
  readonly worker: SetupWorker
  /** The service worker registration (absent when MSW fell back to in-page interception). */
  readonly registration: ServiceWorkerRegistration | undefined
  /** Drops `worker.use(...)` overrides and puts the platform back in its scenario's initial state. */
  reset(): Promise<void>
  /** Stops answering: requests go to the network again. */
  stop(): Promise<void>
}

/**
 * Starts MSW's service worker with a platform's handlers, so every request the page sends to
 * `platform.baseUrl` is answered by the mock. Resolves once the worker is active: start it
 * before the app's first request.
 *
 * Needs msw (an optional peer, 2.14+ or 3): without it, this rejects with an error saying how to
 * install it. Serve MSW's worker script first (`npx msw init public/`, once); elsewhere than
 * `/mockServiceWorker.js`, give its URL as `serviceWorker.url`.
 *
 * @example
 * ```ts
 * import { createClient } from 'docplat'
 * import { createMockPlatform } from 'docplat/mock'
 * import { startMockWorker } from 'docplat/mock/browser'
 *
 * const platform = createMockPlatform({ scenario: 'demo' })
 * const mock = await startMockWorker(platform, { quiet: true })
 *
 * // The app's client talks to the platform's URL as usual; the worker answers.
 * const client = createClient({ token: platform.tokens.admin, baseUrl: platform.baseUrl })
 * const { items: orgs } = await client.orgs.list()
 *
 * await mock.stop()
 * ```
 */
export async function startMockWorker(
  platform: Pick<MockPlatform, 'baseUrl' | 'dispatch' | 'reset'>,
  options: MockWorkerOptions = {},
): Promise<MockWorker> {
  // msw is loaded here, not when this module is: the rest of the mock works without it.
  let msw: MswCore & Pick<typeof import('msw/browser'), 'setupWorker'>
  try {
    msw = await import('./msw-imports.ts')
  } catch (error) {
    throw mswMissing('startMockWorker', error)
  }
  const worker = msw.setupWorker(...mswHandlers(msw, platform.baseUrl, platform.dispatch))
  const onUnhandled = options.onUnhandledRequest ?? 'bypass'
  // msw 2 reads `onUnhandledRequest`, msw 3 renamed it `onUnhandledFrame`: the peer range
  // accepts both majors, so say it both ways (each ignores the other's name).
  const start: Record<string, unknown> = {
    onUnhandledRequest: onUnhandled,
    onUnhandledFrame: onUnhandled,
    quiet: options.quiet ?? false,
    ...(options.serviceWorker ? { serviceWorker: options.serviceWorker } : {}),
  }
  const registration = (await worker.start(start)) ?? undefined
  return {
    worker,
    registration,
    async reset() {
      worker.resetHandlers()
      await platform.reset()
    },
    async stop() {
      await worker.stop()
    },
  }
}
