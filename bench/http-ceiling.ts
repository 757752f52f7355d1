/**
 * The ceilings of bench/http.ts: a bare `node:http` server answering every request with the same
 * JSON body the mock answers (`bare`), or doing only what any server around a
 * `dispatch(Request) => Response` core must do besides (`whatwg`: a WHATWG `Request` from the
 * incoming message, a `Response` with the body, read back). Prints its port, then serves until killed.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const body = process.argv[2] ?? '{}'
const mode = process.argv[3] ?? 'bare'
const server = createServer({ keepAlive: true }, async (req, res) => {
  if (mode === 'whatwg') {
    const headers = new Headers()
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
    const request = new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers })
    const response = new Response(request.headers.has('authorization') ? body : '{}', { headers: { 'content-type': 'application/json' } })
    const bytes = new Uint8Array(await response.arrayBuffer())
    res.writeHead(response.status, { 'content-type': 'application/json', 'content-length': bytes.byteLength })
    res.end(bytes)
    return
  }
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
})
server.listen(0, '127.0.0.1', () => console.log(String((server.address() as AddressInfo).port)))
