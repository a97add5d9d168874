import { createHash, timingSafeEqual } from 'node:crypto'
import type { H3Event } from 'h3'
import { CmsError, forbidden, unauthenticated } from '../core/errors.ts'
import type { Ability, TokenRecord } from '../core/types.ts'
import type { AppContext } from '../context.ts'
import type { RouteSpec } from './route.ts'

export type Principal =
  | { kind: 'public' }
  | { kind: 'token'; name: string; abilities: ReadonlySet<string>; key: string }
  | { kind: 'local-admin'; key: string }

/**
 * Project header, then token, then ability: the order and messages of the hosted service.
 * Runs before every route handler (see defineRoutes).
 */
export function guard(event: H3Event, ctx: AppContext, spec: Pick<RouteSpec, 'ability' | 'token'>): Principal {
  if (spec.ability === null) return { kind: 'public' }
  const projectId = event.req.headers.get('project-id')
  if (!projectId) throw new CmsError('bad_request', 'Project header missing.')
  if (projectId.toLowerCase() !== ctx.store.project.uuid.toLowerCase()) throw new CmsError('not_found', 'Project not found.')

  const principal = authenticate(event, ctx)
  const needsToken = spec.token === 'always' || spec.ability !== 'read' || ctx.store.project.api === 'private'
  if (principal.kind === 'public') {
    if (!needsToken) return principal
    // A public project answers tokenless writes with 401: there is no identity to hold abilities.
    throw unauthenticated()
  }
  if (principal.kind === 'token' && !principal.abilities.has(spec.ability) && !principal.abilities.has('*')) {
    // Public reads pass with any token, as the hosted service does.
    if (!needsToken) return { kind: 'public' }
    throw forbidden()
  }
  return principal
}

function authenticate(event: H3Event, ctx: AppContext): Principal {
  const header = event.req.headers.get('authorization')
  if (!header) return { kind: 'public' }
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!m) throw unauthenticated()
  const token = m[1]!
  if (ctx.localAdminToken && safeEqual(token, ctx.localAdminToken)) return { kind: 'local-admin', key: 'local-admin' }
  const record = findToken(ctx.store.tokens, token)
  if (!record) throw unauthenticated()
  return { kind: 'token', name: record.name, abilities: new Set(record.abilities), key: `token:${record.name}` }
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** Looks a token up by its SHA-256, comparing digests in constant time; expired tokens do not match. */
export function findToken(tokens: readonly TokenRecord[], token: string): TokenRecord | undefined {
  const digest = Buffer.from(hashToken(token), 'hex')
  const nowMs = Date.now()
  let found: TokenRecord | undefined
  for (const record of tokens) {
    const candidate = Buffer.from(record.hash, 'hex')
    if (candidate.length === digest.length && timingSafeEqual(candidate, digest)) found = record
  }
  if (found?.expires_at && Date.parse(found.expires_at) <= nowMs) return undefined
  return found
}

const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export type { Ability }
