import { VERSION } from '../generated/version.ts'

/** What the SDK reads of the global object to name its runtime. */
interface RuntimeGlobals {
  Bun?: { version?: string }
  Deno?: { version?: { deno?: string } }
  navigator?: { userAgent?: string }
  process?: { versions?: { node?: string } }
}

/**
 * The runtime as `name/version` (`node/24.1.0`, `bun/1.4.5`, `deno/2.9.6`), `workerd` on
 * Cloudflare Workers (which tells no version), or `undefined` in a browser or a runtime it does
 * not know. Bun and Deno also define `process.versions.node`, so they are asked first.
 */
function runtime(): string | undefined {
  const g = globalThis as RuntimeGlobals
  if (g.Bun?.version) return `bun/${g.Bun.version}`
  if (g.Deno?.version?.deno) return `deno/${g.Deno.version.deno}`
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd'
  if (g.process?.versions?.node) return `node/${g.process.versions.node}`
  return undefined
}

/**
 * The header naming this client to the server: `User-Agent: docplat/<version> <runtime>` where
 * a runtime lets a request set it, else (browsers, which keep their own User-Agent)
 * `X-Docplat-Client: docplat/<version> browser`. Nothing when `headers` (the user's) already set
 * a User-Agent: theirs wins.
 */
export function clientHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  if (headers && Object.keys(headers).some((name) => name.toLowerCase() === 'user-agent')) return {}
  const name = runtime()
  return name ? { 'user-agent': `docplat/${VERSION} ${name}` } : { 'x-docplat-client': `docplat/${VERSION} browser` }
}
