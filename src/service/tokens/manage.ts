import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import ms, { type StringValue } from 'ms'
import { badRequest, conflict, notFound } from '../../core/errors.ts'
import { ABILITIES, type Ability, type TokenRecord } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'

/** Every API token starts with this, so secret scanners and people recognise one. */
const TOKEN_PREFIX = 'cms_'
const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/

/** A token as `cms token list` shows it: never the secret, only its last 4 characters. */
export interface TokenInfo {
  name: string
  abilities: Array<Ability | '*'>
  last4: string
  created_at: string
  expires_at: string | null
  expired: boolean
}

/** The body of `POST /_admin/api/tokens`: a name, its abilities (a comma list or an array), and optionally when it expires (`30d`, or a date). */
export interface TokenInput { name: string; abilities: string | string[]; expires?: string | null }

export interface CreatedToken {
  /** The plaintext token: shown once, stored nowhere. */
  token: string
  name: string
  abilities: Array<Ability | '*'>
  expires_at: string | null
}

/** Parses `read,create` (or `*`/`all`) into abilities; a 400 naming the unknown one otherwise. */
export function parseAbilities(text: string): Array<Ability | '*'> {
  const parts = text.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)
  if (parts.length === 0) throw badRequest(`--abilities needs at least one of ${ABILITIES.join(', ')} (or * for all).`)
  if (parts.includes('*') || parts.includes('all')) return ['*']
  const out: Ability[] = []
  for (const part of parts) {
    if (!(ABILITIES as readonly string[]).includes(part)) throw badRequest(`Unknown ability "${part}": use ${ABILITIES.join(', ')} (or * for all).`)
    if (!out.includes(part as Ability)) out.push(part as Ability)
  }
  return ABILITIES.filter((a) => out.includes(a))
}

/**
 * Parses `--expires`: an ISO date (`2026-01-31`, valid through the end of that UTC day), a
 * date-time, or a duration from now (`30d`, `12h`, `90m`, `2w`). Must be in the future.
 */
export function parseExpiry(text: string, nowMs = Date.now()): string {
  const value = text.trim()
  // A number with a unit only: a bare number (`2030`) is a year for Date.parse, not milliseconds.
  const duration = /^\d+\s*[a-z]+$/i.test(value) ? ms(value as StringValue) : undefined
  let at: number
  if (duration !== undefined && Number.isFinite(duration)) {
    at = nowMs + duration
  } else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    at = Date.parse(`${value}T23:59:59.999Z`)
  } else {
    at = Date.parse(value)
  }
  if (!Number.isFinite(at)) throw badRequest(`--expires: "${text}" is not a date (2026-01-31), a date-time, or a duration (30d, 12h).`)
  if (at <= nowMs) throw badRequest(`--expires: ${new Date(at).toISOString()} is already past.`)
  return new Date(at).toISOString()
}

/**
 * Creates a token: random, prefixed, returned once. Only its SHA-256, name, abilities, last
 * 4 characters and dates are written, to `tokens.yaml` (a running server's watcher picks the
 * change up). Names are unique: they are how `revoke` and the team refer to a token.
 */
export async function createToken(
  store: ContentStore,
  input: { name: string; abilities: Array<Ability | '*'>; expiresAt?: string | null },
): Promise<CreatedToken> {
  const name = input.name.trim()
  if (!NAME_RE.test(name)) throw badRequest(`Token name "${input.name}" must be 1-64 letters, digits, spaces, dots, dashes or underscores.`)
  if (input.abilities.length === 0) throw badRequest('A token needs at least one ability.')
  const token = `${TOKEN_PREFIX}${randomBytes(30).toString('base64url')}`
  const record: TokenRecord = {
    name,
    abilities: input.abilities as Ability[],
    hash: hashToken(token),
    last4: token.slice(-4),
    created_at: new Date().toISOString(),
    expires_at: input.expiresAt ?? null,
  }
  await store.updateTokens((current) => {
    if (current.some((t) => t.name === name)) throw conflict(`A token named "${name}" already exists; revoke it first or pick another name.`)
    return { tokens: [...current, record], result: null }
  }, 'cli')
  return { token, name, abilities: input.abilities, expires_at: record.expires_at }
}

export function listTokens(store: ContentStore, nowMs = Date.now()): TokenInfo[] {
  return store.tokens.map((t) => toInfo(t, nowMs))
}

const toInfo = (t: TokenRecord, nowMs = Date.now()): TokenInfo => ({
  name: t.name, abilities: t.abilities, last4: t.last4, created_at: t.created_at, expires_at: t.expires_at, expired: isExpired(t, nowMs),
})

/** Removes a token by name; any server using this tree refuses it as soon as its watcher sees the file. */
export async function revokeToken(store: ContentStore, name: string): Promise<TokenInfo> {
  const found = await store.updateTokens((current) => {
    const hit = current.find((t) => t.name === name)
    if (!hit) throw notFound(`No token named "${name}" (see \`cms token list\`).`)
    return { tokens: current.filter((t) => t !== hit), result: hit }
  }, 'cli')
  return toInfo(found)
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/**
 * Looks a token up by its SHA-256, comparing digests in constant time against every record
 * (no early exit, so timing says nothing about which record matched); expired tokens do not match.
 */
export function findToken(tokens: readonly TokenRecord[], token: string, nowMs = Date.now()): TokenRecord | undefined {
  const digest = Buffer.from(hashToken(token), 'hex')
  let found: TokenRecord | undefined
  for (const record of tokens) {
    const candidate = Buffer.from(record.hash, 'hex')
    if (candidate.length === digest.length && timingSafeEqual(candidate, digest)) found = record
  }
  if (found && isExpired(found, nowMs)) return undefined
  return found
}

/** Expired when `expires_at` is past, or unreadable (fail closed). */
export const isExpired = (record: Pick<TokenRecord, 'expires_at'>, nowMs = Date.now()): boolean =>
  record.expires_at !== null && !(Date.parse(record.expires_at) > nowMs)
