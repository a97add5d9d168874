import { timingSafeEqual } from 'node:crypto'
import type { H3Event } from 'h3'
import { CmsError, forbidden, notFound, unauthenticated } from '../../core/errors.ts'
import { isSlug, isUuid } from '../../core/ids.ts'
import type { Ability } from '../../core/types.ts'
import type { AppContext } from '../../context.ts'
import { findToken, isExpired } from '../../service/tokens/manage.ts'
import { readSessionCookie } from '../../sessions/cookie.ts'
import { editorState } from '../../sessions/editor-state.ts'
import { sessionEndsAt } from '../../sessions/session-store.ts'
import { ABILITIES } from '../../core/types.ts'
import type { Principal } from './route-access.ts'
import { enabledSettings } from '../../end-users/state.ts'


/**
 * What the `Authorization` header amounts to, before any route asks for an ability:
 * - `none`: no bearer at all (or another scheme, which the hosted service ignores too);
 * - `unknown`: a bearer that is no live token of this project (unknown, revoked, expired);
 * - `foreign`: an end-user key (`uak_...`) or an authentication JWT (`jwt`): never an API token: 401,
 *   or 403 `Forbidden.` for a valid end-user access token of this project (it identifies a person);
 * - a principal for a valid project token or the local admin token of a running server.
 */
export type Credential =
  | { kind: 'none' }
  | { kind: 'unknown' }
  | { kind: 'foreign'; jwt?: string }
  | Exclude<Principal, { kind: 'public' | 'end-user' | 'preview' }>

const credentials = new WeakMap<Request, Credential>()

/** The request's credential, resolved once per request (the rate limiter and the guard both ask). */
export function credentialOf(event: H3Event, ctx: AppContext): Credential {
  const cached = credentials.get(event.req)
  if (cached) return cached
  const credential = credentialFromRequest(event.req.headers.get('authorization'), event.req.headers.get('cookie'), ctx)
  credentials.set(event.req, credential)
  return credential
}

/**
 * The `/auth/*` routes of end users: the project header, then project auth on (else 404), then
 * for `user` routes a live end-user access token (else 401). API tokens and keys count for nothing here.
 */
export async function guardEndUserRoute(event: H3Event, ctx: AppContext, spec: { project?: 'optional'; projectAuth?: 'open' | 'user' | 'client' }): Promise<Principal> {
  const projectId = event.req.headers.get('project-id')
  if (spec.project !== 'optional' || projectId !== null) checkProjectHeader(projectId, ctx)
  enabledSettings(ctx)
  if (spec.projectAuth === 'open') return { kind: 'public' }
  const bearer = bearerOf(event.req.headers.get('authorization'))
  const principal = bearer && JWT_RE.test(bearer) ? await (await endUserAccounts()).authenticateEndUser(ctx, bearer) : null
  if (!principal) throw unauthenticated()
  return principal
}

/** A JWT on a project-token route: 403 when it is a valid end-user access token (identity only), else 401. */
export async function refuseEndUserToken(ctx: AppContext, jwt: string): Promise<never> {
  if (await (await endUserAccounts()).isEndUserAccessToken(ctx, jwt)) throw forbidden('Forbidden.')
  throw unauthenticated()
}

/** End users' accounts (jose, their store) are loaded by the first request that shows an end-user token, not by every app. */
const endUserAccounts = () => import('../../end-users/accounts.ts')

const bearerOf = (header: string | null | undefined): string | null => {
  const m = header ? /^\s*Bearer\s+(.*?)\s*$/i.exec(header) : null
  return m?.[1] || null
}

/** The `Project-Id` header must name this project: 400 when missing, 404 when another. */
export function checkProjectHeader(projectId: string | null | undefined, ctx: AppContext): void {
  if (!projectId) throw new CmsError('bad_request', 'Project header missing.')
  const uuid = ctx.store.project.uuid
  // The header as the project has it (every request of a site build): no copies to compare.
  if (projectId === uuid) return
  if (projectId.trim().toLowerCase() !== uuid.toLowerCase()) throw new CmsError('not_found', 'Project not found.')
}

/** What a route asks of its caller (see RouteSpec in route.ts). */
export interface AccessSpec {
  /** Ability the caller needs; `null` for routes outside the project scope. */
  ability: Ability | null
  /** `always`: a token is needed even on a public project. */
  token?: 'always' | 'private-only'
}

/** Whether a caller with this credential may use a route needing `ability` (pure: no request). */
export function authorize(credential: Credential, ctx: AppContext, spec: AccessSpec): Principal {
  if (spec.ability === null) return { kind: 'public' }
  const needsToken = spec.token === 'always' || spec.ability !== 'read' || ctx.store.project.api === 'private'
  switch (credential.kind) {
    case 'foreign':
      // End-user keys and JWTs identify people, not API clients: refused even where no token is needed.
      throw unauthenticated()
    case 'none':
    case 'unknown':
      // Public reads pass with no token or a stale one, as the hosted service lets them.
      if (!needsToken) return { kind: 'public' }
      throw unauthenticated()
    case 'token':
    case 'session':
      if (credential.abilities.has(spec.ability) || credential.abilities.has('*')) return credential
      if (!needsToken) return { kind: 'public' }
      throw forbidden()
    case 'local-admin':
      return credential
  }
}

const JWT_RE = /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site request protection for cookie-authenticated requests (the SameSite cookie is
 * the other half): a state-changing request must carry an `Origin` equal to the request's
 * own origin, and a browser's `Sec-Fetch-Site: cross-site` is refused outright.
 */
export function checkSameOrigin(event: H3Event): void {
  if (SAFE_METHODS.has(event.req.method)) return
  const headers = event.req.headers
  if (headers.get('sec-fetch-site') === 'cross-site') throw forbidden('Cross-site request refused: the editor session cookie only works for requests from the editor itself.')
  const origin = headers.get('origin')
  if (!origin) throw forbidden('Request refused: a request signed in by the editor session cookie must send an Origin header (browsers do; scripts should use an API token instead).')
  if (origin !== requestOrigin(event)) throw forbidden(`Cross-origin request refused: Origin ${JSON.stringify(origin.slice(0, 200))} is not this server's origin.`)
}

/**
 * The origin the client addressed: scheme and Host as received, with the scheme a TLS-ending
 * proxy reports in `X-Forwarded-Proto` (a cross-site page cannot set that header without a
 * preflight, which CORS refuses).
 */
export function requestOrigin(event: H3Event): string {
  const forwarded = event.req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : event.url.protocol.replace(/:$/, '')
  return `${scheme}://${event.url.host}`
}

/**
 * The credential of a request: the `Authorization` header when one is sent, else the editor
 * session cookie (an unknown, ended or revoked session counts as a stale credential).
 */
export function credentialFromRequest(authorization: string | null | undefined, cookie: string | null | undefined, ctx: AppContext): Credential {
  if (authorization) return credentialFromHeader(authorization, ctx)
  const id = readSessionCookie(cookie)
  if (!id) return { kind: 'none' }
  return sessionCredential(id, ctx) ?? { kind: 'unknown' }
}

/** The credential an editor session amounts to, or null when it has ended or its token is gone. */
export function sessionCredential(id: string, ctx: AppContext): Extract<Credential, { kind: 'session' }> | null {
  const { sessions } = editorState(ctx)
  const record = sessions.use(id)
  if (!record) return null
  const ends = sessionEndsAt(record)
  if (record.via === 'link') {
    return { kind: 'session', name: record.name, abilities: new Set(ABILITIES), key: `session:${record.hash}`, via: 'link', expiresAt: ends }
  }
  // A token session is worth what its token is worth now: revoked or expired ends it.
  const token = ctx.store.tokens.find((t) => t.hash === record.token_hash)
  if (!token || isExpired(token)) return null
  const abilities = token.abilities.includes('*' as never) ? ABILITIES : token.abilities
  return { kind: 'session', name: record.name, abilities: new Set(abilities), key: `session:${record.hash}`, via: 'token', expiresAt: ends }
}

/** What an `Authorization` header value amounts to (see Credential). */
export function credentialFromHeader(header: string | null | undefined, ctx: AppContext): Credential {
  if (!header) return { kind: 'none' }
  const token = bearerOf(header)
  if (!token) return { kind: 'none' }
  if (token.startsWith('uak_')) return { kind: 'foreign' }
  if (JWT_RE.test(token)) return { kind: 'foreign', jwt: token }
  if (ctx.localAdminToken && safeEqual(token, ctx.localAdminToken)) return { kind: 'local-admin', key: 'local-admin' }
  const record = findToken(ctx.store.tokens, token)
  if (!record) return { kind: 'unknown' }
  return { kind: 'token', name: record.name, abilities: new Set(record.abilities), key: `token:${record.hash}` }
}

const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** 404 for a path parameter that cannot name anything, with the message the resource's own lookup gives. */
export function checkParams(event: H3Event, pattern: string): void {
  const params = event.context.params
  if (!params) return
  for (const [name, raw] of Object.entries(params)) {
    const value = String(raw)
    if ((name === 'collection' || name === 'slug') && !isSlug(value)) throw notFound('Collection not found.')
    if (name === 'uuid' && !isUuid(value)) throw notFound(missingMessage(pattern))
  }
}

function missingMessage(pattern: string): string {
  if (pattern.startsWith('/webhooks')) return 'Webhook not found.'
  if (pattern.startsWith('/files')) return 'Asset not found.'
  return 'Content not found.'
}

