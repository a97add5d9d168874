import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Low, type Adapter } from 'lowdb'
import { CmsError } from '../core/errors.ts'
import { stampOf, writeFileAtomic, type FileStamp } from '../storage/atomic.ts'
import { withFileLock } from '../storage/file-lock.ts'
import { REFRESH_REUSE_SECONDS } from './refresh-reuse.ts'

/**
 * End users, their sessions and API keys, verification links and the local mail outbox: runtime
 * state of one project, kept in `.cms/auth.json` (mode 0600; never in content/, never in git).
 * Passwords are scrypt hashes; refresh tokens, API keys and verification links only SHA-256 hashes.
 */
export interface EndUserRecord {
  id: number
  uuid: string
  email: string
  password_hash: string
  display_name: string | null
  metadata: Record<string, unknown>
  email_verified_at: string | null
  suspended_at: string | null
  created_at: string
  updated_at: string
}

/** A sign-in: one refresh token at a time (rotated on every refresh); access tokens name it by `sid`. */
export interface SessionRecord {
  id: string
  user_uuid: string
  refresh_hash: string
  /** The refresh token this one replaced: presenting it again ends the session (a stolen token was used). */
  previous_hash: string | null
  /** When `previous_hash` was spent (the reuse interval runs from here). */
  rotated_at?: string | null
  /** The pair that rotation answered, sealed under the spent token (refresh-reuse.ts); dropped after the interval. */
  reuse_answer?: string | null
  refresh_expires_at: string
  created_at: string
  last_used_at: string
}

export interface ApiKeyRecord {
  id: number
  user_uuid: string
  name: string
  key_prefix: string
  hash: string
  scopes: string[]
  expires_at: string | null
  last_used_at: string | null
  revoked_at: string | null
  created_at: string
}

export interface VerificationRecord {
  hash: string
  user_uuid: string
  expires_at: string
  created_at: string
}

/** A message the project would have emailed: `cms auth mail` prints them (no mail server needed). */
export interface MailMessage {
  id: number
  kind: 'verification' | 'password-changed'
  to: string
  subject: string
  text: string
  link: string | null
  created_at: string
}

export interface AuthDocument {
  version: 1
  next_ids: { users: number; api_keys: number; mail: number }
  users: EndUserRecord[]
  sessions: SessionRecord[]
  api_keys: ApiKeyRecord[]
  verifications: VerificationRecord[]
  mail: MailMessage[]
}

/** The outbox keeps this many messages (oldest dropped first). */
const MAIL_KEPT = 500

export const authDbPath = (stateDir: string): string => join(stateDir, 'auth.json')
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

const emptyDocument = (): AuthDocument => ({
  version: 1, next_ids: { users: 1, api_keys: 1, mail: 1 }, users: [], sessions: [], api_keys: [], verifications: [], mail: [],
})

/** lowdb's adapter over our atomic write (temp file, fsync, rename), created 0600. */
class AtomicJsonFile implements Adapter<AuthDocument> {
  stamp: FileStamp | null = null
  readonly path: string
  constructor(path: string) {
    this.path = path
  }

  async read(): Promise<AuthDocument | null> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      console.error(`[cms] ${this.path} is not valid JSON (${(error as Error).message}); fix or remove it to start with no end users.`)
      throw new CmsError('storage', 'The end-user store cannot be read; see the server log.', { cause: error })
    }
    return normalise(value)
  }

  async write(data: AuthDocument): Promise<void> {
    this.stamp = await writeFileAtomic(this.path, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 })
  }
}

/** Missing lists (a hand-edited or older file) become empty ones. */
function normalise(value: unknown): AuthDocument {
  const doc = emptyDocument()
  if (!value || typeof value !== 'object') return doc
  const v = value as Partial<AuthDocument>
  for (const key of ['users', 'sessions', 'api_keys', 'verifications', 'mail'] as const) {
    if (Array.isArray(v[key])) (doc[key] as unknown[]) = v[key] as unknown[]
  }
  if (v.next_ids && typeof v.next_ids === 'object') doc.next_ids = { ...doc.next_ids, ...v.next_ids }
  return doc
}

/**
 * The store, shared safely by a server and CLI commands: every change runs under a lock file,
 * on the document as it is on disk, and reaches memory only once the file is durably written;
 * reads pick up another process's change by the file's identity (size, mtime, inode).
 */
export class AuthDb {
  readonly path: string
  readonly #lockPath: string
  readonly #adapter: AtomicJsonFile
  readonly #db: Low<AuthDocument>
  #chain: Promise<unknown> = Promise.resolve()

  constructor(stateDir: string) {
    this.path = authDbPath(stateDir)
    this.#lockPath = join(stateDir, 'auth.lock')
    this.#adapter = new AtomicJsonFile(this.path)
    this.#db = new Low(this.#adapter, emptyDocument())
  }

  /** The current document (do not change it: use update). */
  async read(): Promise<AuthDocument> {
    await this.#refresh()
    return this.#db.data
  }

  /**
   * Runs `change` on a copy of the current document and saves it; resolves with what `change`
   * returned. A change that throws saves nothing.
   */
  update<T>(change: (doc: AuthDocument, nowMs: number) => T): Promise<T> {
    const run = () => withFileLock(this.#lockPath, 'the end-user store', async () => {
      await this.#refresh()
      const next = structuredClone(this.#db.data)
      const nowMs = Date.now()
      const result = change(next, nowMs)
      prune(next, nowMs)
      await this.#adapter.write(next)
      this.#db.data = next
      return result
    })
    const queued = this.#chain.then(run, run)
    this.#chain = queued.catch(() => {})
    return queued
  }

  /** Waits for the changes already started (a server stopping). */
  async flush(): Promise<void> {
    await this.#chain
  }

  async #refresh(): Promise<void> {
    const stamp = stampOf(this.path)
    const known = this.#adapter.stamp
    if (stamp && known && stamp.ino === known.ino && stamp.size === known.size && stamp.mtimeMs === known.mtimeMs) return
    if (!stamp) {
      this.#db.data = emptyDocument()
      this.#adapter.stamp = null
      return
    }
    await this.#db.read()
    this.#adapter.stamp = stamp
  }
}

/** Whether the reuse interval of the session's last rotation is over. */
export const reuseOver = (s: Pick<SessionRecord, 'rotated_at'>, nowMs: number): boolean =>
  !s.rotated_at || nowMs - Date.parse(s.rotated_at) > REFRESH_REUSE_SECONDS * 1000

/** Drops what can never be used again: ended sessions, spent links, the oldest mail. */
function prune(doc: AuthDocument, nowMs: number): void {
  doc.sessions = doc.sessions.filter((s) => Date.parse(s.refresh_expires_at) > nowMs)
  for (const s of doc.sessions) if (s.reuse_answer && reuseOver(s, nowMs)) s.reuse_answer = null
  doc.verifications = doc.verifications.filter((v) => Date.parse(v.expires_at) > nowMs)
  if (doc.mail.length > MAIL_KEPT) doc.mail = doc.mail.slice(-MAIL_KEPT)
}
