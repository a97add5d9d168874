import { rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { storageFailure } from '../core/errors.ts'
import { removeFile, stampOf, syncDir, writeFileAtomic, type FileStamp, type WriteOptions } from './atomic.ts'
import { assertContained } from './contained.ts'
import { dropAside } from './removals.ts'

/**
 * Told of every file or folder the store wrote or removed, once it is on disk (the git
 * committer listens here: every write of every caller passes through this one path), with
 * the text this write put there (null: removed; undefined: a folder, taken as it is on disk),
 * so a commit holds what its author wrote even when someone wrote the file again since.
 */
export type FileObserver = (path: string, folder: boolean, written?: string | null) => void

const REMOVED = Symbol('removed')

/**
 * Every file the store writes or removes goes through here: one queue per path (two writes of
 * a file land in the order they were made), atomic writes (temp file, fsync, rename), and a
 * mark of what each write left on disk, so the watcher knows its echo from someone else's edit.
 * It knows files, not records: the record writes (entry-writes.ts, record-writes.ts) say what
 * to write and what changes in memory once it is there.
 */
export class FileWriter {
  observer: FileObserver | null = null
  readonly #root: string
  /** A folder the store removed: the problems reported for files in it go with it. */
  readonly #folderGone: (path: string) => void
  /** Per-path write chains, so two writes of one file land in the order they were made. */
  readonly #pending = new Map<string, Promise<unknown>>()
  readonly #writeCounts = new Map<string, number>()
  /**
   * What each of our own writes left on disk (or REMOVED), until the watcher consumes its
   * echo: the identity of one write, never its content.
   */
  readonly #ownWrites = new Map<string, FileStamp | typeof REMOVED>()

  constructor(root: string, folderGone: (path: string) => void) {
    this.#root = root
    this.#folderGone = folderGone
  }

  /**
   * Writes `path` after any earlier write of it. `render` runs when its turn comes (and may
   * refuse); `commit` applies the change to memory once the file is durable, inside the same
   * turn, so the next write of the path sees it.
   */
  write(path: string, render: () => string, options?: WriteOptions, commit?: () => void): Promise<FileStamp> {
    this.#bumpWrites(path)
    const previous = this.#pending.get(path) ?? Promise.resolve()
    const task = previous.catch(() => {}).then(async () => {
      assertContained(this.#root, path, 'write')
      const text = render()
      this.#ownWrites.delete(path)
      const stamp = await writeFileAtomic(path, text, options).catch((error: unknown) => { throw storageFailure(error) })
      this.#ownWrites.set(path, stamp)
      this.observer?.(path, false, text)
      commit?.()
      return stamp
    })
    this.track(path, task)
    return task
  }

  /** Removes `path` after any earlier write of it; `commit` as for `write`. */
  remove(path: string, commit?: () => void): Promise<void> {
    this.#bumpWrites(path)
    const previous = this.#pending.get(path) ?? Promise.resolve()
    const task = previous.catch(() => {}).then(async () => {
      assertContained(this.#root, path, 'write')
      this.#ownWrites.delete(path)
      await removeFile(path).catch((error: unknown) => { throw storageFailure(error) })
      this.#ownWrites.set(path, REMOVED)
      this.observer?.(path, false, null)
      commit?.()
    })
    this.track(path, task)
    return task
  }

  async removeDir(path: string): Promise<void> {
    assertContained(this.#root, path, 'write')
    await rm(path, { recursive: true, force: true })
    // Durable before the caller goes on (a schema journal is cleared only after this).
    await syncDir(dirname(path))
    this.#forgetFolder(path)
  }

  /**
   * A record's file and its folder removed as one step (removals.ts): the folder set aside,
   * then the file removed (the step that decides), then the folder dropped; put back when the
   * file's removal fails.
   */
  async removeWithFolder(folder: string, setAside: () => Promise<string | null>, putBack: () => Promise<void>, removeRecord: () => Promise<void>): Promise<void> {
    const aside = await setAside()
    try {
      await removeRecord()
    } catch (error) {
      if (aside) await putBack().catch(() => {})
      throw error
    }
    if (aside) {
      this.#forgetFolder(folder)
      // Gone with the record whatever happens next: a folder left aside is removed at the next start.
      await dropAside(aside).catch(() => {})
    }
  }

  /** A task that writes under `path` (a folder's removal): waited for by `drain` and `flush`, seen by `writeMark`. */
  track(path: string, task: Promise<unknown>): void {
    this.#pending.set(path, task)
    const clear = () => { if (this.#pending.get(path) === task) this.#pending.delete(path) }
    task.then(clear, clear)
  }

  /** Waits until no write to a path starting with one of `prefixes` is in flight. */
  async drain(prefixes: string[]): Promise<void> {
    for (;;) {
      const busy = [...this.#pending].filter(([path]) => prefixes.some((p) => path.startsWith(p))).map(([, task]) => task)
      if (busy.length === 0) return
      await Promise.allSettled(busy)
    }
  }

  /** Waits for every write in flight (shutdown, tests). */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending.values()])
  }

  // ---- what the watcher asks ---------------------------------------------------------

  /**
   * How many times the store has started writing or removing `path` (in memory at once, on disk
   * soon after). The watcher notes it before reading a file and drops what it read when it
   * moved, or a write is in flight: the text predates an acknowledged write, and applying it
   * would put the old record back in memory over the new one.
   */
  writeMark(path: string): number {
    return this.#pending.has(path) ? -1 : (this.#writeCounts.get(path) ?? 0)
  }

  /**
   * True when a watcher event for `path` is the echo of our own write: the write is still in
   * flight, or the file is exactly what our last write left (same inode, size and mtime), or
   * we removed it and it is still gone. A recognised echo is consumed: the next event for the
   * path is read and applied like any other, so a later `git checkout` or `git restore` that
   * brings back bytes we once wrote is never mistaken for our write.
   */
  consumeOwnWrite(path: string): boolean {
    if (this.#pending.has(path)) return true
    if (!this.#ownWrites.has(path)) return false
    const mine = this.#ownWrites.get(path)!
    this.#ownWrites.delete(path)
    const now = stampOf(path)
    if (mine === REMOVED) return now === null
    return now !== null && now.ino === mine.ino && now.size === mine.size && now.mtimeMs === mine.mtimeMs
  }

  #forgetFolder(path: string): void {
    this.#folderGone(path)
    this.observer?.(path, true)
  }

  #bumpWrites(path: string): void {
    this.#writeCounts.set(path, (this.#writeCounts.get(path) ?? 0) + 1)
  }
}
