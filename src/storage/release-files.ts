import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isUuid } from '../core/ids.ts'
import type { FileWriter } from './file-writer.ts'
import type { Layout } from './paths.ts'
import { removeFile, writeFileAtomic } from './atomic.ts'

/**
 * Release files (`content/releases/<uuid>.json`, docs/scheduling.md): written through the
 * store's one writer (atomic, committed to git like any content file), read whole by the
 * service that keeps them. The release journal (`.cms/release-journal.json`) is runtime state:
 * a release being published is written there, durably, before its first entry file changes.
 */
export class ReleaseFiles {
  readonly #layout: Layout
  readonly #writer: FileWriter

  constructor(layout: Layout, writer: FileWriter) {
    this.#layout = layout
    this.#writer = writer
  }

  async put(id: string, record: Record<string, unknown>): Promise<void> {
    await this.#writer.write(this.#layout.release(id), () => `${JSON.stringify(record, null, 2)}\n`)
  }

  remove(id: string): Promise<void> {
    return this.#writer.remove(this.#layout.release(id))
  }

  /** Every release file that parses; a broken one is named on stderr and left out. */
  async readAll(): Promise<Array<Record<string, unknown>>> {
    let names: string[]
    try {
      names = await readdir(this.#layout.releasesDir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
    const out: Array<Record<string, unknown>> = []
    for (const name of names.sort()) {
      if (!name.endsWith('.json') || !isUuid(name.slice(0, -5))) continue
      try {
        const value = JSON.parse(await readFile(join(this.#layout.releasesDir, name), 'utf8')) as unknown
        if (value && typeof value === 'object' && !Array.isArray(value)) out.push(value as Record<string, unknown>)
      } catch (error) {
        console.error(`[cms] releases/${name}: ${(error as Error).message} (left out)`)
      }
    }
    return out
  }

  // ---- the journal -------------------------------------------------------------------

  get journalPath(): string { return join(this.#layout.stateDir, 'release-journal.json') }

  async writeJournal(value: unknown): Promise<void> {
    await writeFileAtomic(this.journalPath, `${JSON.stringify(value)}\n`)
  }

  /** The journal a stopped publish left, or null. One that does not parse is an error: never guessed at. */
  async readJournal(): Promise<unknown> {
    try {
      return JSON.parse(await readFile(this.journalPath, 'utf8')) as unknown
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async clearJournal(): Promise<void> {
    await removeFile(this.journalPath)
  }
}
