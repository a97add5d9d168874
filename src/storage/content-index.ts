import type { AssetRecord, Collection, EntryRecord, EventSource, Project, TokenRecord, WebhookRecord } from '../core/types.ts'
import { forTerminal } from '../core/terminal.ts'
import { findRelationTarget } from '../schema/relation-target.ts'
import type { FileStamp } from './atomic.ts'
import type { FileProblem } from './problems.ts'

/** What changed in the index, for caches and for webhooks (source `file` for external edits). */
export type StoreChange =
  | { kind: 'entry'; slug: string; uuid: string; before: EntryRecord | null; after: EntryRecord | null; source: EventSource }
  | { kind: 'collection'; slug: string; before: Collection | null; after: Collection | null; source: EventSource }
  | { kind: 'project'; source: EventSource }
  | { kind: 'tokens'; source: EventSource }
  | { kind: 'webhook'; uuid: string; before: WebhookRecord | null; after: WebhookRecord | null; source: EventSource }
  | { kind: 'asset'; uuid: string; before: AssetRecord | null; after: AssetRecord | null; source: EventSource }

export interface CollectionIndex {
  collection: Collection
  entries: Map<string, EntryRecord>
  /** Bumped on every change to this collection's schema or entries; caches key on it. */
  revision: number
}

/** The key of an entry's file stamp: `<slug>/<uuid>.json`, as the index cache names its rows. */
export const stampKey = (slug: string, uuid: string): string => `${slug}/${uuid}.json`

/**
 * The in-memory index of a content tree, the problems of its broken files, and the events that
 * tell of every change. Its fields are open to the store's parts (the writes, the ingestion of
 * files, the index cache) and to nothing else: the store hands callers only its reads
 * (store.ts), so every change goes through a write or through the ingestion of a file.
 */
export class ContentIndex {
  project!: Project
  readonly collections = new Map<string, CollectionIndex>()
  tokens: TokenRecord[] = []
  readonly webhooks = new Map<string, WebhookRecord>()
  readonly assets = new Map<string, AssetRecord>()
  /** Bumped on every change of any kind. */
  revision = 0
  /**
   * Stamp of each entry file as it was when its index record was read or written (`stampKey`):
   * the index cache stores only records whose file still has this stamp.
   */
  readonly fileStamps = new Map<string, FileStamp>()
  /** Entries read from files (not the cache) by the last load. */
  freshlyLoaded = 0

  /** Files that currently fail to parse or validate, by relative path. */
  readonly #problems = new Map<string, FileProblem>()
  readonly #listeners = new Set<(change: StoreChange) => void>()
  readonly #problemListeners = new Set<() => void>()
  readonly #onProblem: ((problem: FileProblem) => void) | undefined

  constructor(onProblem?: (problem: FileProblem) => void) {
    this.#onProblem = onProblem
  }

  get problems(): ReadonlyMap<string, FileProblem> { return this.#problems }

  // ---- reads -------------------------------------------------------------------------

  get entryCount(): number {
    let n = 0
    for (const index of this.collections.values()) n += index.entries.size
    return n
  }

  collection(slug: string): CollectionIndex | undefined {
    return this.collections.get(slug)
  }

  collectionByUuid(uuid: string): CollectionIndex | undefined {
    for (const index of this.collections.values()) if (index.collection.uuid === uuid) return index
    return undefined
  }

  /** The collection a relation field's target names (slug, uuid or name: see findRelationTarget). */
  relationTarget(ref: unknown): CollectionIndex | null | undefined {
    const exact = typeof ref === 'string' ? this.collections.get(ref) : undefined
    if (exact) return exact
    const found = findRelationTarget(ref, [...this.collections.values()].map((i) => i.collection))
    return found ? this.collections.get(found.slug) : found
  }

  /** Finds an entry by uuid in any collection (relations name entries by uuid alone). */
  findEntry(uuid: string): { slug: string; entry: EntryRecord } | undefined {
    for (const [slug, index] of this.collections) {
      const entry = index.entries.get(uuid)
      if (entry) return { slug, entry }
    }
    return undefined
  }

  sortedCollections(): Collection[] {
    return [...this.collections.values()].map((i) => i.collection).sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
  }

  requireCollection(slug: string): CollectionIndex {
    const index = this.collections.get(slug)
    if (!index) throw new Error(`Unknown collection ${slug}`)
    return index
  }

  // ---- changes -----------------------------------------------------------------------

  /** A collection's schema, new or replaced (its entries stay). The old schema, or null. */
  setCollection(collection: Collection): Collection | null {
    const existing = this.collections.get(collection.slug)
    if (existing) {
      const before = existing.collection
      existing.collection = collection
      return before
    }
    this.collections.set(collection.slug, { collection, entries: new Map(), revision: 0 })
    return null
  }

  onChange(listener: (change: StoreChange) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Every index change, of a write or of a file changed by someone else, is told through here. */
  emit(change: StoreChange): void {
    this.revision++
    if ('slug' in change) {
      const index = this.collections.get(change.slug)
      if (index) index.revision++
    }
    for (const listener of this.#listeners) {
      try {
        listener(change)
      } catch (error) {
        console.error('[cms] change listener failed:', error)
      }
    }
  }

  // ---- problems ----------------------------------------------------------------------

  /** Called whenever the list of file problems changes (a broken file appears, changes reason, or is fixed). */
  onProblemsChange(listener: () => void): () => void {
    this.#problemListeners.add(listener)
    return () => this.#problemListeners.delete(listener)
  }

  reportProblem(problem: FileProblem): void {
    const previous = this.#problems.get(problem.file)
    this.#problems.set(problem.file, problem)
    if (previous?.message === problem.message) return
    this.#problemsChanged()
    const where = problem.line ? `${problem.file}:${problem.line}${problem.column ? `:${problem.column}` : ''}` : problem.file
    if (this.#onProblem) this.#onProblem(problem)
    else console.error(forTerminal(`[cms] ${where}: ${problem.message} (keeping the last good state)`))
  }

  clearProblem(rel: string): void {
    if (this.#problems.delete(rel)) this.#problemsChanged()
  }

  /** A folder is gone (`prefix`: its relative path and `/`): so are the problems of the files in it. */
  clearProblemsUnder(prefix: string): void {
    let cleared = false
    for (const file of this.#problems.keys()) if (file.startsWith(prefix)) { this.#problems.delete(file); cleared = true }
    if (cleared) this.#problemsChanged()
  }

  #problemsChanged(): void {
    for (const listener of this.#problemListeners) {
      try {
        listener()
      } catch (error) {
        console.error('[cms] problem listener failed:', error)
      }
    }
  }
}
