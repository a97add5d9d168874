import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppContext } from '../context.ts'
import { isSlug, isUuid } from '../core/ids.ts'
import { getEntry, listEntries, type ReadResult } from '../service/entries/list.ts'
import { corsHeadersFor } from './cors.ts'
import { authorize, checkProjectHeader, credentialFromRequest, type Credential } from './guard.ts'
import { countRequest, countedByFastPath } from './middleware.ts'
import type { RateLimiter } from './rate-limit.ts'
import { checkPath, checkQuery } from './request-limits.ts'
import { ROUTE_TABLE } from './route.ts'
import { matchesEtag } from './etag.ts'
import { splitApiPrefix } from './api-prefix.ts'

/** Request targets that passed the path and query limits (pure checks of the string). */
const checkedTargets = new Set<string>()
const CHECKED_MAX = 4096

function remember(set: Set<string>, key: string): void {
  if (set.size >= CHECKED_MAX) set.clear()
  set.add(key)
}

/** Answers a request on Node's own objects, or returns false to hand it to h3 untouched. */
export type FastRead = (req: IncomingMessage, res: ServerResponse) => boolean

const HOST_RE = /^[\w.-]+(?::\d{1,5})?$|^\[[\d:a-f.]+\](?::\d{1,5})?$/i

/**
 * The hot read path: `GET /{collection}` and `GET /{collection}/{uuid}` (and HEAD) answered straight on
 * Node's request and response, with the same checks, in the same order, as the h3 pipeline
 * (path and query limits, CORS, project header, token and ability, rate limit, ETag) and the
 * same service call, headers and body. Only successful answers (200, 304) are given here;
 * anything else, from a 400 to a 429, is handed to h3, which answers it as for any route.
 *
 * Why: with a cached answer, h3's web Request/Response adaptation cost more than everything
 * else a list read does (measured: a bare h3 route reached 58–74% of a bare Node server, ours
 * 29–45%). A site build reading thousands of entries pays that on every request.
 */
export function createFastRead(ctx: AppContext, limiter: RateLimiter): FastRead {
  // First path segments of other routes (`/collections`, `/files`, ...): never a collection here.
  const reserved = new Set(ROUTE_TABLE.map((r) => r.path.split('/')[1] ?? '').filter((s) => s && !s.startsWith(':')))
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const target = req.url ?? ''
    const q = target.indexOf('?')
    const { path, prefix } = splitApiPrefix(q === -1 ? target : target.slice(0, q))
    const search = q === -1 ? '' : target.slice(q)
    const slash = path.indexOf('/', 1)
    const slug = slash === -1 ? path.slice(1) : path.slice(1, slash)
    const uuid = slash === -1 ? null : path.slice(slash + 1)
    if (!isSlug(slug) || reserved.has(slug) || (uuid !== null && !isUuid(uuid))) return false
    const headers = req.headers
    const host = headers.host
    // Links are built from the origin h3 would see; anything a proxy could rewrite goes to h3.
    if (!host || !HOST_RE.test(host) || headers['x-forwarded-host'] || headers['x-forwarded-proto'] || headers.origin === '') return false
    let result: ReadResult
    const extra: Record<string, string> = {}
    let credential: Credential
    try {
      if (!checkedTargets.has(target)) {
        checkPath(target)
        checkQuery(search)
        remember(checkedTargets, target)
      }
      Object.assign(extra, corsHeadersFor(headers.origin, req.method, ctx))
      checkProjectHeader(headers['project-id'] as string | undefined, ctx)
      credential = credentialFromRequest(headers.authorization, headers.cookie, ctx)
      authorize(credential, ctx, { ability: 'read' })
      const origin = `http://${host}${prefix}`
      result = uuid === null
        ? listEntries(ctx, slug, search.slice(1), origin)
        : getEntry(ctx, slug, uuid, search.slice(1), origin)
    } catch {
      // h3 runs the same steps again and answers with the error they raise.
      return false
    }
    const decision = countRequest(ctx, limiter, credential, req.socket.remoteAddress, extra)
    if (decision && !decision.allowed) {
      countedByFastPath.set(req, decision)
      return false
    }
    const common = { 'cache-control': 'no-cache', etag: result.etag, ...extra }
    if (result.revalidate !== false && matchesEtag(headers['if-none-match'], result.etag)) {
      res.writeHead(304, common)
      res.end()
    } else {
      // Answers are cached (service/entries/list.ts): encode each once, not on every send.
      const bytes = (result.bytes ??= Buffer.from(result.body))
      res.writeHead(200, { ...common, 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length })
      res.end(bytes)
    }
    return true
  }
}
