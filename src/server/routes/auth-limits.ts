import { getRequestIP, type H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { CmsError } from '../../core/errors.ts'
import { authSettings, publicUrl, type AuthLimitName } from '../../end-users/settings.ts'
import { sha256 } from '../../end-users/auth-db.ts'
import type { RequestMeta } from '../../end-users/accounts.ts'
import type { RateLimiter } from '../access/rate-limit.ts'
import { authLog } from '../../end-users/state.ts'

/**
 * The per-minute limits of the project-auth routes (the hosted service's `signup`, `signin`,
 * ... limiters), per project and client address, and per email where the route takes one.
 * Sign-in is also limited per address whatever the email (the same `login` number): one
 * address trying many accounts meets it. Loopback is limited too: a site's sign-in flow should
 * meet them before it ships. `auth.rate_limits` in project.yaml changes them (0 turns one off,
 * as `API_RATE_LIMIT_PER_MINUTE=0` does; the sign-in lockout holds regardless).
 */
export function checkAuthLimit(event: H3Event, ctx: AppContext, limiter: RateLimiter, name: AuthLimitName, email?: string): void {
  const limit = authSettings(ctx.store.project).rateLimits[name]
  if (limit <= 0) return
  const address = `${ctx.store.project.uuid}|${getRequestIP(event) ?? 'unknown'}`
  const keys = [`auth:${name}|${address}${email ? `|${sha256(email.trim().toLowerCase())}` : ''}`]
  if (name === 'login') keys.push(`auth:login-address|${address}`)
  // Both windows count every request, refused ones included, as the content API's limiter does.
  const refused = keys.map((key) => limiter.hit(key, limit, 60_000)).filter((d) => !d.allowed)
  if (refused.length === 0) return
  const retryAfter = Math.max(...refused.map((d) => d.retryAfter))
  throw new CmsError('rate_limited', 'Too Many Attempts.', {
    headers: { 'retry-after': String(retryAfter), 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': '0' },
  })
}

/**
 * The client address (lockout key) and this server's confirm route (verification links).
 * The link's scheme and host never come from the request's `Host` or `X-Forwarded-*`
 * headers (a sign-up sent with `Host: attacker.example` would mail the attacker's link):
 * they come from `CMS_PUBLIC_URL` when set, else from the address the server itself
 * answered on (the socket's local address and port).
 */
export function requestMeta(event: H3Event, ctx: AppContext): RequestMeta {
  return { ip: getRequestIP(event) ?? 'unknown', confirmUrl: confirmBase(event, ctx) }
}

function confirmBase(event: H3Event, ctx: AppContext): string | null {
  const configured = publicUrl(ctx.config.env)
  if (configured.error) warnOnce(configured.error)
  if (configured.url) return `${configured.url}/auth/verify-email/confirm`
  const socket = (event.req as { runtime?: { node?: { req?: { socket?: { localAddress?: string; localPort?: number } } } } }).runtime?.node?.req?.socket
  if (!socket?.localAddress || !socket.localPort) return null
  const address = socket.localAddress.replace(/^::ffff:(?=\d+\.)/, '')
  const host = address.includes(':') ? `[${address}]` : address
  const prefix = (event.context.apiPrefix as string | undefined) ?? ''
  return `http://${host}:${socket.localPort}${prefix}/auth/verify-email/confirm`
}

let warned = ''
function warnOnce(message: string): void {
  if (warned === message) return
  warned = message
  authLog(message)
}
