import { mkdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { ContentStore } from '../storage/store.ts'
import { commitPaths, type Author, type CommitOutcome } from './commit.ts'
import { actionOf, renderMessage, type Action } from './message.ts'
import { blockedReason } from './locks.ts'
import { fromTop, locateRepo, type GitRepo } from './repo.ts'
import { writeScope, type WriteScope } from './scope.ts'

export interface CommitSettings {
  /** Writes by one author within this many ms go into one commit. */
  windowMs: number
  /** Message template (see message.ts). */
  template: string
  /** Called with a line for the server log (refusals, failures). */
  log: (line: string) => void
}

interface Batch {
  key: string
  author: Author | null
  /**
   * Path from the top → the text this author's last write put there (null: removed), or
   * undefined for a folder (taken as it is on disk when committed).
   */
  files: Map<string, string | null | undefined>
  /** Other authors' batches holding an earlier write of one of these files: committed first. */
  after: Set<Batch>
  dispatched: boolean
  actions: Action[]
  timer: NodeJS.Timeout | null
  /** Requests that wrote into this batch and are still running: it waits for them. */
  open: Set<WriteScope>
  /** The window is over; the batch goes as soon as `open` is empty. */
  due: boolean
}

/** Why the last commit was not made, for `cms git status` and the status endpoint. */
export interface Refusal {
  reason: string
  at: string
  files: string[]
}

/** The last commit the committer made, for `cms git status` and the status endpoint. */
export interface LastCommit {
  commit: string
  branch: string
  /** How many files it committed. */
  files: number
  at: string
}

/** A commit was made but the user's git index could not follow it: what went wrong, and when. */
export interface CommitWarning {
  warning: string
  at: string
}

/**
 * Turns the store's writes into commits: the store reports every file it wrote or removed
 * (its one write path), the request's scope says who wrote, and writes by one author within
 * the window become one commit. Commits run one at a time, in child processes, after the
 * writes were acknowledged; nothing here delays an answer beyond a few stats.
 */
export class GitCommitter {
  readonly repo: GitRepo
  readonly #store: ContentStore
  readonly #settings: CommitSettings
  readonly #indexFile: string
  readonly #batches = new Map<string, Batch>()
  #chain: Promise<unknown> = Promise.resolve()
  #unsubscribe: () => void
  lastRefusal: Refusal | null = null
  lastCommit: LastCommit | null = null
  /** A commit was made but the user's git index could not follow it (they must hear it). */
  lastWarning: CommitWarning | null = null

  private constructor(store: ContentStore, repo: GitRepo, settings: CommitSettings) {
    this.#store = store
    this.repo = repo
    this.#settings = settings
    mkdirSync(store.layout.stateDir, { recursive: true })
    this.#indexFile = join(store.layout.stateDir, 'git-index')
    store.fileObserver = (path, folder, written) => this.#recordFile(path, folder, written)
    this.#unsubscribe = store.onChange((change) => {
      if (change.source === 'file') return
      const action = actionOf(change, (slug) => store.collection(slug)?.collection)
      if (action) this.#batch()?.actions.push(action)
    })
  }

  /** Starts committing the store's writes; a GitError when the content root is not in a git work tree. */
  static async start(store: ContentStore, settings: CommitSettings): Promise<GitCommitter> {
    const repo = await locateRepo(store.layout.root)
    return new GitCommitter(store, repo, settings)
  }

  /** Files written and not yet handed to git (waiting for their window). */
  get pendingFiles(): number {
    let n = 0
    for (const b of this.#batches.values()) n += b.files.size
    return n
  }

  /** Commits every waiting batch now and waits for all commits to finish. */
  async flush(): Promise<void> {
    for (const key of [...this.#batches.keys()]) this.#dispatch(key)
    await this.#chain
  }

  /** Stops recording (the store writes no more) after committing what is waiting. */
  async close(): Promise<void> {
    await this.flush()
    this.#unsubscribe()
    if (this.#store.fileObserver) this.#store.fileObserver = null
  }

  /** Commits chosen paths (from the top of the work tree) now, in turn with the automatic commits. */
  commitNow(paths: string[], message: string, author: Author | null): Promise<CommitOutcome> {
    const run = this.#chain.then(() => commitPaths(this.repo, this.#indexFile, { paths, message, author }))
    this.#chain = run.catch(() => {})
    return run
  }

  /** The batch the current write belongs to, or null when the repository refuses commits now. */
  #batch(): Batch | null {
    const scope = writeScope.getStore()
    if (scope?.outcome?.kind === 'refused') return null
    if (!scope?.outcome) {
      const reason = this.blocked()
      if (reason) {
        this.#refuse(scope, reason)
        return null
      }
      if (scope) scope.outcome = { kind: 'pending' }
    }
    const author = scope?.author ?? null
    const key = author ? `${author.name}\0${author.email}` : ''
    let batch = this.#batches.get(key)
    if (!batch) {
      const made: Batch = { key, author, files: new Map(), after: new Set(), dispatched: false, actions: [], timer: null, open: new Set(), due: false }
      this.#batches.set(key, made)
      made.timer = setTimeout(() => {
        made.timer = null
        made.due = true
        if (made.open.size === 0) this.#dispatch(key)
      }, this.#settings.windowMs)
      batch = made
    }
    // One request's writes (a publish: the entry and its version) stay in one commit even when
    // the request outlasts the window (a loaded machine).
    if (scope?.ends && !scope.ended && !batch.open.has(scope)) {
      const joined = batch
      joined.open.add(scope)
      scope.ends.push(() => {
        joined.open.delete(scope)
        if (joined.due && joined.open.size === 0 && this.#batches.get(key) === joined) this.#dispatch(key)
      })
    }
    return batch
  }

  /** Why commits are refused now (stats only), or null. */
  blocked(): string | null {
    return blockedReason(this.repo, this.#indexFile)
  }

  #recordFile(path: string, folder: boolean, written: string | null | undefined): void {
    const rel = relative(this.#store.layout.root, path)
    if (rel.startsWith('..')) return
    const batch = this.#batch()
    if (!batch) return
    const file = `${fromTop(this.repo, rel.split(sep).join('/'))}${folder ? '/' : ''}`
    batch.files.set(file, folder ? undefined : written)
    // Another author wrote this file earlier and waits for their window: their commit (with
    // their text) goes first, now, and this one after it, so each holds its author's change.
    for (const other of this.#batches.values()) {
      if (other === batch || !other.files.has(file)) continue
      batch.after.add(other)
      other.due = true
      if (other.open.size === 0) this.#dispatch(other.key)
    }
  }

  #refuse(scope: WriteScope | undefined, reason: string): void {
    if (scope) scope.outcome = { kind: 'refused', reason }
    this.lastRefusal = { reason, at: new Date().toISOString(), files: [] }
    this.#settings.log(`git: not committing a write (${reason}); it is saved on disk — \`cms git status\` lists what is not committed`)
  }

  #dispatch(key: string): void {
    const batch = this.#batches.get(key)
    if (!batch) return
    this.#batches.delete(key)
    batch.dispatched = true
    if (batch.timer) clearTimeout(batch.timer)
    // Batches holding earlier writes of the same files are committed before this one.
    for (const before of batch.after) if (!before.dispatched) this.#dispatch(before.key)
    if (batch.files.size === 0) return
    this.#chain = this.#chain.then(() => this.#commitBatch(batch)).catch(() => {})
  }

  async #commitBatch(batch: Batch): Promise<void> {
    const files = [...batch.files.keys()].sort()
    const written = new Map<string, string | null>()
    const paths: string[] = []
    for (const [file, text] of batch.files) {
      if (text === undefined) paths.push(file)
      else written.set(file, text)
    }
    const message = renderMessage(this.#settings.template, { actions: batch.actions, files: files.length, author: batch.author?.name ?? 'local' })
    try {
      const outcome = await commitPaths(this.repo, this.#indexFile, { paths, written, message, author: batch.author })
      if (outcome.kind === 'committed') {
        this.lastCommit = { commit: outcome.commit, branch: outcome.branch, files: files.length, at: new Date().toISOString() }
        if (outcome.warning) {
          this.lastWarning = { warning: outcome.warning, at: new Date().toISOString() }
          this.#settings.log(`git: ${outcome.warning}`)
        }
      }
      else if (outcome.kind === 'refused') {
        this.lastRefusal = { reason: outcome.reason, at: new Date().toISOString(), files }
        this.#settings.log(`git: not committing ${files.length} file(s) (${outcome.reason}); they are saved on disk — \`cms git status\` lists what is not committed`)
      }
    } catch (error) {
      this.lastRefusal = { reason: (error as Error).message, at: new Date().toISOString(), files }
      this.#settings.log(`git: commit of ${files.length} file(s) failed: ${(error as Error).message}; they are saved on disk`)
    }
  }
}
