/**
 * The mock's one boundary with MSW. msw is an optional peer: a platform answers `platform.fetch`,
 * the Node server and the CLI without it, so nothing here imports msw at load time. Interception
 * (`platform.handlers`, `startMockWorker`) loads it when first asked, and says how to install it
 * when it is missing (docs/decisions/packaging.md).
 */
import type * as Msw from 'msw'
import type { HttpHandler } from 'msw'
import { DroppedConnection } from './core.ts'

/** What the handlers need from msw's main module. */
export type MswCore = Pick<typeof Msw, 'http' | 'HttpResponse'>

/** The error a feature that needs msw throws when msw cannot be loaded. */
export function mswMissing(feature: string, cause?: unknown): Error {
  return new Error(
    `${feature} needs the "msw" package (versions 2.14 and later, or 3), which is not installed: ` +
      'run `npm install --save-dev msw`. Without msw, use `platform.fetch`, `startMockServer` or `docplat-mock serve`.',
    { cause },
  )
}

/** The MSW handlers of a platform: every request under `${baseUrl}/v1/` goes to `dispatch`. */
export function mswHandlers(msw: MswCore, baseUrl: string, dispatch: (request: Request) => Promise<Response>): HttpHandler[] {
  return [
    msw.http.all(`${baseUrl}/v1/*`, async ({ request }) => {
      try {
        return await dispatch(request)
      } catch (error) {
        if (error instanceof DroppedConnection) return msw.HttpResponse.error()
        throw error
      }
    }),
  ]
}

/**
 * Loads msw synchronously, so `setupServer(...platform.handlers)` keeps working as a plain
 * expression. In Node (ESM or CommonJS) this is `require`, resolved from this package as an import
 * would be; msw 3 is ESM only and msw 2.14+ points `require` at its ESM build ("module-sync"), so
 * the handlers come from the same msw instance as the app's `setupServer`. Browsers have no
 * synchronous loader: there `startMockWorker` imports msw itself.
 */
export function requireMsw(feature: string): MswCore {
  const nodeModule = globalThis.process?.getBuiltinModule?.('node:module') as typeof import('node:module') | undefined
  if (nodeModule === undefined) {
    throw new Error(
      `${feature} is available in Node only: in a browser, call \`startMockWorker(platform)\` from "docplat/mock/browser" ` +
        '(its `worker` takes `worker.use(...)` overrides).',
    )
  }
  const require = nodeModule.createRequire(import.meta.url)
  try {
    return require('msw') as MswCore
  } catch (error) {
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND' || (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
      throw mswMissing(feature, error)
    }
    throw error
  }
}
