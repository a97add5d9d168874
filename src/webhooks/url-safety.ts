import { BlockList, isIP } from 'node:net'
import { lookup } from 'node:dns/promises'
import { isLoopbackAddress } from '../core/loopback.ts'

export interface UrlRules {
  allowInsecureHttp: boolean
  allowPrivateHosts: boolean
  /** Loopback receivers only (see local-receivers.ts): the default of a loopback-bound server. */
  allowLoopbackHosts?: boolean
}

/** Resolves a host name to every address it has (injectable for tests). */
export type Resolver = (host: string) => Promise<string[]>

export const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

const blocked = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
  ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, bits, 'ipv6')

/** True for loopback, private, link-local, multicast, documentation and other reserved addresses. */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const family = isIP(ip)
  if (family === 4) return blocked.check(ip, 'ipv4')
  if (family !== 6) return true
  // IPv4-mapped and IPv4-compatible forms are judged by the IPv4 address they carry.
  const mapped = /^(?:0*:)*(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return blocked.check(mapped[1]!, 'ipv4')
  const hexMapped = /^(?:0*:)*ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip)
  if (hexMapped) {
    const hi = parseInt(hexMapped[1]!, 16)
    const lo = parseInt(hexMapped[2]!, 16)
    return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4')
  }
  return blocked.check(ip, 'ipv6')
}

/**
 * The checks that need no network: a parseable http(s) URL, https unless allowed, no
 * credentials, and (for IP literals and `localhost`) no private address. Returns the problem
 * as a message a user can act on, or null.
 */
export function checkUrlShape(raw: string, rules: UrlRules): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'The url must be a valid absolute URL.'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The url must use https.'
  if (url.protocol === 'http:' && !rules.allowInsecureHttp) {
    return 'The url must use https (set WEBHOOK_ALLOW_INSECURE_HTTP=true to allow plain http).'
  }
  if (url.username || url.password) return 'The url must not contain credentials (user:password@).'
  if (!url.hostname) return 'The url must name a host.'
  if (!rules.allowPrivateHosts) {
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(host) && isBlockedAddress(host) && !(rules.allowLoopbackHosts && isLoopbackAddress(host))) return privateMessage(host)
    if (/^localhost$|\.localhost$/i.test(host) && !rules.allowLoopbackHosts) return privateMessage(host)
  }
  return null
}

/**
 * The full check, run when a webhook is saved and again before every send (so a DNS change
 * cannot redirect deliveries to an internal address): the shape, then every address the
 * host resolves to.
 */
export async function checkUrl(raw: string, rules: UrlRules, resolve: Resolver = systemResolver): Promise<string | null> {
  const shape = checkUrlShape(raw, rules)
  if (shape) return shape
  if (rules.allowPrivateHosts) return null
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) return null
  let addresses: string[]
  try {
    addresses = await resolve(host)
  } catch {
    return `The url host "${host}" could not be resolved.`
  }
  if (addresses.length === 0) return `The url host "${host}" could not be resolved.`
  const bad = addresses.find((a) => isBlockedAddress(a) && !(rules.allowLoopbackHosts && isLoopbackAddress(a)))
  return bad ? privateMessage(`${host} (${bad})`) : null
}

const privateMessage = (host: string) =>
  `The url host ${host} is a loopback, private, link-local or reserved address (set WEBHOOK_ALLOW_PRIVATE_HOSTS=true to allow it).`
