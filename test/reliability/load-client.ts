import autocannon from 'autocannon'

/**
 * The second process of the load test: runs autocannon against a server and prints its result
 * as one JSON line. Arguments: base URL, token, a JSON array of `{ method, path, body? }`,
 * seconds, connections.
 */
const [url, token, requests, seconds, connections] = process.argv.slice(2)
const result = await autocannon({
  url: url!,
  duration: Number(seconds),
  connections: Number(connections),
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
  requests: JSON.parse(requests!) as Array<{ method: 'GET' | 'PATCH'; path: string; body?: string }>,
})
process.stdout.write(
  `${JSON.stringify({
    total: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
  })}\n`,
)
