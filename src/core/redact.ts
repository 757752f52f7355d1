/** Headers whose values are secrets: shown as `Bearer ***` / `***` by {@link redactHeaders}. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key'])

/**
 * Headers as a plain object fit for logs: `Authorization: Bearer dpt_...` becomes `Bearer ***`,
 * other credentials `***`. For an instrumented `fetch`, which sees requests as sent (the SDK's
 * own logging and middleware never see the token).
 *
 * @example
 * ```ts
 * import { createClient, redactHeaders } from 'docplat'
 * const client = createClient({
 *   token: process.env.DOCPLAT_TOKEN,
 *   fetch: (request: Request, init?: RequestInit) => {
 *     console.log(request.method, request.url, redactHeaders(request.headers))
 *     return fetch(request, init)
 *   },
 * })
 * ```
 */
export function redactHeaders(headers: Headers | Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  const entries = headers instanceof Headers ? headers.entries() : Object.entries(headers)
  for (const [name, value] of entries) {
    const key = name.toLowerCase()
    if (!SECRET_HEADERS.has(key)) out[key] = value
    else out[key] = /^bearer\s/i.test(value) ? 'Bearer ***' : '***'
  }
  return out
}
