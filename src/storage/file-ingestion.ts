import type { AssetRecord, Collection, EntryRecord, Project, TokenRecord, WebhookRecord } from '../core/types.ts'
import type { FileStamp } from './atomic.ts'
import { stampKey, type CollectionIndex, type ContentIndex } from './content-index.ts'
import type { FileWriter } from './file-writer.ts'
import type { Layout } from './paths.ts'
import type { FileProblem } from './problems.ts'

/**
 * The index changed from what files say, not from a write of ours: the start-up load (load.ts:
 * `load*`, no events, nothing listens yet) and the files someone else changed (watcher.ts, used
 * by the watcher, replica sync and git's Changes: `applyFile*`, each telling its change with
 * source `file`). Parsing and checking a file is ingest.ts's; this part only puts the record
 * it gave into the index. It also answers the watcher's questions to the file writer (is this
 * event the echo of our own write?).
 */
export class FileIngestion {
  readonly layout: Layout
  readonly #index: ContentIndex
  readonly #writer: FileWriter

  constructor(layout: Layout, index: ContentIndex, writer: FileWriter) {
    this.layout = layout
    this.#index = index
    this.#writer = writer
  }

  get collections(): ReadonlyMap<string, CollectionIndex> { return this.#index.collections }
  reportProblem(problem: FileProblem): void { this.#index.reportProblem(problem) }
  clearProblem(rel: string): void { this.#index.clearProblem(rel) }
  /** See FileWriter.consumeOwnWrite. */
  consumeOwnWrite(path: string): boolean { return this.#writer.consumeOwnWrite(path) }
  /** See FileWriter.writeMark. */
  writeMark(path: string): number { return this.#writer.writeMark(path) }

  // ---- start-up load -------------------------------------------------------------------

  loadProject(project: Project): void {
    this.#index.project = project
  }

  loadTokens(tokens: TokenRecord[]): void {
    this.#index.tokens = tokens
  }

  loadCollection(collection: Collection): void {
    this.#index.collections.set(collection.slug, { collection, entries: new Map(), revision: 0 })
  }

  loadWebhook(webhook: WebhookRecord): void {
    this.#index.webhooks.set(webhook.uuid, webhook)
  }

  loadAsset(asset: AssetRecord): void {
    this.#index.assets.set(asset.uuid, asset)
  }

  /** An entry read at start-up (from its file or the index cache), with the stamp of its file (`key`: `<slug>/<file name>`). */
  loadEntry(slug: string, entry: EntryRecord, key: string, stamp: FileStamp): void {
    const index = this.#index.collections.get(slug)
    if (!index) return
    index.entries.set(entry.uuid, entry)
    this.#index.fileStamps.set(key, stamp)
  }

  loadFinished(freshlyLoaded: number): void {
    this.#index.freshlyLoaded = freshlyLoaded
  }

  // ---- files changed by someone else ---------------------------------------------------

  /**
   * An entry file changed by someone else; null: removed. Whether the index changed: a rescan
   * or a touched file with the same content is no change (no event).
   */
  applyFileEntry(slug: string, uuid: string, entry: EntryRecord | null): boolean {
    const idx = this.#index
    // The file changed outside the store: its index record is no longer cacheable as is.
    idx.fileStamps.delete(stampKey(slug, uuid))
    const index = idx.collections.get(slug)
    const before = index?.entries.get(uuid) ?? null
    if (entry === null) {
      if (!index || !before) return false
      index.entries.delete(uuid)
      idx.emit({ kind: 'entry', slug, uuid, before, after: null, source: 'file' })
      return true
    }
    if (!index || (before && JSON.stringify(before) === JSON.stringify(entry))) return false
    index.entries.set(entry.uuid, entry)
    idx.emit({ kind: 'entry', slug, uuid: entry.uuid, before, after: entry, source: 'file' })
    return true
  }

  /** An entry file changed outside the store into something unusable: its record is no longer cacheable as is. */
  forgetFileStamp(slug: string, uuid: string): void {
    this.#index.fileStamps.delete(stampKey(slug, uuid))
  }

  /** A collection file changed by someone else; null: removed. */
  applyFileCollection(slug: string, collection: Collection | null): boolean {
    const idx = this.#index
    const existing = idx.collections.get(slug)
    if (collection === null) {
      if (!existing) return false
      idx.collections.delete(slug)
      idx.emit({ kind: 'collection', slug, before: existing.collection, after: null, source: 'file' })
      return true
    }
    if (existing && sameRecord(existing.collection, collection)) return false
    const before = idx.setCollection(collection)
    idx.emit({ kind: 'collection', slug, before, after: collection, source: 'file' })
    return true
  }

  /** The entries of a collection whose folder was removed. How many left the index. */
  applyRemovedEntriesDir(slug: string): number {
    const index = this.#index.collections.get(slug)
    if (!index) return 0
    let n = 0
    for (const [uuid, before] of index.entries) {
      index.entries.delete(uuid)
      this.#index.emit({ kind: 'entry', slug, uuid, before, after: null, source: 'file' })
      n++
    }
    return n
  }

  applyFileProject(project: Project): boolean {
    if (sameRecord(this.#index.project, project)) return false
    this.#index.project = project
    this.#index.emit({ kind: 'project', source: 'file' })
    return true
  }

  /** null: tokens.yaml removed (no token left). */
  applyFileTokens(tokens: TokenRecord[] | null): boolean {
    if (tokens !== null && sameRecord(this.#index.tokens, tokens)) return false
    this.#index.tokens = tokens ?? []
    this.#index.emit({ kind: 'tokens', source: 'file' })
    return true
  }

  applyFileWebhook(uuid: string, after: WebhookRecord | null): boolean {
    return applyFileRecord(this.#index.webhooks, uuid, after, (before) => this.#index.emit({ kind: 'webhook', uuid, before, after, source: 'file' }))
  }

  applyFileAsset(uuid: string, after: AssetRecord | null): boolean {
    return applyFileRecord(this.#index.assets, uuid, after, (before) => this.#index.emit({ kind: 'asset', uuid, before, after, source: 'file' }))
  }
}

/** A record read from (or gone with) its file, put in `records` unless nothing changed; `emit` tells listeners. */
function applyFileRecord<T>(records: Map<string, T>, uuid: string, after: T | null, emit: (before: T | null) => void): boolean {
  const before = records.get(uuid) ?? null
  if (after === null) {
    if (!before) return false
    records.delete(uuid)
  } else {
    if (before && sameRecord(before, after)) return false
    records.set(uuid, after)
  }
  emit(before)
  return true
}

/** Whether a file's record equals the one in memory (a second echo of our write, a touch). */
function sameRecord(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b)
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
    : v))
}
