import { readFile } from 'node:fs/promises'
import type { ContentStore } from '../storage/store.ts'
import { writeGenerated } from './load.ts'
import { generateTypes } from './types.ts'

/**
 * `cms serve --types FILE`: writes the types now, and again after each schema change (batched:
 * a branch switch changing ten collections rewrites once). Writes only when the text changed.
 * Returns a function that stops it and waits for a write in progress.
 */
export function keepTypesFresh(store: ContentStore, file: string, report: (message: string) => void): () => Promise<void> {
  let running: Promise<void> = Promise.resolve()
  let queued = false
  const regenerate = () => {
    if (queued) return
    queued = true
    running = running.then(async () => {
      queued = false
      const text = generateTypes(store.sortedCollections())
      const current = await readFile(file, 'utf8').catch(() => null)
      if (await writeGenerated(file, text, current)) report(`types: wrote ${file}`)
    }).catch((error: unknown) => report(`types: could not write ${file}: ${(error as Error).message}`))
  }
  const off = store.onChange((change) => { if (change.kind === 'collection') regenerate() })
  regenerate()
  return async () => {
    off()
    await running
  }
}
