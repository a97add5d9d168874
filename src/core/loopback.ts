import { isIP } from 'node:net'

/** Whether a listen address is loopback only (`127.0.0.0/8`, `::1`, `localhost`). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '')
  return h === 'localhost' || isLoopbackAddress(h)
}

/** 127.0.0.0/8 and ::1, also IPv4-mapped (`::ffff:127.0.0.1`, `::ffff:7f00:1`). */
export function isLoopbackAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase()
  const family = isIP(ip)
  if (family === 4) return ip.startsWith('127.')
  if (family !== 6) return false
  if (/^(?:0*:)*0*1$/.test(ip)) return true
  const mapped = /^(?:0*:)*ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip)
  if (mapped) return mapped[1]!.startsWith('127.')
  const hexMapped = /^(?:0*:)*ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(ip)
  return hexMapped ? parseInt(hexMapped[1]!, 16) >> 8 === 127 : false
}
