import { open, rename, mkdir, readdir, rm, unlink } from 'node:fs/promises'
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
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, options: WriteOptions = {}): Promise<FileStamp> {
  const durable = options.durable ?? true
  const dir = dirname(file)
  const tmp = join(dir, `.${basename(file)}${TEMP_MARK}${randomBytes(6).toString('hex')}`)
  // The folder almost always exists: try first, create it only when the open says it is missing.
  const handle = await open(tmp, 'w', 0o644).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
    await mkdir(dir, { recursive: true })
    return open(tmp, 'w', 0o644)
  })
  let stamp: FileStamp
  try {
    await handle.writeFile(data)
    if (durable) await handle.sync()
    // rename keeps the inode and mtime, so this stamp is the target's once renamed.
    const st = await handle.stat()
    stamp = { mtimeMs: st.mtimeMs, size: st.size, ino: st.ino }
  } catch (error) {
    await handle.close().catch(() => {})
    await unlink(tmp).catch(() => {})
    throw error
  }
  await handle.close()
  try {
    await rename(tmp, file)
  } catch (error) {
    await unlink(tmp).catch(() => {})
    throw error
  }
  if (durable) await syncDir(dir)
  return stamp
}

/** Removes a file durably; absence is not an error. */
export async function removeFile(file: string, options: WriteOptions = {}): Promise<boolean> {
  try {
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

function syncDir(dir: string): Promise<void> {
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
  const handle = await open(dir, 'r').catch(() => null)
  if (!handle) return
  await handle.sync().catch(() => {})
  await handle.close()
}

/**
 * Deletes temp files a crashed writer left behind. Returns how many were removed.
 * `skip` names top-level folders to leave out (the loader handles those itself).
 */
export async function removeStaleTempFiles(root: string, skip: readonly string[] = []): Promise<number> {
  let removed = 0
  const walk = async (dir: string): Promise<void> => {
    const items = await readdir(dir, { withFileTypes: true }).catch(() => [])
    await Promise.all(items.map(async (item) => {
      const path = join(dir, item.name)
      if (item.isDirectory()) return dir === root && skip.includes(item.name) ? undefined : walk(path)
      if (item.name.includes(TEMP_MARK)) {
        await rm(path, { force: true })
        removed++
      }
    }))
  }
  await walk(root)
  return removed
}
