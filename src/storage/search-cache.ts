import { readFileSync, mkdirSync } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { deserialize } from 'node:v8'
import { frame } from './index-cache.ts'

/**
 * The search indexes' cache in `.cms/search-cache.bin` (runtime state, never committed): a
 * header, then one length-prefixed V8 frame per section (service/entries/search-cache.ts says
 * what a section holds and when it may be trusted). Only ever a cache: unreadable, of another
 * format or another content root, it is not used, and the indexes are built from the entries.
 */
const FORMAT = 'cms-search-cache/1'

interface Header {
  format: string
  root: string
  sections: number
}

const cachePath = (stateDir: string) => join(stateDir, 'search-cache.bin')

/** The cached sections for this content root, or null when there is no usable cache. */
export function readSearchCache(stateDir: string, root: string): unknown[] | null {
  try {
    const bytes = readFileSync(cachePath(stateDir))
    let at = 0
    const next = (): unknown => {
      const length = bytes.readUInt32LE(at)
      if (at + 4 + length > bytes.length) throw new Error('truncated')
      const value = deserialize(bytes.subarray(at + 4, at + 4 + length))
      at += 4 + length
      return value
    }
    const header = next() as Header
    if (!header || header.format !== FORMAT || header.root !== root) return null
    const sections: unknown[] = []
    for (let i = 0; i < header.sections; i++) sections.push(next())
    return at === bytes.length ? sections : null
  } catch {
    return null
  }
}

/**
 * Writes the sections atomically (temp file, rename). Each section is produced by the caller
 * in slices and serialized as it comes, the event loop given back between sections. Failure is
 * harmless: the next start builds the indexes from the entries.
 */
export async function writeSearchCache(stateDir: string, root: string, sections: AsyncIterable<unknown>): Promise<void> {
  const path = cachePath(stateDir)
  const tmp = `${path}.${process.pid}.tmp`
  const frames: Buffer[] = []
  try {
    for await (const section of sections) {
      frames.push(frame(section))
      await new Promise((resolve) => setImmediate(resolve))
    }
    mkdirSync(stateDir, { recursive: true })
    const file = await open(tmp, 'w')
    try {
      await file.writev([frame({ format: FORMAT, root, sections: frames.length } satisfies Header), ...frames])
    } finally {
      await file.close()
    }
    await rename(tmp, path)
  } catch {
    await rm(tmp, { force: true })
  }
}

/** Removes the cache (a start that finds it unusable, so it is not read again). */
export async function dropSearchCache(stateDir: string): Promise<void> {
  await rm(cachePath(stateDir), { force: true })
}
