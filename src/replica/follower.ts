import type { ContentStore } from '../storage/store.ts'
import { headCommit, locateRepo, type GitRepo } from '../git/repo.ts'
import { GitError } from '../git/exec.ts'
import { resolveTarget, type FollowTarget } from './target.ts'
import { syncOnce, type SyncErrorCode } from './sync.ts'
import { followWriterEvents } from './writer-events.ts'

/** What `GET /_replica` answers. */
export interface ReplicaStatus {
  remote: string
  branch: string
  /** The commit the work tree (and so every answer) is at. */
  commit: string | null
  /** When the replica last matched the remote (fetched and fast-forwarded, or found nothing new). */
  synced_at: string | null
  /** When the last sync attempt ended, successful or not. */
  checked_at: string | null
  /** 0: only `POST /_replica/sync` syncs. */
  interval_ms: number
  /** Why the last attempt did not reach the remote's commit; null once one does. */
  error: { code: SyncErrorCode | 'sync_failed'; message: string } | null
}

export interface FollowOptions {
  /** `<remote>[/<branch>]`, a remote of the content root's own clone. */
  spec: string
  /** Between the end of one sync and the start of the next; 0 turns polling off. */
  intervalMs: number
  /** One line per event worth a log line (fast-forward, failure, recovery). */
  log?: (line: string) => void
  /** `--follow-events`: the writer's URL; its change stream asks for a sync at once (writer-events.ts). */
  events?: { url: string; token?: string }
}

/** The clone a replica keeps current, checked before the content is loaded. */
export interface FollowClone {
  repo: GitRepo
  target: FollowTarget
  commit: string | null
}

/**
 * Checks that the content root is in a git clone with that remote (a GitError saying what is
 * wrong), without fetching: a remote that is down must not keep the server from starting.
 */
export async function openClone(contentDir: string, spec: string): Promise<FollowClone> {
  let repo: GitRepo
  try {
    repo = await locateRepo(contentDir)
  } catch (error) {
    if (error instanceof GitError && /not inside a git work tree|No content directory/.test(error.message)) {
      throw new GitError(`the content root ${contentDir} is not inside a git clone; a replica serves its own clone of the content repository (git clone <url>, then serve its content folder).`)
    }
    throw error
  }
  const target = await resolveTarget(repo, spec)
  return { repo, target, commit: await headCommit(repo) }
}

/**
 * Keeps a read-only server's clone at the followed branch: a sync on an interval and on
 * demand, one at a time. A request for a sync while one runs gets the next one, which starts
 * after it (the running fetch may predate the push that prompted the request).
 */
export class ReplicaFollower {
  private state: ReplicaStatus
  private tail: Promise<unknown> = Promise.resolve()
  private waiting: Promise<ReplicaStatus> | undefined
  private timer: NodeJS.Timeout | undefined
  private closed = false
  /** The last failure logged: the same one every interval is logged once, not every 10 s. */
  private lastFailure = ''
  private readonly abort = new AbortController()
  private stopEvents: (() => void) | undefined

  private readonly repo: GitRepo
  private readonly store: ContentStore
  private readonly options: FollowOptions
  readonly target: FollowTarget

  constructor(store: ContentStore, clone: FollowClone, options: FollowOptions) {
    this.store = store
    this.options = options
    this.repo = clone.repo
    this.target = clone.target
    this.state = { ...clone.target, commit: clone.commit, synced_at: null, checked_at: null, interval_ms: options.intervalMs, error: null }
  }

  status(): ReplicaStatus {
    return { ...this.state, error: this.state.error ? { ...this.state.error } : null }
  }

  /** Starts following: a sync now, then one `intervalMs` after each ends (and one per change the writer announces). */
  start(): void {
    const events = this.options.events
    if (events && !this.stopEvents) {
      this.stopEvents = followWriterEvents({
        url: events.url, ...(events.token ? { token: events.token } : {}), projectId: this.store.project.uuid,
        onChange: () => { if (!this.closed) void this.sync() },
        ...(this.options.log ? { log: this.options.log } : {}),
      })
    }
    const every = this.options.intervalMs
    const next = () => {
      if (this.closed || every <= 0) return
      this.timer = setTimeout(() => void this.sync().finally(next), every)
      this.timer.unref()
    }
    void this.sync().finally(next)
  }

  /** A sync that starts after this call; resolves once the store holds its result. */
  sync(): Promise<ReplicaStatus> {
    if (this.waiting) return this.waiting
    const run = this.tail.then(() => {
      this.waiting = undefined
      return this.step()
    })
    this.waiting = run
    this.tail = run.catch(() => {})
    return run
  }

  async close(): Promise<void> {
    this.closed = true
    this.stopEvents?.()
    clearTimeout(this.timer)
    this.abort.abort()
    await this.tail
  }

  private async step(): Promise<ReplicaStatus> {
    if (this.closed) return this.status()
    const name = `${this.target.remote}/${this.target.branch}`
    const log = this.options.log ?? (() => {})
    try {
      const outcome = await syncOnce(this.repo, this.store, this.target, { signal: this.abort.signal })
      // A fetch stopped by close() is no failure worth a log line.
      if (this.closed) return this.status()
      const now = new Date().toISOString()
      if (outcome.ok) {
        if (outcome.from !== outcome.to) log(`replica: ${name} ${short(outcome.from)} -> ${short(outcome.to)} (${outcome.files} file${outcome.files === 1 ? '' : 's'} changed)`)
        if (this.state.error) log(`replica: following ${name} again at ${short(outcome.to)}`)
        this.lastFailure = ''
        this.state = { ...this.state, commit: outcome.to, synced_at: now, checked_at: now, error: null }
      } else {
        const line = `replica: ${outcome.message}\n  git: ${outcome.detail.replace(/\n/g, '\n       ')}`
        if (line !== this.lastFailure) log(line)
        this.lastFailure = line
        this.state = { ...this.state, commit: outcome.commit, checked_at: now, error: { code: outcome.code, message: outcome.message } }
      }
    } catch (error) {
      if (this.closed) return this.status()
      // git itself missing or a file system error: keep serving what there is, say so.
      const line = `replica: sync with ${name} failed: ${(error as Error).message}`
      if (line !== this.lastFailure) log(line)
      this.lastFailure = line
      this.state = { ...this.state, checked_at: new Date().toISOString(), error: { code: 'sync_failed', message: `Sync with ${name} failed; the server log says why.` } }
    }
    return this.status()
  }
}

const short = (commit: string | null): string => (commit ? commit.slice(0, 12) : '(none)')
