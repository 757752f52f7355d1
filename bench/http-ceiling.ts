/**
 * The ceiling of bench/http.ts: a bare `node:http` server answering each route the mock is measured
 * on with the same JSON body the mock answers (a request body is read before answering, as any
 * server must). Routes come as one JSON argument, `{ "<METHOD> <path with query>": "<body>" }`.
 * With a second argument `serialize`, each answer is serialized per request from the parsed body
 * (as a server holding the same objects must do: the fair ceiling of a page of 100 members)
 * instead of sent as a string kept ready. Prints its port, then serves until killed.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const given = Object.entries(JSON.parse(process.argv[2] ?? '{}') as Record<string, string>)
const serialize = process.argv[3] === 'serialize'
const routes = new Map<string, () => string>(
  given.map(([route, text]) => {
    if (!serialize) return [route, () => text]
    const value: unknown = JSON.parse(text)
    return [route, () => JSON.stringify(value)]
  }),
)
const server = createServer({ keepAlive: true }, (req, res) => {
  const answer = () => {
    const body = routes.get(`${req.method} ${req.url}`)?.()
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  }
  if (req.method === 'GET' || req.method === 'HEAD') return answer()
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', answer)
})
server.listen(0, '127.0.0.1', () => console.log(String((server.address() as AddressInfo).port)))
