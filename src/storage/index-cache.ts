import { readFileSync, writeFileSync, renameSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import type { EntryRecord } from '../core/types.ts'

/**
 * A snapshot of the parsed entries in `.cms/`, so a large tree starts without reading and
 * parsing every file again. It is only ever a cache: each row is used only when the file's
 * mtime, size and inode still match what was cached, so hand edits, `git pull` and crashes
 * can never make it serve stale content.
 */
const FORMAT = 'cms-index-cache/1'

export interface CacheRow {
  mtimeMs: number
  size: number
  ino: number
  entry: EntryRecord
}

interface CacheFile {
  format: string
  root: string
  /** Keyed `<slug>/<file name>`. */
  rows: Map<string, CacheRow>
}

const cachePath = (stateDir: string) => join(stateDir, 'index-cache.bin')

/** The cached rows for this content root, or null when there is no usable cache. */
export function readIndexCache(stateDir: string, root: string): Map<string, CacheRow> | null {
  try {
    const cache = deserialize(readFileSync(cachePath(stateDir))) as CacheFile
    if (cache.format !== FORMAT || cache.root !== root || !(cache.rows instanceof Map)) return null
    return cache.rows
  } catch {
    return null
  }
}

/** Writes the cache atomically. Failure is harmless (the next start reads the files). */
export function writeIndexCache(stateDir: string, root: string, rows: Map<string, CacheRow>): void {
  const path = cachePath(stateDir)
  const tmp = `${path}.${process.pid}.tmp`
  try {
    mkdirSync(stateDir, { recursive: true })
    writeFileSync(tmp, serialize({ format: FORMAT, root, rows } satisfies CacheFile))
    renameSync(tmp, path)
  } catch {
    rmSync(tmp, { force: true })
  }
}
