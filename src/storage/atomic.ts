import * as fs from 'node:fs'
import { mkdir, readdir, rm, unlink } from 'node:fs/promises'
import { promisify } from 'node:util'
import { dirname, join, basename } from 'node:path'
import { randomBytes } from 'node:crypto'
import { TEMP_MARK } from './paths.ts'

export interface WriteOptions {
  /**
   * fsync the file (and its directory) before resolving. On by default: an acknowledged write
   * survives a crash. Bulk imports turn it off and sync once at the end.
   * @default true
   */
  durable?: boolean
  /** File mode of the new file (e.g. 0o600 for keys: never readable by others, not even briefly). @default 0o644 */
  mode?: number
}

/** What a written file looks like on disk: enough to tell later whether it changed. */
export interface FileStamp {
  mtimeMs: number
  size: number
  ino: number
}

/**
 * Writes `data` to `file` so that a crash at any instant leaves either the old or the new
 * content: temp file in the same directory, fsync, rename over the target, fsync the folder.
 *
 * Only the fsyncs, which wait on the disk, go to the thread pool. open, write, fstat, close
 * and rename touch the page cache and cost less than a thread-pool round trip each; doing
 * those five inline made 20-concurrent creates faster and left the loop less blocked, not
 * more (docs/benchmarks.md, "Measurements behind the code").
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, options: WriteOptions = {}): Promise<FileStamp> {
  const durable = options.durable ?? true
  const dir = dirname(file)
  const tmp = join(dir, `.${basename(file)}${TEMP_MARK}${tempSuffix()}`)
  let fd: number
  try {
    fd = fs.openSync(tmp, 'w', options.mode ?? 0o644)
  } catch (error) {
    // The folder almost always exists: create it only when the open says it is missing.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    await makeDirs(dir)
    fd = fs.openSync(tmp, 'w', options.mode ?? 0o644)
  }
  let stamp: FileStamp
  try {
    const fault = writeFault?.(file)
    if (fault) throw fault
    fs.writeFileSync(fd, data)
    if (durable) await fsyncFd(fd)
    // rename keeps the inode and mtime, so this stamp is the target's once renamed.
    const st = fs.fstatSync(fd)
    stamp = { mtimeMs: st.mtimeMs, size: st.size, ino: st.ino }
  } catch (error) {
    closeQuietly(fd)
    await unlink(tmp).catch(() => {})
    throw error
  }
  fs.closeSync(fd)
  try {
    fs.renameSync(tmp, file)
  } catch (error) {
    await unlink(tmp).catch(() => {})
    throw error
  }
  if (durable) await syncDir(dir)
  return stamp
}

const fsyncFd = promisify(fs.fsync)

/**
 * `mkdir -p` that reports why it failed. Node's promise `mkdir` with `recursive` says ENOENT
 * when the disk has no inodes left (measured on a tmpfs with nr_inodes, Node 20/22), which
 * would read as a plain storage error (500) instead of a full disk (507); the synchronous
 * call, asked again only then, gives ENOSPC.
 */
export async function makeDirs(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    fs.mkdirSync(dir, { recursive: true })
  }
}

/**
 * Test-only: makes the next writes fail as the file system would (e.g. ENOSPC) where a real
 * full disk cannot be mounted. The store above sees exactly what a full disk gives it.
 */
let writeFault: ((file: string) => NodeJS.ErrnoException | null) | null = null
export function setWriteFaultForTests(fault: typeof writeFault): void {
  writeFault = fault
}
/** The same for removals (a read-only or failing disk refuses an unlink; a full one does not). */
let removeFault: ((file: string) => NodeJS.ErrnoException | null) | null = null
export function setRemoveFaultForTests(fault: typeof removeFault): void {
  removeFault = fault
}

/** Unique per write: a random per-process prefix and a counter (no entropy call per file). */
const tempPrefix = randomBytes(4).toString('hex')
let tempCounter = 0
const tempSuffix = (): string => `${tempPrefix}${(tempCounter++).toString(36)}`

function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd)
  } catch {
    // already closed or never valid: nothing to release
  }
}

/** What `path` looks like on disk now, or null if it is not there. */
export function stampOf(path: string): FileStamp | null {
  try {
    const st = fs.statSync(path)
    return { mtimeMs: st.mtimeMs, size: st.size, ino: st.ino }
  } catch {
    return null
  }
}

/** Removes a file durably; absence is not an error. */
export async function removeFile(file: string, options: WriteOptions = {}): Promise<boolean> {
  try {
    const fault = removeFault?.(file)
    if (fault) throw fault
    await unlink(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
  if (options.durable ?? true) await syncDir(dirname(file))
  return true
}

/**
 * A rename is only durable once its folder is fsynced. Concurrent writers in one folder share
 * fsyncs (group commit): a caller whose rename happened while a sync was running waits for the
 * next one, which covers every rename made before it started.
 */
const folderSyncs = new Map<string, { running: Promise<void> | null; next: Promise<void> | null }>()

export function syncDir(dir: string): Promise<void> {
  let state = folderSyncs.get(dir)
  if (!state) folderSyncs.set(dir, (state = { running: null, next: null }))
  const s = state
  const start = (): Promise<void> => {
    const run = fsyncFolder(dir).finally(() => {
      if (s.running === run) s.running = null
      if (!s.running && !s.next) folderSyncs.delete(dir)
    })
    s.running = run
    return run
  }
  if (!s.running) return start()
  s.next ??= s.running.then(() => {
    s.next = null
    return start()
  })
  return s.next
}

async function fsyncFolder(dir: string): Promise<void> {
  // Some filesystems refuse to fsync a folder, which is fine.
  let fd: number
  try {
    fd = fs.openSync(dir, 'r')
  } catch {
    return
  }
  await fsyncFd(fd).catch(() => {})
  closeQuietly(fd)
}

/**
 * Deletes temp files a crashed writer left behind. Returns how many were removed.
 * `skip` names top-level folders to leave out (the loader handles those itself).
 * At most SWEEP_READS (2) folders are read at once: a server sweeps versions/ (one folder per
 * published entry, 100k at 100k entries) after it listens, and reading them all at once
 * queued 100k completions that held the event loop for seconds between two requests.
 */
export async function removeStaleTempFiles(root: string, skip: readonly string[] = []): Promise<number> {
  let removed = 0
  const visit = async (dir: string): Promise<void> => {
    const items = await readdir(dir, { withFileTypes: true }).catch(() => [])
    for (const item of items) {
      const path = join(dir, item.name)
      if (item.isDirectory()) {
        if (!(dir === root && skip.includes(item.name))) pending.push(path)
      } else if (item.name.includes(TEMP_MARK)) {
        // One that cannot be removed is left for the next sweep; it never stops a load.
        await rm(path, { force: true }).then(() => { removed++ }, () => {})
      }
    }
  }
  const pending: string[] = [root]
  let active = 0
  await new Promise<void>((resolve) => {
    const pump = (): void => {
      while (active < SWEEP_READS && pending.length > 0) {
        active++
        void visit(pending.pop()!).finally(() => {
          active--
          if (active === 0 && pending.length === 0) resolve()
          else pump()
        })
      }
    }
    pump()
  })
  return removed
}

const SWEEP_READS = 2
