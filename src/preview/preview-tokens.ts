import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { stampOf, writeFileAtomic, type FileStamp } from '../storage/atomic.ts'
import { withFileLock } from '../storage/file-lock.ts'

/**
 * Preview tokens: short-lived, read-only, signed tokens that let a site read drafts
 * (docs/preview.md, docs/security.md). Nothing about a token is stored when it is issued: it
 * carries its project, its optional entry and its expiry, signed (HMAC-SHA256) with a key kept in
 * `.cms/preview.json` (mode 0600, never content). Revoking one adds its id to a list in the same
 * file until it would have expired; revoking all moves a "not before" time, so every token issued
 * earlier stops at once. Each process re-reads the file when it changes.
 */
export interface PreviewClaims {
  /** Project uuid. */
  p: string
  /** Collection slug and entry uuid when the token is scoped to one entry. */
  c?: string
  u?: string
  /** Issued at and expires at, in milliseconds since the epoch. */
  iat: number
  exp: number
  /** A random id (for revoking this one token). */
  n: string
}

export const PREVIEW_TTL_DEFAULT = 3600
export const PREVIEW_TTL_MAX = 86_400
const PREFIX = 'cpv_'

interface PreviewFile {
  secret: string
  /** Tokens issued before this (ms) are refused: `--revoke-all`. */
  not_before: number
  /** Revoked token ids and their expiry (ms), dropped once expired. */
  revoked: Record<string, number>
}

/** Why a preview token is refused: the status and the message the API answers with. */
export interface PreviewRefusal {
  status: 401 | 403
  message: string
}

export const previewFilePath = (stateDir: string): string => join(stateDir, 'preview.json')

interface Loaded {
  stamp: FileStamp | null
  file: PreviewFile | null
  secret: Buffer | null
}

/** The preview tokens of one state folder: issue, verify, revoke. */
export class PreviewTokens {
  readonly stateDir: string
  #loaded: Loaded = { stamp: null, file: null, secret: null }
  readonly #now: () => number

  constructor(stateDir: string, options: { now?: () => number } = {}) {
    this.stateDir = stateDir
    this.#now = options.now ?? Date.now
  }

  /** Signs a token for the project (and one entry when given); its file is made on first use. */
  async issue(input: { project: string; collection?: string; uuid?: string; ttlSeconds: number }): Promise<{ token: string; expires_at: string }> {
    const file = this.#read() ?? (await this.#update((f) => f))
    const iat = this.#now()
    const claims: PreviewClaims = { p: input.project, iat, exp: iat + input.ttlSeconds * 1000, n: randomBytes(9).toString('base64url') }
    if (input.collection && input.uuid) Object.assign(claims, { c: input.collection, u: input.uuid })
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
    return { token: `${PREFIX}${payload}.${sign(Buffer.from(file.secret, 'base64url'), payload)}`, expires_at: new Date(claims.exp).toISOString() }
  }

  /** The claims of a valid token of this project, or why it is refused. */
  verify(token: string, project: string): PreviewClaims | PreviewRefusal {
    const file = this.#read()
    const dot = token.lastIndexOf('.')
    if (!file || !token.startsWith(PREFIX) || dot < PREFIX.length) return invalid
    const payload = token.slice(PREFIX.length, dot)
    const given = Buffer.from(token.slice(dot + 1), 'base64url')
    const expected = Buffer.from(sign(this.#loaded.secret!, payload), 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid
    let claims: PreviewClaims
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PreviewClaims
    } catch {
      return invalid
    }
    if (claims.p !== project) return { status: 403, message: 'This preview token belongs to another project.' }
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number' || typeof claims.n !== 'string') return invalid
    if (claims.exp <= this.#now()) return { status: 401, message: 'This preview token has expired; ask the editor for a new preview link.' }
    if (claims.iat < file.not_before || file.revoked[claims.n] !== undefined) return { status: 401, message: 'This preview token was revoked.' }
    return claims
  }

  /** Revokes one token (a valid signature of this key); false when it is not one. */
  async revoke(token: string, project: string): Promise<boolean> {
    const claims = this.verify(token, project)
    if ('status' in claims) return claims.message.includes('revoked') || claims.message.includes('expired')
    const now = this.#now()
    await this.#update((f) => {
      const revoked: Record<string, number> = {}
      for (const [id, exp] of Object.entries(f.revoked)) if (exp > now) revoked[id] = exp
      revoked[claims.n] = claims.exp
      return { ...f, revoked }
    })
    return true
  }

  /** Ends every token issued so far. */
  async revokeAll(): Promise<void> {
    // A token issued in this very millisecond is ended too; any issued once this is on disk is not.
    const now = this.#now()
    await this.#update((f) => ({ ...f, not_before: now + 1, revoked: {} }))
  }

  #read(): PreviewFile | null {
    const path = previewFilePath(this.stateDir)
    const stamp = stampOf(path)
    const was = this.#loaded.stamp
    if (stamp && was && stamp.ino === was.ino && stamp.mtimeMs === was.mtimeMs && stamp.size === was.size) return this.#loaded.file
    if (!stamp) {
      this.#loaded = { stamp: null, file: null, secret: null }
      return null
    }
    try {
      const raw = JSON.parse(readFileSync(path, 'utf8')) as Partial<PreviewFile>
      if (typeof raw.secret !== 'string' || Buffer.from(raw.secret, 'base64url').length < 32) throw new Error('secret missing')
      const file: PreviewFile = { secret: raw.secret, not_before: Number(raw.not_before) || 0, revoked: raw.revoked && typeof raw.revoked === 'object' ? raw.revoked : {} }
      this.#loaded = { stamp, file, secret: Buffer.from(file.secret, 'base64url') }
      return file
    } catch (error) {
      // A damaged file verifies nothing; the next issue writes a new key.
      console.error(`[cms] ${path} is unusable (${(error as Error).message}); preview tokens are refused until one is issued again.`)
      this.#loaded = { stamp, file: null, secret: null }
      return null
    }
  }

  /** Changes the file under a lock (two processes agree), on disk first, then in memory. */
  async #update(change: (file: PreviewFile) => PreviewFile): Promise<PreviewFile> {
    return withFileLock(join(this.stateDir, 'preview.lock'), 'the preview token key', async () => {
      const current = this.#read() ?? { secret: randomBytes(32).toString('base64url'), not_before: 0, revoked: {} }
      const next = change(current)
      await writeFileAtomic(previewFilePath(this.stateDir), `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 })
      this.#loaded.stamp = null
      return this.#read() ?? next
    })
  }
}

const invalid: PreviewRefusal = { status: 401, message: 'This preview token is not valid (malformed, tampered with, or signed by another server).' }

const sign = (secret: Buffer, payload: string): string => createHmac('sha256', secret).update(payload).digest('base64url')

const byContext = new WeakMap<object, PreviewTokens>()

/** The preview tokens of a context (one per context, made on first use). */
export function previewTokens(ctx: { readonly config: { readonly stateDir: string } }): PreviewTokens {
  let tokens = byContext.get(ctx)
  if (!tokens) byContext.set(ctx, (tokens = new PreviewTokens(ctx.config.stateDir)))
  return tokens
}

/** Parses `ttl_seconds`: an integer 1..86400, default 3600; else a message naming the field. */
export function parseTtl(value: unknown): number | string {
  if (value === undefined || value === null) return PREVIEW_TTL_DEFAULT
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > PREVIEW_TTL_MAX) return `ttl_seconds must be a whole number of seconds from 1 to ${PREVIEW_TTL_MAX}.`
  return n
}
