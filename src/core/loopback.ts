import ipaddr from 'ipaddr.js'

/** Whether a listen address is loopback only (`127.0.0.0/8`, `::1`, `localhost`). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '')
  return h === 'localhost' || isLoopbackAddress(h)
}

/** 127.0.0.0/8 and ::1, also IPv4-mapped (`::ffff:127.0.0.1`, `::ffff:7f00:1`): parsed by ipaddr.js, not patterns. */
export function isLoopbackAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (!ipaddr.isValid(ip)) return false
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(ip)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return parsed.range() === 'loopback'
}
