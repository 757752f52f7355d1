/**
 * Whether a host name or address (as in a URL's `hostname`, or a `--host` value) names this
 * machine's loopback interface: `localhost` and its subdomains, 127.0.0.0/8, `::1` (with or
 * without brackets) and its IPv4-mapped form. Names are not resolved: a name that resolves to
 * loopback is not loopback here, and only an allow-list lets it through.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
  if (h === 'localhost' || h.endsWith('.localhost')) return true
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true
  // URLs write an IPv4-mapped address in hex (`[::ffff:7f00:1]` for 127.0.0.1).
  if (/^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(h)) return true
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) && v4.split('.').every((n) => Number(n) <= 255)
}
