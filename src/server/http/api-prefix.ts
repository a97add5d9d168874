import type { H3Event } from 'h3'

/**
 * The hosted service serves its API under `/api` (`ELMAPI_API_URL=https://host/api`), so every
 * route answers there as well as at the root: an existing site's `.env` only changes its host.
 * A collection named `api` stays reachable as `/api/api`.
 */
const API_PREFIX = '/api'

/** The path without the `/api` prefix, and the prefix the request used ('' or '/api'). */
export function splitApiPrefix(path: string): { path: string; prefix: string } {
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return { path: path.slice(API_PREFIX.length) || '/', prefix: API_PREFIX }
  return { path, prefix: '' }
}

/** h3 `onRequest` hook: routes see the path without the prefix; the prefix is kept for links. */
export function stripApiPrefix(event: H3Event): void {
  const { path, prefix } = splitApiPrefix(event.url.pathname)
  if (!prefix) return
  event.url.pathname = path
  event.context.apiPrefix = prefix
}

/** Origin plus the prefix the request used: pagination links, `meta.path` and download URLs follow it. */
export function apiBase(event: H3Event): string {
  return `${event.url.origin}${(event.context.apiPrefix as string | undefined) ?? ''}`
}
