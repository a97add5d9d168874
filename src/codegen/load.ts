import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Collection } from '../core/types.ts'
import { loadConfig } from '../config.ts'
import { ContentStore } from '../storage/store.ts'
import { writeFileAtomic } from '../storage/atomic.ts'

/** The collection schemas of a content root, read through the store (no lock: read only). */
export async function loadCollections(dir: string | undefined): Promise<Collection[]> {
  const config = loadConfig(dir ? { dir } : {})
  const store = await ContentStore.open(config.contentDir, { stateDir: config.stateDir })
  return store.sortedCollections()
}

/** Writes a generated file atomically, only when its text changed. Returns whether it did. */
export async function writeGenerated(file: string, text: string, current?: string | null): Promise<boolean> {
  if (current === text) return false
  await mkdir(dirname(file), { recursive: true })
  await writeFileAtomic(file, text)
  return true
}
