import type { AppContext } from '../../context.ts'
import { CmsError, unauthenticated } from '../../core/errors.ts'
import { isLoopbackAddress } from '../../core/loopback.ts'
import type { ListLater } from '../../service/entries/list.ts'
import type { ReadResult } from '../../service/entries/read-model.ts'
import { corsHeadersFor } from './cors.ts'
import { matchesEtag } from '../http/etag.ts'
import { authorize, checkParams, checkProjectHeader, checkSameOrigin, credentialOf, guardEndUserRoute, refuseEndUserToken, type AccessSpec, type Credential } from './guard.ts'
import type { Principal } from './route-access.ts'
import { enabledSettings } from '../../end-users/state.ts'
import { authSettings } from '../../end-users/settings.ts'
import type { RateDecision, RateLimiter } from './rate-limit.ts'
import { checkPath, checkQuery } from './request-limits.ts'
import type { H3Event } from 'h3'
import { readOnlyRefusal } from './read-only.ts'
import { refuseTrackedState } from './tracked-state.ts'
import { previewPrincipal, previewTokenOf } from './preview-access.ts'

/**
 * Admission: what every API request passes before its handler, in this order, written once for
 * both ways in — the h3 pipeline (middleware.ts before routing, guard.ts per route) and the Node
 * fast read path (fast-read.ts):
 *
 * before routing (admitRequest)
 *   1. CORS: the headers the answer carries (errors included)
 *   2. request-target limits: a traversal-like path is a 404, a query beyond the parser's limits a 400
 *   3. rate limit: counts the request against its token or client address, `X-RateLimit-*`, 429
 * per route (admitRoute)
 *   4. `Project-Id` header: 400 when missing, 404 when another project's
 *   5. a read-only server refuses writes: 405
 *   6. credential: token, local admin token or editor session (a session's unsafe request must
 *      come from the server's own origin: 403)
 *   7. ability: 401 / 403
 * then the handler, and for reads the answer's headers and `If-None-Match` (readAnswer).
 *
 * The two callers differ only in how they read a request (web Request vs Node's
 * IncomingMessage): they hand the facts over as plain values.
 */

/** What admission reads of a request. `credential` is resolved lazily and at most once. */
export interface RequestFacts {
  method: string
  /** The request target as sent (path and query), before any URL normalisation. */
  target: string
  /** The query part of the target, with its `?` ('' when none). */
  search: string
  origin: string | null | undefined
  ip: string | undefined
  credential: () => Credential
}

/** Filled in while a request is admitted, kept when a step throws (its error answer carries the headers). */
export interface Admitted {
  headers: Record<string, string>
  /** The rate decision once the request was counted (null: not limited). */
  decision?: RateDecision | null
}

/** Steps 1–3. */
export function admitRequest(facts: RequestFacts, ctx: AppContext, limiter: RateLimiter, admitted: Admitted): void {
  const cors = corsHeadersFor(facts.origin, facts.method, ctx)
  for (const name in cors) admitted.headers[name] = cors[name]!
  checkTarget(limiter, facts.target, facts.search)
  const decision = countRequest(ctx, limiter, facts, admitted.headers)
  admitted.decision = decision
  if (!decision || decision.allowed) return
  admitted.headers['retry-after'] = String(decision.retryAfter)
  const windowMs = ctx.config.rateLimitWindowMs
  const per = windowMs === 60_000 ? 'per minute' : `per ${windowMs} ms`
  throw new CmsError(
    'rate_limited',
    `Too Many Attempts. This server allows ${decision.limit} requests ${per} per API token (or per client address without one); retry in ${decision.retryAfter} s, or raise API_RATE_LIMIT_PER_MINUTE (0 turns the limit off) in the environment or the .env file beside the content dir and send the server SIGHUP.`,
  )
}

/**
 * What the fast read path learnt of a request it leaves to h3 ("not mine": an error to answer,
 * an end user's token to verify, a list read that runs in slices), so that h3 admits the
 * request and parses its query once: the middleware takes the admission of steps 1–3 (a
 * request counts once against the rate limit), `guard` the outcome of steps 4–7, the read
 * route the read's error or its parsed query. Kept on the app (CmsApp.handovers) by Node's
 * request, and on the h3 event's context once the middleware took it.
 */
export interface Handover {
  /** Steps 1–3: the headers the answer carries and the rate decision. */
  admitted: Admitted
  /** Steps 1–3 refused the request: answered before routing, as h3 would. */
  refused?: { error: unknown }
  /** Steps 4–7 for the route the fast path stood in for: who the caller is (a promise: an end user's token, refused once verified), or the refusal. */
  route?: { spec: AdmissionSpec; principal: Principal | Promise<never> } | { spec: AdmissionSpec; error: unknown }
  /** The read itself: the error it raised, or a list read for the sliced path with its query parsed. */
  read?: { error: unknown } | { later: ListLater }
}

/** The handover of the request behind an h3 event (see Handover). */
export function handoverOf(event: H3Event): Handover | undefined {
  return event.context.handover as Handover | undefined
}

/** What the per-route steps read of a request. */
export interface RouteFacts {
  projectId: string | null | undefined
  credential: () => Credential
  /** Throws 403 unless an unsafe request signed in by the session cookie comes from our own origin. */
  checkSameOrigin: () => void
  /** The preview token the request carries (`Cms-Preview` header, else `preview` query parameter), or null. */
  preview?: () => string | null
}

/** What admission needs of a route (see RouteSpec in route.ts). */
export interface AdmissionSpec extends AccessSpec {
  method: string
  /** `optional`: the `project-id` header may be left out (checked when sent). */
  project?: 'optional'
  /** Project auth routes (see RouteSpec): `open`/`user` are end users' own, `client` introspection. */
  projectAuth?: 'open' | 'user' | 'client'
  /** A preview token may stand in for a read credential (see RouteAccess). */
  preview?: true
}

/**
 * Steps 4–7 for a route; returns who the caller is. A promise only when an end user's JWT must
 * be verified (project auth on): the fast read path hands such a request to h3.
 */
export function admitRoute(facts: RouteFacts, ctx: AppContext, spec: AdmissionSpec): Principal | Promise<never> {
  if (spec.ability === null) return { kind: 'public' }
  if (spec.project !== 'optional' || (facts.projectId !== null && facts.projectId !== undefined)) checkProjectHeader(facts.projectId, ctx)
  if (ctx.readOnly && spec.projectAuth) throw readOnlyRefusal(ctx, 'end-user')
  if (ctx.readOnly && isWrite(spec)) throw readOnlyRefusal(ctx, 'write')
  const credential = facts.credential()
  if (credential.kind === 'session') facts.checkSameOrigin()
  // An end user's valid access token identifies a person but grants nothing: 403, not 401.
  if (credential.kind === 'foreign' && credential.jwt && authSettings(ctx.store.project).enabled) return refuseEndUserToken(ctx, credential.jwt)
  // A preview token counts only where no API credential was sent (an API token wins).
  const preview = credential.kind === 'none' || credential.kind === 'unknown' ? facts.preview?.() : null
  if (preview) {
    if (spec.preview) return previewPrincipal(ctx, preview)
    if (spec.ability !== 'read') throw unauthenticated('A preview token only reads (entries with state=draft, /_events); this needs an API token.')
  }
  return authorize(credential, ctx, spec)
}

/** Routes a read-only replica refuses: every non-GET route except introspection (which writes nothing). */
const isWrite = (spec: AdmissionSpec): boolean =>
  spec.method !== 'GET' && spec.ability !== 'read' && spec.ability !== 'introspect'

/**
 * Steps 4–7 on the h3 pipeline, run before every route handler (see defineRoutes). Then the path
 * parameters with a known shape (`collection`/`slug` are slugs, `uuid` a UUID) are checked, so a
 * malformed or traversal-like segment is a 404 before any handler could touch the file system.
 */
export function guard(event: H3Event, ctx: AppContext, spec: AdmissionSpec & { path: string }): Principal | Promise<Principal> {
  // A replica's end users would be its own, apart from the writer's: every /auth/ route goes to the writer.
  if (ctx.readOnly && spec.projectAuth) throw readOnlyRefusal(ctx, 'end-user')
  // End users' state (auth.json, the signing key) is never read while git tracks it.
  const tracked = spec.projectAuth ? refuseTrackedState(ctx) : undefined
  if (tracked) return tracked.then(() => guard(event, ctx, spec))
  if (spec.projectAuth === 'open' || spec.projectAuth === 'user') return guardEndUserRoute(event, ctx, spec)
  // Steps 4–7 the fast read path already took for this route: their outcome, not a second pass.
  const route = handoverOf(event)?.route
  const handed = route?.spec === spec ? route : undefined
  if (handed && 'error' in handed) throw handed.error
  const principal = handed ? handed.principal : admitRoute({
    projectId: event.req.headers.get('project-id'),
    credential: () => credentialOf(event, ctx),
    checkSameOrigin: () => checkSameOrigin(event),
    preview: () => previewTokenOf(event.req.headers.get('cms-preview'), event.url.search),
  }, ctx, spec)
  if (principal instanceof Promise) return principal
  if (spec.ability !== null) checkParams(event, spec.path)
  // Introspection is part of project auth: absent (404) while it is off, once the token passed.
  if (spec.projectAuth === 'client') enabledSettings(ctx)
  return principal
}

/**
 * Counts a request against its key (the token, else the client address) and adds the
 * `X-RateLimit-*` headers. null when nothing is limited: limit 0, a loopback client without an
 * explicit limit, or the local admin token CLI commands use to reach a running server.
 */
function countRequest(ctx: AppContext, limiter: RateLimiter, facts: RequestFacts, headers: Record<string, string>): RateDecision | null {
  const limit = ctx.config.rateLimitPerMinute
  if (limit <= 0) return null
  // A site build on the same machine makes hundreds of reads a minute: not limited unless asked.
  if (!ctx.config.rateLimitExplicit && facts.ip !== undefined && isLoopbackAddress(facts.ip)) return null
  const credential = facts.credential()
  if (credential.kind === 'local-admin') return null
  const key = credential.kind === 'token' || credential.kind === 'session' ? credential.key : `ip:${facts.ip ?? 'unknown'}`
  return withRateHeaders(limiter.hit(key, limit, ctx.config.rateLimitWindowMs), headers)
}

function withRateHeaders(decision: RateDecision, headers: Record<string, string>): RateDecision {
  headers['x-ratelimit-limit'] = String(decision.limit)
  headers['x-ratelimit-remaining'] = String(decision.remaining)
  return decision
}

/**
 * Request targets that passed the limits (pure checks of the string): a site build repeats a few
 * thousand. One set per app, keyed by its rate limiter (built once per app), not one per process.
 */
const checkedByApp = new WeakMap<RateLimiter, Set<string>>()
const CHECKED_MAX = 4096
const CHECKED_CHARS_MAX = 1024

function checkTarget(limiter: RateLimiter, target: string, search: string): void {
  let checkedTargets = checkedByApp.get(limiter)
  if (!checkedTargets) checkedByApp.set(limiter, (checkedTargets = new Set()))
  // Without Node's raw target (app.fetch), the target is the path alone: the query is part of the key.
  const key = search && !target.includes('?') ? target + search : target
  if (checkedTargets.has(key)) return
  checkPath(target)
  checkQuery(search)
  // A long target is checked each time: the set stays small whatever is sent.
  if (key.length > CHECKED_CHARS_MAX) return
  if (checkedTargets.size >= CHECKED_MAX) checkedTargets.clear()
  checkedTargets.add(key)
}

/** Headers of a read answer (besides admission's): the same on both paths. */
export interface ReadAnswer {
  status: 200 | 304
  headers: Record<string, string>
}

/**
 * The answer to a read: 304 when `If-None-Match` matches (and the representation may be
 * revalidated), else 200 with the JSON body. The header set of a cached result is built once.
 */
export function readAnswer(result: ReadResult, ifNoneMatch: string | null | undefined): ReadAnswer {
  if (result.revalidate !== false && matchesEtag(ifNoneMatch, result.etag)) return { status: 304, headers: { 'cache-control': 'no-cache', etag: result.etag } }
  return OK_ANSWERS.get(result) ?? remember(result)
}

const OK_ANSWERS = new WeakMap<ReadResult, ReadAnswer>()

function remember(result: ReadResult): ReadAnswer {
  const answer: ReadAnswer = { status: 200, headers: { 'cache-control': 'no-cache', etag: result.etag, 'content-type': 'application/json; charset=utf-8' } }
  OK_ANSWERS.set(result, answer)
  return answer
}
