import autocannon from 'autocannon'

/**
 * The second process of the load test: runs autocannon against a server and prints its result
 * as one JSON line. Arguments: base URL, token, a JSON array of `{ method, path, body? }`,
 * number of requests, connections. A number of requests rather than a duration, and no
 * per-request time limit that counts, so a slower machine takes longer but sends and expects the same.
 */
const [url, token, requests, amount, connections] = process.argv.slice(2)
const result = await autocannon({
  url: url!,
  amount: Number(amount),
  connections: Number(connections),
  // autocannon's default gives up on a request after 10 s; the test's own timeout is the bound.
  timeout: 3_600,
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
