import { randomInt } from 'node:crypto'
import { notFound, unauthenticated } from '../core/errors.ts'
import { sha256, type ApiKeyRecord } from './auth-db.ts'
import type { AuthMessage, EndUserPrincipal } from './accounts.ts'
import { Problems, requiredString } from './input.ts'
import { enabledSettings, endUserState, type EndUserContext } from './state.ts'
import { publicKey, type EndUserApiKey } from './views.ts'

/**
 * End users' own API keys (`uak_<prefix>_<secret>`): made by a signed-in user, shown once,
 * stored as SHA-256; a project's backend asks whether one is valid with introspection.
 */
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789'
const MIXED = `${LOWER}ABCDEFGHIJKLMNOPQRSTUVWXYZ`
const randomChars = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('')
/** A signed-in user may hold this many keys that are not revoked. */
export const MAX_KEYS_PER_USER = 100

/** The user's API keys, newest first, without secrets. */
export interface EndUserApiKeyList {
  data: EndUserApiKey[]
}

/** An API key just made: `plain_text_key` is shown this once (only its hash is kept). */
export interface CreatedEndUserApiKey {
  id: number
  name: string
  key_prefix: string
  scopes: string[]
  expires_at: string | null
  created_at: string
  plain_text_key: string
}

/** `POST /auth/api-keys`'s body. */
export interface EndUserApiKeyInput {
  /** At most 255 characters. */
  name: string
  /** At most 100 strings of at most 100 characters (duplicates are dropped). */
  scopes?: string[] | null
  /** A date after now (ISO 8601); none: the key does not expire. */
  expires_at?: string | null
}

/** `POST /auth/api-keys/introspect`'s body. */
export interface ApiKeyIntrospectInput {
  /** The `uak_` key to check. */
  api_key: string
}

/** `GET /auth/api-keys`: the user's keys, newest first, without secrets. */
export async function listKeys(ctx: EndUserContext, principal: EndUserPrincipal): Promise<EndUserApiKeyList> {
  enabledSettings(ctx)
  const doc = await endUserState(ctx).db.read()
  return { data: doc.api_keys.filter((k) => k.user_uuid === principal.userUuid).sort((a, b) => b.id - a.id).map(publicKey) }
}

/** `POST /auth/api-keys {name, scopes?, expires_at?}`: 201 with `plain_text_key`, shown this once. */
export async function createKey(ctx: EndUserContext, principal: EndUserPrincipal, body: Record<string, unknown>): Promise<CreatedEndUserApiKey> {
  enabledSettings(ctx)
  const problems = new Problems()
  const name = requiredString(body, 'name', problems, { max: 255, text: true })
  const scopes = readScopes(body.scopes, problems)
  const expiresAt = readExpiry(body.expires_at, problems)
  problems.throwIfAny()
  const prefix = randomChars(LOWER, 12)
  const plain = `uak_${prefix}_${randomChars(MIXED, 64)}`
  const key = await endUserState(ctx).db.update((doc, nowMs) => {
    if (!doc.users.some((u) => u.uuid === principal.userUuid && !u.suspended_at)) throw unauthenticated()
    const live = doc.api_keys.filter((k) => k.user_uuid === principal.userUuid && !k.revoked_at).length
    if (live >= MAX_KEYS_PER_USER) {
      const message = `You already have ${MAX_KEYS_PER_USER} API keys; revoke one first.`
      problems.add('name', message)
      problems.throwIfAny()
    }
    const record: ApiKeyRecord = {
      id: doc.next_ids.api_keys++, user_uuid: principal.userUuid, name, key_prefix: prefix, hash: sha256(plain), scopes,
      expires_at: expiresAt, last_used_at: null, revoked_at: null, created_at: new Date(nowMs).toISOString(),
    }
    doc.api_keys.push(record)
    return record
  })
  return { id: key.id, name: key.name, key_prefix: key.key_prefix, scopes: key.scopes, expires_at: key.expires_at, created_at: key.created_at, plain_text_key: plain }
}

/** `POST /auth/api-keys/{id}/revoke`: only the user's own keys (another's is "Not found."). */
export async function revokeKey(ctx: EndUserContext, principal: EndUserPrincipal, id: string): Promise<AuthMessage> {
  enabledSettings(ctx)
  const n = /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null
  const done = n !== null && await endUserState(ctx).db.update((doc, nowMs) => {
    const key = doc.api_keys.find((k) => k.id === n && k.user_uuid === principal.userUuid)
    if (!key) return false
    key.revoked_at ??= new Date(nowMs).toISOString()
    return true
  })
  if (!done) throw notFound('Not found.')
  return { message: 'API key revoked.' }
}

/**
 * What introspection says of a key: `active` with its owner and scopes, or inactive (a known key
 * keeps its id, prefix and expiry; an unknown one has nulls).
 */
export interface ApiKeyIntrospection {
  active: boolean
  project_uuid: string | null
  user_uuid: string | null
  scopes: string[]
  expires_at: string | null
  key_id: number | null
  key_prefix: string | null
}

/**
 * How fresh `last_used_at` is kept. Recording it rewrites and fsyncs the whole end-user store
 * under its file lock: a backend that introspects a key on each of its requests would pay that
 * every time, so a key used again within a minute of its recorded use is not written again.
 */
const LAST_USED_STEP_MS = 60_000

/**
 * `POST /auth/api-keys/introspect {api_key}`: always an answer, never an error for a bad key.
 * A known key that is revoked, expired or whose owner is suspended or gone is inactive, with
 * its id, prefix and expiry but no owner or scopes. An active one records `last_used_at` (to the minute).
 */
export async function introspect(ctx: EndUserContext, body: Record<string, unknown>): Promise<ApiKeyIntrospection> {
  enabledSettings(ctx)
  const problems = new Problems()
  const apiKey = requiredString(body, 'api_key', problems, { min: 20, max: 512 })
  problems.throwIfAny()
  const project = ctx.store.project.uuid
  const hash = sha256(apiKey)
  const { db } = endUserState(ctx)
  const doc = await db.read()
  const key = doc.api_keys.find((k) => k.hash === hash)
  if (!key) return { active: false, project_uuid: null, user_uuid: null, scopes: [], expires_at: null, key_id: null, key_prefix: null }
  const known = { project_uuid: project, expires_at: key.expires_at, key_id: key.id, key_prefix: key.key_prefix }
  const owner = doc.users.find((u) => u.uuid === key.user_uuid)
  const active = !key.revoked_at && (!key.expires_at || Date.parse(key.expires_at) > Date.now()) && !!owner && !owner.suspended_at
  if (!active) return { active: false, user_uuid: null, scopes: [], ...known }
  if (!key.last_used_at || Date.now() - Date.parse(key.last_used_at) >= LAST_USED_STEP_MS) {
    await db.update((d, nowMs) => {
      const k = d.api_keys.find((x) => x.id === key.id)
      if (k) k.last_used_at = new Date(nowMs).toISOString()
    })
  }
  return { active: true, user_uuid: key.user_uuid, scopes: key.scopes, ...known }
}

function readScopes(value: unknown, problems: Problems): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) {
    problems.add('scopes', 'The scopes field must be an array.')
    return []
  }
  if (value.length > 100) problems.add('scopes', 'The scopes field must not have more than 100 items.')
  value.forEach((s, i) => {
    if (typeof s !== 'string') problems.add(`scopes.${i}`, `The scopes.${i} field must be a string.`)
    else if (s.length > 100) problems.add(`scopes.${i}`, `The scopes.${i} field must not be greater than 100 characters.`)
  })
  return [...new Set(value.filter((s): s is string => typeof s === 'string'))]
}

function readExpiry(value: unknown, problems: Problems): string | null {
  if (value === undefined || value === null) return null
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN
  if (Number.isNaN(ms)) {
    problems.add('expires_at', 'The expires at field must be a valid date.')
    return null
  }
  if (ms <= Date.now()) problems.add('expires_at', 'The expires at field must be a date after now.')
  return new Date(ms).toISOString()
}
