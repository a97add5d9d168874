import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { chmod } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../storage/atomic.ts'
import { storageFailure } from '../core/errors.ts'

/**
 * Editor sessions (the `cms_session` cookie). Only a SHA-256 of each session id is kept, in
 * `.cms/sessions.json` (never in content/), so the file alone signs nobody in.
 *
 * Lifetime: a session ends after 12 h without a request (idle) and 7 days after sign-in
 * (absolute), whichever comes first; `cms editor-url --revoke-all` ends every session.
 */
const IDLE_MS = 12 * 3_600_000
export const ABSOLUTE_MS = 7 * 86_400_000
/** last_seen_at is written back at most this often (a request per keystroke must not mean a write each). */
const TOUCH_WRITE_MS = 60_000

export interface SessionRecord {
  /** SHA-256 (hex) of the session id. */
  hash: string
  via: 'link' | 'token'
  name: string
  /** For a token session: the token's hash, looked up on every request (revoking the token ends the session). */
  token_hash: string | null
  created_at: string
  last_seen_at: string
  /** The absolute end (created + 7 days). */
  ends_at: string
}

export interface SessionFile {
  sessions: SessionRecord[]
}

const sessionsPath = (stateDir: string): string => join(stateDir, 'sessions.json')
const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('hex')

/** When a session stops being valid: idle end or absolute end, whichever is first (ms). */
export function sessionEndsAt(record: SessionRecord): number {
  return Math.min(Date.parse(record.last_seen_at) + IDLE_MS, Date.parse(record.ends_at))
}

export class SessionStore {
  readonly stateDir: string
  readonly #byHash = new Map<string, SessionRecord>()
  /** When each session's last_seen_at was last written. */
  readonly #written = new Map<string, number>()
  #chain: Promise<void> = Promise.resolve()
  #dirty = false
  readonly #now: () => number

  constructor(stateDir: string, options: { now?: () => number } = {}) {
    this.stateDir = stateDir
    this.#now = options.now ?? Date.now
    for (const record of readSessionFile(stateDir).sessions) {
      this.#byHash.set(record.hash, record)
      this.#written.set(record.hash, Date.parse(record.last_seen_at))
    }
  }

  get size(): number {
    return this.#byHash.size
  }

  /** Creates a session; resolves with its id (the cookie value) once it is on disk. */
  async create(input: { via: SessionRecord['via']; name: string; tokenHash?: string | null }): Promise<{ id: string; record: SessionRecord }> {
    const id = randomBytes(32).toString('base64url')
    const at = this.#now()
    const record: SessionRecord = {
      hash: hashSessionId(id), via: input.via, name: input.name, token_hash: input.tokenHash ?? null,
      created_at: new Date(at).toISOString(), last_seen_at: new Date(at).toISOString(), ends_at: new Date(at + ABSOLUTE_MS).toISOString(),
    }
    this.#byHash.set(record.hash, record)
    this.#written.set(record.hash, at)
    try {
      await this.#save()
    } catch (error) {
      // Not on disk: no one gets a cookie for it, and a restart would not know it.
      this.#byHash.delete(record.hash)
      this.#written.delete(record.hash)
      throw error
    }
    return { id, record }
  }

  /**
   * The live session for a cookie value, its idle clock restarted; null when unknown, idle
   * too long or past its absolute end (an ended session is dropped).
   */
  use(id: string): SessionRecord | null {
    if (!id || id.length > 200) return null
    const hash = hashSessionId(id)
    const record = this.#byHash.get(hash)
    if (!record) return null
    const at = this.#now()
    if (sessionEndsAt(record) <= at) {
      this.#byHash.delete(hash)
      this.#written.delete(hash)
      this.#save().catch(() => {})
      return null
    }
    const seen: SessionRecord = { ...record, last_seen_at: new Date(at).toISOString() }
    this.#byHash.set(hash, seen)
    if (at - (this.#written.get(hash) ?? 0) >= TOUCH_WRITE_MS) {
      this.#written.set(hash, at)
      this.#save().catch(() => {})
    }
    return seen
  }

  /** Ends one session (sign out). */
  async end(id: string): Promise<boolean> {
    const hash = hashSessionId(id)
    const had = this.#byHash.delete(hash)
    this.#written.delete(hash)
    if (had) await this.#save()
    return had
  }

  /** Ends every session; resolves with how many there were. */
  async endAll(): Promise<number> {
    const n = this.#byHash.size
    this.#byHash.clear()
    this.#written.clear()
    await this.#save()
    return n
  }

  /** Waits for pending writes (server stop). */
  async flush(): Promise<void> {
    await this.#chain
  }

  /**
   * Writes are queued one after another; a burst of changes coalesces into one write. Rejects
   * when the write fails (a full disk), so no answer says a session was saved or ended when
   * the file did not change; the change stays due, and the next save writes it.
   */
  #save(): Promise<void> {
    this.#dirty = true
    const run = this.#chain.then(async () => {
      if (!this.#dirty) return
      this.#dirty = false
      const at = this.#now()
      const sessions = [...this.#byHash.values()].filter((r) => sessionEndsAt(r) > at)
      try {
        await writeSessionFile(this.stateDir, { sessions })
      } catch (error) {
        this.#dirty = true
        throw storageFailure(error)
      }
    })
    this.#chain = run.catch((error: unknown) => {
      console.error('[cms] could not write .cms/sessions.json:', ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message)
    })
    return run
  }
}

export function readSessionFile(stateDir: string): SessionFile {
  try {
    const value = JSON.parse(readFileSync(sessionsPath(stateDir), 'utf8')) as Partial<SessionFile>
    const sessions = Array.isArray(value.sessions) ? value.sessions.filter(isRecord) : []
    return { sessions }
  } catch {
    return { sessions: [] }
  }
}

export async function writeSessionFile(stateDir: string, file: SessionFile): Promise<void> {
  // Created 0600: never readable by others, not even between a write and a chmod.
  await writeFileAtomic(sessionsPath(stateDir), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 })
  await chmod(sessionsPath(stateDir), 0o600)
}

function isRecord(value: unknown): value is SessionRecord {
  if (!value || typeof value !== 'object') return false
  const r = value as Record<string, unknown>
  return typeof r.hash === 'string' && (r.via === 'link' || r.via === 'token') && typeof r.name === 'string'
    && typeof r.last_seen_at === 'string' && typeof r.ends_at === 'string' && typeof r.created_at === 'string'
    && (r.token_hash === null || typeof r.token_hash === 'string')
}
