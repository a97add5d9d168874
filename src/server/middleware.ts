import { getRequestIP, type H3, type H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import { CmsError } from '../core/errors.ts'
import { toErrorResponse } from './errors.ts'
import { credentialOf, type Credential } from './guard.ts'
import { corsHeaders, isPreflight, preflight } from './cors.ts'
import type { RateDecision, RateLimiter } from './rate-limit.ts'
import { checkPath, checkQuery } from './request-limits.ts'
import { isLoopbackAddress } from '../core/loopback.ts'

/**
 * Cross-cutting request handling, registered before any route: CORS (preflights answered
 * here), request-target limits (path traversal → 404, query beyond the parser's limits → 400),
 * then the rate limit. Headers (CORS, `X-RateLimit-*`) are added to every answer, errors
 * included. SIGHUP re-reads the configuration once the server has started (start.ts).
 */
export function registerMiddleware(app: H3, ctx: AppContext, limiter: RateLimiter): void {
  app.use(async (event, next) => {
    if (isPreflight(event)) return preflight(event, ctx)
    const headers: Record<string, string> = corsHeaders(event, ctx)
    let result: unknown
    try {
      checkPath(rawTarget(event))
      checkQuery(event.url.search)
      rateLimit(event, ctx, limiter, headers)
      result = await next()
    } catch (error) {
      result = toErrorResponse(error instanceof Error && !(error instanceof CmsError) && error.cause instanceof Error ? error.cause : error)
    }
    return withHeaders(event, result, headers)
  })
}

/** Counts the request against its key; adds the `X-RateLimit-*` headers; throws the 429. */
function rateLimit(event: H3Event, ctx: AppContext, limiter: RateLimiter, headers: Record<string, string>): void {
  // A request the fast read path already counted (and handed over to answer its 429) counts once.
  const counted = countedByFastPath.get(nodeRequest(event) as object)
  const decision = counted
    ? withRateHeaders(counted, headers)
    : countRequest(ctx, limiter, credentialOf(event, ctx), getRequestIP(event), headers)
  if (!decision || decision.allowed) return
  headers['retry-after'] = String(decision.retryAfter)
  const windowMs = ctx.config.rateLimitWindowMs
  const per = windowMs === 60_000 ? 'per minute' : `per ${windowMs} ms`
  throw new CmsError(
    'rate_limited',
    `Too Many Attempts. This server allows ${decision.limit} requests ${per} per API token (or per client address without one); retry in ${decision.retryAfter} s, or raise API_RATE_LIMIT_PER_MINUTE (0 turns the limit off) in the environment or the .env file beside the content dir and send the server SIGHUP.`,
  )
}

/**
 * Counts a request against its key (the token, else the client address) and adds the
 * `X-RateLimit-*` headers. null when nothing is limited: limit 0, or the local admin token
 * CLI commands use to reach a running server.
 */
export function countRequest(ctx: AppContext, limiter: RateLimiter, credential: Credential, ip: string | undefined, headers: Record<string, string>): RateDecision | null {
  const limit = ctx.config.rateLimitPerMinute
  if (limit <= 0 || credential.kind === 'local-admin') return null
  // A site build on the same machine makes hundreds of reads a minute: not limited unless asked.
  if (!ctx.config.rateLimitExplicit && ip !== undefined && isLoopbackAddress(ip)) return null
  const key = credential.kind === 'token' || credential.kind === 'session' ? credential.key : `ip:${ip ?? 'unknown'}`
  return withRateHeaders(limiter.hit(key, limit, ctx.config.rateLimitWindowMs), headers)
}

function withRateHeaders(decision: RateDecision, headers: Record<string, string>): RateDecision {
  headers['x-ratelimit-limit'] = String(decision.limit)
  headers['x-ratelimit-remaining'] = String(decision.remaining)
  return decision
}

/** Rate decisions the fast read path made for requests it then handed to h3 (see fast-read.ts). */
export const countedByFastPath = new WeakMap<object, RateDecision>()

/** Node's IncomingMessage behind an h3 event, when served by Node. */
function nodeRequest(event: H3Event): { url?: string } | undefined {
  return (event.req as { runtime?: { node?: { req?: { url?: string } } } }).runtime?.node?.req
}

/** The request target as the client sent it, before URL normalisation resolved any `..`. */
function rawTarget(event: H3Event): string {
  return nodeRequest(event)?.url ?? event.url.pathname
}

function withHeaders(event: H3Event, result: unknown, headers: Record<string, string>): unknown {
  const entries = Object.entries(headers)
  if (entries.length === 0) return result
  if (result instanceof Response) {
    const apply = (target: Headers) => {
      for (const [name, value] of entries) {
        if (name === 'vary' && target.has('vary')) target.set('vary', `${target.get('vary')}, ${value}`)
        else target.set(name, value)
      }
    }
    try {
      // Responses built by handlers have mutable headers: no copy of the body stream.
      apply(result.headers)
      return result
    } catch {
      const merged = new Headers(result.headers)
      apply(merged)
      return new Response(result.body, { status: result.status, statusText: result.statusText, headers: merged })
    }
  }
  for (const [name, value] of entries) event.res.headers.set(name, value)
  return result
}
