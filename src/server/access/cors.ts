import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'

/** Request headers a browser client may send (checked by the preflight). */
const ALLOW_HEADERS = 'project-id, authorization, cms-preview, content-type, accept, if-none-match, if-match, x-requested-with'
/** Response headers a browser client may read. */
const EXPOSE_HEADERS = 'etag, retry-after, x-ratelimit-limit, x-ratelimit-remaining'
const READ_METHODS = new Set(['GET', 'HEAD'])
const ALL_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE'

/**
 * CORS for browser clients (a site's dev server calling the API).
 * - `CMS_CORS_ORIGINS` unset: any origin may read (GET/HEAD) a public project; nothing else
 *   is shared with a browser (private content and writes need an explicit list).
 * - `CMS_CORS_ORIGINS=https://a.example,http://localhost:3000` (or `*`): those origins may
 *   make every request, reads and writes, on public and private projects.
 * No credentials mode: other origins authenticate with bearer tokens; the editor's session
 * cookie is SameSite=Strict and only works from the server's own origin.
 */
export function corsOrigin(origin: string, method: string, ctx: AppContext): string | null {
  const { corsConfigured, corsOrigins } = ctx.config
  if (!corsConfigured) {
    return READ_METHODS.has(method) && ctx.store.project.api === 'public' ? '*' : null
  }
  if (corsOrigins.includes('*')) return '*'
  return corsOrigins.includes(origin) ? origin : null
}

/** Headers to add to an actual (non-preflight) response, for a request's `Origin` header value and method; empty when CORS does not apply. */
export function corsHeadersFor(origin: string | null | undefined, method: string, ctx: AppContext): Record<string, string> {
  if (!origin) return {}
  const allowed = corsOrigin(origin, method.toUpperCase(), ctx)
  if (!allowed) return {}
  return {
    'access-control-allow-origin': allowed,
    'access-control-expose-headers': EXPOSE_HEADERS,
    ...(allowed === '*' ? {} : { vary: 'Origin' }),
  }
}

export const isPreflight = (event: H3Event): boolean =>
  event.req.method === 'OPTIONS' && event.req.headers.has('origin') && event.req.headers.has('access-control-request-method')

/** Answers a preflight: 204 with the grant, or 403 `{message}` naming the setting when the origin or method is not allowed. */
export function preflight(event: H3Event, ctx: AppContext): Response {
  const origin = event.req.headers.get('origin') ?? ''
  const method = (event.req.headers.get('access-control-request-method') ?? '').toUpperCase()
  const allowed = corsOrigin(origin, method, ctx)
  if (!allowed) {
    const why = ctx.config.corsConfigured
      ? `Origin ${JSON.stringify(origin)} is not in CMS_CORS_ORIGINS.`
      : 'Without CMS_CORS_ORIGINS, browsers may only read public projects; list your site\'s origin in CMS_CORS_ORIGINS to allow more.'
    return new Response(JSON.stringify({ message: `CORS request refused. ${why}` }), {
      status: 403,
      headers: { 'content-type': 'application/json; charset=utf-8', vary: 'Origin' },
    })
  }
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': allowed,
      'access-control-allow-methods': ctx.config.corsConfigured ? ALL_METHODS : 'GET, HEAD',
      'access-control-allow-headers': ALLOW_HEADERS,
      'access-control-max-age': '600',
      vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    },
  })
}
