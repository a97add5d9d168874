import { getRequestIP, type H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { CmsError } from '../../core/errors.ts'
import { toErrorResponse } from './errors.ts'
import { credentialOf } from '../access/guard.ts'
import { isPreflight, preflight } from '../access/cors.ts'
import type { RateLimiter } from '../access/rate-limit.ts'
import { admitRequest, type Admitted } from '../access/admission.ts'
import type { CmsApp } from './cms-app.ts'
import { compressAnswer } from './compression.ts'

/**
 * Cross-cutting request handling, registered before any route: CORS preflights answered here,
 * then admission's steps before routing (admission.ts: CORS headers, request-target limits,
 * rate limit). Headers (CORS, `X-RateLimit-*`) are added to every answer, errors included.
 * SIGHUP re-reads the configuration once the server has started (start.ts).
 */
export function registerMiddleware(app: CmsApp, ctx: AppContext, limiter: RateLimiter): void {
  app.use(async (event, next) => {
    if (isPreflight(event)) return preflight(event, ctx)
    const node = nodeRequest(event)
    // A request the fast read path left to h3 was admitted there: taken over, not admitted (or counted) again.
    const handed = node ? app.handovers.get(node) : undefined
    const admitted: Admitted = handed ? handed.admitted : { headers: {} }
    let result: unknown
    try {
      if (handed) {
        event.context.handover = handed
        if (handed.refused) throw handed.refused.error
      } else {
        admitRequest({
          method: event.req.method,
          target: node?.url ?? event.url.pathname,
          search: event.url.search,
          origin: event.req.headers.get('origin'),
          ip: getRequestIP(event),
          credential: () => credentialOf(event, ctx),
        }, ctx, limiter, admitted)
      }
      result = await compressAnswer(event, await next())
    } catch (error) {
      result = toErrorResponse(error instanceof Error && !(error instanceof CmsError) && error.cause instanceof Error ? error.cause : error)
    }
    return withHeaders(event, result, admitted.headers)
  })
}

/** Node's IncomingMessage behind an h3 event, when served by Node. */
function nodeRequest(event: H3Event): { url?: string } | undefined {
  return (event.req as { runtime?: { node?: { req?: { url?: string } } } }).runtime?.node?.req
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
