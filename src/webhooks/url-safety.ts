import { BlockList, isIP } from 'node:net'
import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import { isLoopbackAddress } from '../core/loopback.ts'

export interface UrlRules {
  allowInsecureHttp: boolean
  allowPrivateHosts: boolean
  /** Loopback receivers only (see local-receivers.ts): the default of a loopback-bound server. */
  allowLoopbackHosts?: boolean
  /** Plain http to loopback receivers only (`localhost`, `*.localhost`, a loopback address): the same default. */
  allowLoopbackHttp?: boolean
}

/** A receiver on this machine by its URL alone: `localhost`, `*.localhost` (RFC 6761) or a loopback address. */
export function isLoopbackReceiver(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return /^localhost\.?$|\.localhost\.?$/i.test(host) || (isIP(host) !== 0 && isLoopbackAddress(host))
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

/**
 * True for loopback, private, link-local, multicast, documentation and other reserved
 * addresses. Parsed by ipaddr.js, not by patterns: IPv6 spells one address many ways
 * (`::127.0.0.1`, `::ffff:0:7f00:1`, `0:0::ffff:7f00:1`), and every form that carries an
 * IPv4 address (mapped, translated, compatible) is judged by that address.
 */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (!ipaddr.isValid(ip)) return true
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.parse(ip)
  } catch {
    return true
  }
  if (parsed.kind() === 'ipv6') {
    const embedded = embeddedIPv4(parsed as ipaddr.IPv6)
    if (embedded) return isBlockedIPv4(embedded)
    const v6 = parsed as ipaddr.IPv6
    return v6.range() !== 'unicast' || blocked.check(v6.toNormalizedString(), 'ipv6')
  }
  return isBlockedIPv4(parsed as ipaddr.IPv4)
}

function isBlockedIPv4(v4: ipaddr.IPv4): boolean {
  return v4.range() !== 'unicast' || blocked.check(v4.toString(), 'ipv4')
}

/** The IPv4 address an IPv6 form carries in its last 32 bits: ::a.b.c.d, ::ffff:a.b.c.d, ::ffff:0:a.b.c.d. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts
  const zero = (from: number, to: number) => p.slice(from, to).every((x) => x === 0)
  const carries =
    (zero(0, 6) && (p[6] !== 0 || p[7]! > 1)) || // IPv4-compatible (:: and ::1 are judged as IPv6)
    (zero(0, 5) && p[5] === 0xffff) || // IPv4-mapped
    (zero(0, 4) && p[4] === 0xffff && p[5] === 0) // IPv4-translated (RFC 6145); NAT64 stays blocked whole
  if (!carries) return null
  return new ipaddr.IPv4([p[6]! >> 8, p[6]! & 255, p[7]! >> 8, p[7]! & 255])
}

/**
 * The checks that need no network: a parseable http(s) URL, https unless allowed, no
 * credentials, and (for IP literals and `localhost`) no private address. Returns the problem
 * as a message a user can act on, or null.
 */
function checkUrlShape(raw: string, rules: UrlRules): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'The url must be a valid absolute URL.'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The url must use https.'
  // Plain http exposes the body and signature on the wire: only a receiver on this machine is exempt by default.
  if (url.protocol === 'http:' && !rules.allowInsecureHttp && !(rules.allowLoopbackHttp && isLoopbackReceiver(url.hostname))) {
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
