import { readFileSync, mkdirSync } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import type { EntryRecord } from '../core/types.ts'
import { stampKey, type ContentIndex } from './content-index.ts'

/**
 * A snapshot of the parsed entries in `.cms/`, so a large tree starts without reading and
 * parsing every file again. It is only ever a cache: each row is used only when the file's
 * mtime, size and inode still match what was cached, so hand edits, `git pull` and crashes
 * can never make it serve stale content.
 *
 * The file is a header and then chunks of rows, each chunk a length-prefixed V8 serialization:
 * a running server writes it chunk by chunk, giving the event loop back in between (one
 * serialization of every row held it for about a second at 100k entries).
 */
const FORMAT = 'cms-index-cache/2'
/** Rows per chunk: ~2–4 ms of serialization each. */
const CHUNK_ROWS = 1000

export interface CacheRow {
  mtimeMs: number
  size: number
  ino: number
  entry: EntryRecord
}

interface CacheHeader {
  format: string
  root: string
  chunks: number
}

const cachePath = (stateDir: string) => join(stateDir, 'index-cache.bin')

/** A length-prefixed V8 serialization (the cache files' unit; search-cache.ts writes the same frames). */
export function frame(value: unknown): Buffer {
  const body = serialize(value)
  const head = Buffer.allocUnsafe(4)
  head.writeUInt32LE(body.length, 0)
  return Buffer.concat([head, body])
}

/** The cached rows for this content root, or null when there is no usable cache. */
export function readIndexCache(stateDir: string, root: string): Map<string, CacheRow> | null {
  try {
    const bytes = readFileSync(cachePath(stateDir))
    let at = 0
    const next = (): unknown => {
      const length = bytes.readUInt32LE(at)
      const value = deserialize(bytes.subarray(at + 4, at + 4 + length))
      at += 4 + length
      return value
    }
    const header = next() as CacheHeader
    if (header.format !== FORMAT || header.root !== root) return null
    const rows = new Map<string, CacheRow>()
    for (let i = 0; i < header.chunks; i++) for (const [key, row] of next() as Array<[string, CacheRow]>) rows.set(key, row)
    if (at !== bytes.length) return null
    return rows
  } catch {
    return null
  }
}

/**
 * Writes the cache atomically (temp file, rename), `rows` taken in chunks with the event loop
 * given back between them, so a server keeps answering. `rows` is read lazily: each row must
 * be self-consistent when taken (its stamp is its entry's file). Failure is harmless (the
 * next start reads the files).
 */
export async function writeIndexCache(stateDir: string, root: string, rows: () => Iterable<Array<[string, CacheRow]>>): Promise<void> {
  const path = cachePath(stateDir)
  const tmp = `${path}.${process.pid}.tmp`
  const chunks: Buffer[] = []
  try {
    for (const chunk of rows()) {
      chunks.push(frame(chunk))
      await new Promise((resolve) => setImmediate(resolve))
    }
    mkdirSync(stateDir, { recursive: true })
    const file = await open(tmp, 'w')
    try {
      await file.writev([frame({ format: FORMAT, root, chunks: chunks.length } satisfies CacheHeader), ...chunks])
    } finally {
      await file.close()
    }
    await rename(tmp, path)
  } catch {
    await rm(tmp, { force: true })
  }
}

/** Below this many entries, reading the files is about as fast as the cache. */
export const CACHE_MIN_ENTRIES = 1000

/**
 * Writes the index's entries as the cache in chunks of rows with the event loop given back
 * between them (one synchronous pass held it for about a second at 100k entries). Each row is
 * taken whole at its turn: the entry in memory and the stamp of the file it came from, or left out.
 */
export async function saveIndexCache(index: ContentIndex, stateDir: string, root: string): Promise<void> {
  if (index.entryCount < CACHE_MIN_ENTRIES) return
  const { collections, fileStamps } = index
  function* chunks(): Generator<Array<[string, CacheRow]>> {
    let chunk: Array<[string, CacheRow]> = []
    for (const [slug, entries] of collections) {
      for (const [uuid, entry] of entries.entries) {
        const key = stampKey(slug, uuid)
        const stamp = fileStamps.get(key)
        if (stamp) chunk.push([key, { ...stamp, entry }])
        if (chunk.length === CHUNK_ROWS) {
          yield chunk
          chunk = []
        }
      }
    }
    if (chunk.length > 0) yield chunk
  }
  await writeIndexCache(stateDir, root, chunks)
}
