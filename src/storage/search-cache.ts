import { readFileSync, mkdirSync } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { deserialize } from 'node:v8'
import type { Steps } from '../query/steps.ts'
import { frame } from './index-cache.ts'

/**
 * The search indexes' cache in `.cms/search-cache.bin` (runtime state, never committed): a
 * header naming each section (its small head, and how many frames it holds), then the
 * sections' frames, each a length-prefixed V8 serialization of a few MB at most, so neither
 * writing nor reading one holds the event loop for long (service/entries/search-cache.ts says
 * what a section holds and when it may be trusted). Only ever a cache: unreadable, of another
 * format or another content root, it is not used, and the indexes are built from the entries.
 */
const FORMAT = 'cms-search-cache/2'

interface Header {
  format: string
  root: string
  sections: Array<{ head: unknown; frames: number }>
}

export interface CachedSection {
  head: unknown
  /** The section's parts, read one frame per step. Throws on a frame that does not read. */
  parts: () => Steps<unknown[]>
}

const cachePath = (stateDir: string) => join(stateDir, 'search-cache.bin')

/**
 * The cached sections for this content root, or null when there is no usable cache: the file
 * is read and its frames located now, each section's parts deserialized when it asks.
 */
export function readSearchCache(stateDir: string, root: string): CachedSection[] | null {
  try {
    const bytes = readFileSync(cachePath(stateDir))
    const frames: Array<[number, number]> = []
    for (let at = 0; at < bytes.length;) {
      if (at + 4 > bytes.length) return null
      const length = bytes.readUInt32LE(at)
      if (at + 4 + length > bytes.length) return null
      frames.push([at + 4, at + 4 + length])
      at += 4 + length
    }
    const read = ([from, to]: [number, number]): unknown => deserialize(bytes.subarray(from, to))
    if (frames.length === 0) return null
    const header = read(frames[0]!) as Header
    if (!header || header.format !== FORMAT || header.root !== root || !Array.isArray(header.sections)) return null
    if (header.sections.reduce((sum, s) => sum + s.frames, 1) !== frames.length) return null
    let next = 1
    return header.sections.map(({ head, frames: count }) => {
      const mine = frames.slice(next, (next += count))
      return {
        head,
        *parts() {
          const out: unknown[] = []
          for (const f of mine) {
            out.push(read(f))
            yield
          }
          return out
        },
      }
    })
  } catch {
    return null
  }
}

/**
 * Writes the sections atomically (temp file, rename). Each section's parts are produced by the
 * caller in slices and serialized one by one, the event loop given back between them. Failure
 * is harmless: the next start builds the indexes from the entries.
 */
export async function writeSearchCache(stateDir: string, root: string, sections: AsyncIterable<{ head: unknown; parts: unknown[] }>): Promise<void> {
  const path = cachePath(stateDir)
  const tmp = `${path}.${process.pid}.tmp`
  const frames: Buffer[] = []
  const heads: Header['sections'] = []
  try {
    for await (const { head, parts } of sections) {
      for (const part of parts) {
        frames.push(frame(part))
        await new Promise((resolve) => setImmediate(resolve))
      }
      heads.push({ head, frames: parts.length })
    }
    mkdirSync(stateDir, { recursive: true })
    const file = await open(tmp, 'w')
    try {
      await file.writev([frame({ format: FORMAT, root, sections: heads } satisfies Header), ...frames])
    } finally {
      await file.close()
    }
    await rename(tmp, path)
  } catch {
    await rm(tmp, { force: true })
  }
}
