import { getRequestIP, type H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { CmsError } from '../../core/errors.ts'
import { authSettings, type AuthLimitName } from '../../end-users/settings.ts'
import { sha256 } from '../../end-users/auth-db.ts'
import type { RequestMeta } from '../../end-users/accounts.ts'
import type { RateLimiter } from '../rate-limit.ts'
import { apiBase } from '../api-prefix.ts'
import { requestOrigin } from '../guard.ts'

/**
 * The per-minute limits of the project-auth routes (the hosted service's `signup`, `signin`,
 * ... limiters), per project and client address, and per email where the route takes one.
 * Loopback is limited too: a site's sign-in flow should meet them before it ships.
 * `auth.rate_limits` in project.yaml changes them (0 turns one off).
 */
export function checkAuthLimit(event: H3Event, ctx: AppContext, limiter: RateLimiter, name: AuthLimitName, email?: string): void {
  const limit = authSettings(ctx.store.project).rateLimits[name]
  if (limit <= 0) return
  const key = `auth:${name}|${ctx.store.project.uuid}|${getRequestIP(event) ?? 'unknown'}${email ? `|${sha256(email.trim().toLowerCase())}` : ''}`
  const decision = limiter.hit(key, limit, 60_000)
  if (decision.allowed) return
  throw new CmsError('rate_limited', 'Too Many Attempts.', {
    headers: { 'retry-after': String(decision.retryAfter), 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': '0' },
  })
}

/** The client address (lockout key) and this server's confirm route (verification links). */
export function requestMeta(event: H3Event): RequestMeta {
  const base = `${requestOrigin(event)}${apiBase(event).slice(event.url.origin.length)}`
  return { ip: getRequestIP(event) ?? 'unknown', confirmUrl: `${base}/auth/verify-email/confirm` }
}
