import { rm, rmdir } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import type { AssetRecord, Collection, EntryRecord, EventSource, Project, TokenRecord, VersionRecord, WebhookRecord } from '../core/types.ts'
import { createLayout, type Layout } from './paths.ts'
import { forTerminal } from '../core/terminal.ts'
import { removeFile, stampOf, syncDir, writeFileAtomic, type FileStamp, type WriteOptions } from './atomic.ts'
import { moveTree } from './move-tree.ts'
import { dropAside, finishRemovals, putAssetFilesBack, putVersionsBack, setAssetFilesAside, setVersionsAside } from './removals.ts'
import { assertContained } from './contained.ts'
import { INDEX_CACHE_CHUNK_ROWS, writeIndexCache, type CacheRow } from './index-cache.ts'
import { serializeEntry, serializeVersion, serializeYaml } from './codec.ts'
import { collectionDocument, projectDocument, toEntry, toToken } from './records.ts'
import { listDir, readChecked, mapLimit } from './read-files.ts'
import type { FileProblem } from './problems.ts'
import { loadTree } from './load.ts'
import { ingestProject, ingestVersion } from './ingest.ts'
import { withFileLock } from './file-lock.ts'
import { CmsError, storageFailure } from '../core/errors.ts'
import { findRelationTarget } from '../schema/relation-target.ts'

/** What changed in the index, for caches and for webhooks (source `file` for external edits). */
export type StoreChange =
  | { kind: 'entry'; slug: string; uuid: string; before: EntryRecord | null; after: EntryRecord | null; source: EventSource }
  | { kind: 'collection'; slug: string; before: Collection | null; after: Collection | null; source: EventSource }
  | { kind: 'project'; source: EventSource }
  | { kind: 'tokens'; source: EventSource }
  | { kind: 'webhook'; uuid: string; before: WebhookRecord | null; after: WebhookRecord | null; source: EventSource }
  | { kind: 'asset'; uuid: string; before: AssetRecord | null; after: AssetRecord | null; source: EventSource }

/**
 * Options of a store write. `owner` is the key a schema change got from
 * `withCollectionsClosed`: only writes carrying it reach a closed collection.
 */
export interface StoreWriteOptions extends WriteOptions {
  owner?: symbol
}

export interface CollectionIndex {
  collection: Collection
  entries: Map<string, EntryRecord>
  /** Bumped on every change to this collection's schema or entries; caches key on it. */
  revision: number
}

/** Start-up load progress: files loaded of the total. */
export interface LoadProgress {
  loaded: number
  total: number
}

export interface StoreOptions {
  /** Directory for runtime state; defaults to `.cms/` beside the content root. */
  stateDir?: string
  onProgress?: (progress: LoadProgress) => void
  /** Where problems with files are reported (default: stderr). */
  onProblem?: (problem: FileProblem) => void
  /**
   * Start from `.cms/index-cache.bin` where files are unchanged, and write it back after a
   * cold start or on close. @default true
   */
  indexCache?: boolean
  /** Sweep versions/ for stale temp files after loading (servers; CLI commands skip it). @default false */
  sweepVersions?: boolean
}

/**
 * The only module that writes `content/`. Holds the in-memory index, applies writes
 * atomically (index first, so concurrent requests see each other; file second, before the
 * caller answers), and reconciles external edits reported by the watcher.
 */
export class ContentStore {
  readonly layout: Layout
  // The index. Private: only this class changes it; the loader and the watcher go through the
  // `load*` and `applyFile*` methods below, every other caller through the writes.
  #project!: Project
  readonly #collections = new Map<string, CollectionIndex>()
  #tokens: TokenRecord[] = []
  readonly #webhooks = new Map<string, WebhookRecord>()
  readonly #assets = new Map<string, AssetRecord>()
  /** Files that currently fail to parse or validate, by relative path. */
  readonly #problems = new Map<string, FileProblem>()
  /** Bumped on every change of any kind. */
  revision = 0
  /**
   * Stamp of each entry file as it was when its index record was read or written, keyed
   * `<slug>/<uuid>.json`: the index cache stores only records whose file still has this stamp.
   */
  readonly #fileStamps = new Map<string, FileStamp>()
  /** Entries read from files (not the cache) by the last load. */
  #freshlyLoaded = 0

  get project(): Project { return this.#project }
  get collections(): ReadonlyMap<string, CollectionIndex> { return this.#collections }
  get tokens(): readonly TokenRecord[] { return this.#tokens }
  get webhooks(): ReadonlyMap<string, WebhookRecord> { return this.#webhooks }
  get assets(): ReadonlyMap<string, AssetRecord> { return this.#assets }
  get problems(): ReadonlyMap<string, FileProblem> { return this.#problems }
  get freshlyLoaded(): number { return this.#freshlyLoaded }
  /**
   * Told of every file or folder this store wrote or removed, once it is on disk (the git
   * committer listens here: every write of every caller passes through this one path), with
   * the text this write put there (null: removed; undefined: a folder, taken as it is on disk),
   * so a commit holds what its author wrote even when someone wrote the file again since.
   */
  fileObserver: ((path: string, folder: boolean, written?: string | null) => void) | null = null

  readonly #listeners = new Set<(change: StoreChange) => void>()
  /**
   * What each of our own writes left on disk (or REMOVED), until the watcher consumes its
   * echo: the identity of one write, never its content.
   */
  readonly #ownWrites = new Map<string, FileStamp | typeof REMOVED>()
  readonly #problemListeners = new Set<() => void>()
  /** Per-path write chains, so two writes of one file land in the order they were made. */
  readonly #pending = new Map<string, Promise<unknown>>()
  readonly #writeCounts = new Map<string, number>()
  readonly #options: StoreOptions
  /** Collections closed to other writes while a schema change rewrites their files. */
  readonly #closed = new Map<string, { what: string; owner: symbol }>()

  private constructor(root: string, options: StoreOptions) {
    this.layout = createLayout(root, options.stateDir)
    this.#options = options
  }

  static async open(root: string, options: StoreOptions = {}): Promise<ContentStore> {
    const store = new ContentStore(root, options)
    await loadTree(store, { onProgress: options.onProgress, indexCache: options.indexCache ?? true, sweepVersions: options.sweepVersions ?? false })
    return store
  }

  /**
   * `project.yaml` alone, through the one ingestion path, without loading any content (CLI
   * commands that need only the project's settings). Throws `file:line: message` for a broken file.
   */
  static async readProject(root: string): Promise<Project> {
    const layout = createLayout(root)
    const project = ingestProject(await readChecked(layout.project, 'project.yaml', 'project'))
    if (project.ok) return project.record
    const p = project.problems[0]
    throw new CmsError('bad_request', `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`)
  }

  /** Whether the last load read enough files that writing the index cache pays off. */
  get coldLoaded(): boolean {
    return this.#freshlyLoaded >= CACHE_MIN_ENTRIES
  }

  /**
   * Writes the index cache in chunks of rows with the event loop given back between them (one
   * synchronous pass held it for about a second at 100k entries). Each row is taken whole at
   * its turn: the entry in memory and the stamp of the file it came from, or left out.
   */
  async saveIndexCache(): Promise<void> {
    if (this.entryCount < CACHE_MIN_ENTRIES) return
    const collections = this.#collections
    const stamps = this.#fileStamps
    function* chunks(): Generator<Array<[string, CacheRow]>> {
      let chunk: Array<[string, CacheRow]> = []
      for (const [slug, index] of collections) {
        for (const [uuid, entry] of index.entries) {
          const key = `${slug}/${uuid}.json`
          const stamp = stamps.get(key)
          if (stamp) chunk.push([key, { ...stamp, entry }])
          if (chunk.length === INDEX_CACHE_CHUNK_ROWS) {
            yield chunk
            chunk = []
          }
        }
      }
      if (chunk.length > 0) yield chunk
    }
    await writeIndexCache(this.layout.stateDir, this.layout.root, chunks)
  }

  // ---- reads -------------------------------------------------------------------------

  get entryCount(): number {
    let n = 0
    for (const index of this.#collections.values()) n += index.entries.size
    return n
  }

  collection(slug: string): CollectionIndex | undefined {
    return this.#collections.get(slug)
  }

  collectionByUuid(uuid: string): CollectionIndex | undefined {
    for (const index of this.#collections.values()) if (index.collection.uuid === uuid) return index
    return undefined
  }

  /** The collection a relation field's target names (slug, uuid or name: see findRelationTarget). */
  relationTarget(ref: unknown): CollectionIndex | null | undefined {
    const exact = typeof ref === 'string' ? this.#collections.get(ref) : undefined
    if (exact) return exact
    const found = findRelationTarget(ref, [...this.#collections.values()].map((i) => i.collection))
    return found ? this.#collections.get(found.slug) : found
  }

  /** Finds an entry by uuid in any collection (relations name entries by uuid alone). */
  findEntry(uuid: string): { slug: string; entry: EntryRecord } | undefined {
    for (const [slug, index] of this.#collections) {
      const entry = index.entries.get(uuid)
      if (entry) return { slug, entry }
    }
    return undefined
  }

  sortedCollections(): Collection[] {
    return [...this.#collections.values()].map((i) => i.collection).sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
  }

  async listVersions(slug: string, uuid: string): Promise<VersionRecord[]> {
    const dir = this.layout.versionDir(slug, uuid)
    assertContained(this.layout.root, join(dir, '1.json'), 'read')
    const names = (await listDir(dir)).filter((n) => /^[1-9]\d*\.json$/.test(n))
    const read = await mapLimit(names, 16, async (name) => {
      const rel = `versions/${slug}/${uuid}/${name}`
      return ingestVersion(await readChecked(join(dir, name), rel, 'version'), rel, { uuid, n: Number(name.slice(0, -5)) })
    })
    const versions: VersionRecord[] = []
    for (const r of read) if (r.ok) versions.push(r.record)
    return versions.sort((a, b) => b.version_number - a.version_number)
  }

  async readVersion(slug: string, uuid: string, n: number): Promise<VersionRecord | null> {
    assertContained(this.layout.root, this.layout.version(slug, uuid, n), 'read')
    const rel = `versions/${slug}/${uuid}/${n}.json`
    const r = ingestVersion(await readChecked(this.layout.version(slug, uuid, n), rel, 'version'), rel, { uuid, n })
    return r.ok ? r.record : null
  }

  async maxVersion(slug: string, uuid: string): Promise<number> {
    const names = await listDir(this.layout.versionDir(slug, uuid))
    let max = 0
    for (const name of names) {
      const m = /^([1-9]\d*)\.json$/.exec(name)
      if (m) max = Math.max(max, Number(m[1]))
    }
    return max
  }

  // ---- subscriptions -----------------------------------------------------------------

  onChange(listener: (change: StoreChange) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Every index change, of a write or of a file changed by someone else, is told through here. */
  #emit(change: StoreChange): void {
    this.revision++
    if ('slug' in change) {
      const index = this.#collections.get(change.slug)
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

  /** Called whenever the list of file problems changes (a broken file appears, changes reason, or is fixed). */
  onProblemsChange(listener: () => void): () => void {
    this.#problemListeners.add(listener)
    return () => this.#problemListeners.delete(listener)
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

  reportProblem(problem: FileProblem): void {
    const previous = this.#problems.get(problem.file)
    this.#problems.set(problem.file, problem)
    if (previous?.message === problem.message) return
    this.#problemsChanged()
    const where = problem.line ? `${problem.file}:${problem.line}${problem.column ? `:${problem.column}` : ''}` : problem.file
    if (this.#options.onProblem) this.#options.onProblem(problem)
    else console.error(forTerminal(`[cms] ${where}: ${problem.message} (keeping the last good state)`))
  }

  clearProblem(rel: string): void {
    if (this.#problems.delete(rel)) this.#problemsChanged()
  }

  // ---- ingestion: the loader and the watcher change the index only through these ----------

  /** Start-up load (load.ts): no events, nothing listens yet. */
  loadProject(project: Project): void {
    this.#project = project
  }

  loadTokens(tokens: TokenRecord[]): void {
    this.#tokens = tokens
  }

  loadCollection(collection: Collection): void {
    this.#collections.set(collection.slug, { collection, entries: new Map(), revision: 0 })
  }

  loadWebhook(webhook: WebhookRecord): void {
    this.#webhooks.set(webhook.uuid, webhook)
  }

  loadAsset(asset: AssetRecord): void {
    this.#assets.set(asset.uuid, asset)
  }

  /** An entry read at start-up (from its file or the index cache), with the stamp of its file (`key`: `<slug>/<file name>`). */
  loadEntry(slug: string, entry: EntryRecord, key: string, stamp: FileStamp): void {
    const index = this.#collections.get(slug)
    if (!index) return
    index.entries.set(entry.uuid, entry)
    this.#fileStamps.set(key, stamp)
  }

  loadFinished(freshlyLoaded: number): void {
    this.#freshlyLoaded = freshlyLoaded
  }

  /**
   * An entry file changed by someone else (watcher.ts); null: removed. Whether the index
   * changed: a rescan or a touched file with the same content is no change (no event).
   */
  applyFileEntry(slug: string, uuid: string, entry: EntryRecord | null): boolean {
    // The file changed outside the store: its index record is no longer cacheable as is.
    this.#fileStamps.delete(`${slug}/${uuid}.json`)
    const index = this.#collections.get(slug)
    const before = index?.entries.get(uuid) ?? null
    if (entry === null) {
      if (!index || !before) return false
      index.entries.delete(uuid)
      this.#emit({ kind: 'entry', slug, uuid, before, after: null, source: 'file' })
      return true
    }
    if (!index || (before && JSON.stringify(before) === JSON.stringify(entry))) return false
    index.entries.set(entry.uuid, entry)
    this.#emit({ kind: 'entry', slug, uuid: entry.uuid, before, after: entry, source: 'file' })
    return true
  }

  /** An entry file changed outside the store into something unusable: its record is no longer cacheable as is. */
  forgetFileStamp(slug: string, uuid: string): void {
    this.#fileStamps.delete(`${slug}/${uuid}.json`)
  }

  /** A collection file changed by someone else; null: removed. */
  applyFileCollection(slug: string, collection: Collection | null): boolean {
    const existing = this.#collections.get(slug)
    if (collection === null) {
      if (!existing) return false
      this.#collections.delete(slug)
      this.#emit({ kind: 'collection', slug, before: existing.collection, after: null, source: 'file' })
      return true
    }
    if (existing && sameRecord(existing.collection, collection)) return false
    const before = existing?.collection ?? null
    if (existing) existing.collection = collection
    else this.#collections.set(slug, { collection, entries: new Map(), revision: 0 })
    this.#emit({ kind: 'collection', slug, before, after: collection, source: 'file' })
    return true
  }

  /** The entries of a collection whose folder was removed. How many left the index. */
  applyRemovedEntriesDir(slug: string): number {
    const index = this.#collections.get(slug)
    if (!index) return 0
    let n = 0
    for (const [uuid, before] of index.entries) {
      index.entries.delete(uuid)
      this.#emit({ kind: 'entry', slug, uuid, before, after: null, source: 'file' })
      n++
    }
    return n
  }

  applyFileProject(project: Project): boolean {
    if (sameRecord(this.#project, project)) return false
    this.#project = project
    this.#emit({ kind: 'project', source: 'file' })
    return true
  }

  /** null: tokens.yaml removed (no token left). */
  applyFileTokens(tokens: TokenRecord[] | null): boolean {
    if (tokens !== null && sameRecord(this.#tokens, tokens)) return false
    this.#tokens = tokens ?? []
    this.#emit({ kind: 'tokens', source: 'file' })
    return true
  }

  applyFileWebhook(uuid: string, after: WebhookRecord | null): boolean {
    return this.#applyFileRecord(this.#webhooks, uuid, after, (before) => this.#emit({ kind: 'webhook', uuid, before, after, source: 'file' }))
  }

  applyFileAsset(uuid: string, after: AssetRecord | null): boolean {
    return this.#applyFileRecord(this.#assets, uuid, after, (before) => this.#emit({ kind: 'asset', uuid, before, after, source: 'file' }))
  }

  /** A record read from (or gone with) its file, put in `records` unless nothing changed; `emit` tells listeners. */
  #applyFileRecord<T>(records: Map<string, T>, uuid: string, after: T | null, emit: (before: T | null) => void): boolean {
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

  // ---- writes ------------------------------------------------------------------------

  /**
   * Puts an entry in the index at once (so a concurrent request sees it, e.g. for unique
   * checks) and resolves once the file is durably on disk. If the write fails the index is
   * rolled back and the error rethrown.
   */
  async putEntry(slug: string, entry: EntryRecord, source: EventSource, options?: StoreWriteOptions): Promise<void> {
    this.#checkOpen(slug, options?.owner)
    const index = this.#requireCollection(slug)
    const before = index.entries.get(entry.uuid) ?? null
    index.entries.set(entry.uuid, entry)
    this.#emit({ kind: 'entry', slug, uuid: entry.uuid, before, after: entry, source })
    const key = `${slug}/${entry.uuid}.json`
    this.#fileStamps.delete(key)
    try {
      const stamp = await this.#write(this.layout.entry(slug, entry.uuid), () => serializeEntry(entry, index.collection), options)
      if (index.entries.get(entry.uuid) === entry) this.#fileStamps.set(key, stamp)
    } catch (error) {
      if (index.entries.get(entry.uuid) === entry) {
        if (before) index.entries.set(entry.uuid, before)
        else index.entries.delete(entry.uuid)
        this.#emit({ kind: 'entry', slug, uuid: entry.uuid, before: entry, after: before, source })
      }
      throw error
    }
  }

  /**
   * New entries, each with its first version when it is created published. They are in the
   * index at once (as putEntry puts them, so unique checks see them); on disk every version is
   * written before any entry file, so no entry is ever there without the version it names. A
   * write that fails takes them all back, files and index, before the error is rethrown:
   * a failed create (a full disk) leaves none of its entries, on disk or in memory.
   */
  async putNewEntries(slug: string, items: ReadonlyArray<{ entry: EntryRecord; version: VersionRecord | null }>, source: EventSource, options?: StoreWriteOptions): Promise<void> {
    this.#checkOpen(slug, options?.owner)
    const index = this.#requireCollection(slug)
    for (const { entry } of items) {
      index.entries.set(entry.uuid, entry)
      this.#fileStamps.delete(`${slug}/${entry.uuid}.json`)
      this.#emit({ kind: 'entry', slug, uuid: entry.uuid, before: null, after: entry, source })
    }
    const versions = items.flatMap((i) => (i.version ? [i.version] : []))
    let failure: { error: unknown } | null = null
    // Every write settles before the next step or the roll-back: none may land after it.
    const settle = async (tasks: Array<Promise<unknown>>) => {
      for (const r of await Promise.allSettled(tasks)) if (r.status === 'rejected') failure ??= { error: r.reason }
    }
    await settle(versions.map((v) => this.#write(this.layout.version(slug, v.entry_uuid, v.version_number), () => serializeVersion(v, index.collection), options)))
    if (!failure) {
      await settle(items.map(async ({ entry }) => {
        const stamp = await this.#write(this.layout.entry(slug, entry.uuid), () => serializeEntry(entry, index.collection), options)
        if (index.entries.get(entry.uuid) === entry) this.#fileStamps.set(`${slug}/${entry.uuid}.json`, stamp)
      }))
    }
    if (!failure) return
    // Only what is still ours: an entry a later write already changed keeps that write.
    const ours = items.filter(({ entry }) => index.entries.get(entry.uuid) === entry)
    await Promise.allSettled(ours.map(({ entry }) => this.#remove(this.layout.entry(slug, entry.uuid))))
    await Promise.allSettled(ours.flatMap(({ version }) => (version ? [this.#remove(this.layout.version(slug, version.entry_uuid, version.version_number))
      .then(() => rmdir(this.layout.versionDir(slug, version.entry_uuid)))] : [])))
    for (const { entry } of ours) {
      index.entries.delete(entry.uuid)
      this.#fileStamps.delete(`${slug}/${entry.uuid}.json`)
      this.#emit({ kind: 'entry', slug, uuid: entry.uuid, before: entry, after: null, source })
    }
    throw (failure as { error: unknown }).error
  }

  /**
   * Removes an entry, its versions with it, as one step a crash cannot split (removals.ts).
   * Memory changes once the entry's file is gone: a removal that fails changes nothing.
   */
  async removeEntry(slug: string, uuid: string, source: EventSource, options?: StoreWriteOptions): Promise<void> {
    this.#checkOpen(slug, options?.owner)
    const index = this.#requireCollection(slug)
    const task = this.#removeEntryAndVersions(index, slug, uuid, source)
    // Tracked as a whole: a schema change's drain waits for the versions too, not only the file.
    this.#track(this.layout.versionDir(slug, uuid), task)
    return task
  }

  #removeEntryAndVersions(index: CollectionIndex, slug: string, uuid: string, source: EventSource): Promise<void> {
    return this.#removeWithFolder(this.layout.versionDir(slug, uuid), () => setVersionsAside(this.layout, slug, uuid), () => putVersionsBack(this.layout, slug, uuid),
      () => this.#remove(this.layout.entry(slug, uuid), () => {
        const before = index.entries.get(uuid) ?? null
        index.entries.delete(uuid)
        this.#fileStamps.delete(`${slug}/${uuid}.json`)
        if (before) this.#emit({ kind: 'entry', slug, uuid, before, after: null, source })
      }))
  }

  /**
   * A record's file and its folder removed as one step (removals.ts): the folder set aside,
   * then the file removed (the step that decides), then the folder dropped; put back when the
   * file's removal fails.
   */
  async #removeWithFolder(folder: string, setAside: () => Promise<string | null>, putBack: () => Promise<void>, removeRecord: () => Promise<void>): Promise<void> {
    const aside = await setAside()
    try {
      await removeRecord()
    } catch (error) {
      if (aside) await putBack().catch(() => {})
      throw error
    }
    if (aside) {
      this.#forgetFolder(folder)
      // Gone with the record whatever happens next: a folder left aside is removed at the next start.
      await dropAside(aside).catch(() => {})
    }
  }

  /** Finishes the entry and asset removals a stop interrupted (the tree's writer, before it serves anything). */
  finishRemovals(): Promise<{ removed: number; restored: number }> {
    return finishRemovals(this.layout,
      // In memory under any collection (one renamed since), or a file there that did not load (a broken one keeps its history).
      (slug, uuid) => this.findEntry(uuid)?.slug ?? (stampOf(this.layout.entry(slug, uuid)) !== null ? slug : null),
      (uuid) => this.#assets.has(uuid) || stampOf(this.layout.assetMeta(uuid)) !== null)
  }

  async putVersion(slug: string, version: VersionRecord, options?: StoreWriteOptions): Promise<void> {
    this.#checkOpen(slug, options?.owner)
    const index = this.#requireCollection(slug)
    await this.#write(this.layout.version(slug, version.entry_uuid, version.version_number), () => serializeVersion(version, index.collection))
  }

  async removeVersion(slug: string, uuid: string, n: number, options?: StoreWriteOptions): Promise<void> {
    this.#checkOpen(slug, options?.owner)
    await this.#remove(this.layout.version(slug, uuid, n))
  }

  // Project, collections, tokens, webhooks and assets change memory only once their file is
  // durably written: a failed write (a full disk) changes nothing, and nothing acknowledged in
  // between can depend on a change that is not on disk. Each write is checked against the
  // record it was computed from; if another write of the same file landed first, it is refused
  // (409) rather than silently undoing that one.

  async putProject(project: Project, source: EventSource): Promise<void> {
    const base = this.#project
    await this.#write(this.layout.project, () => {
      this.#expectUnchanged(base === this.#project, 'the project settings')
      return serializeYaml(projectDocument(project))
    }, undefined, () => {
      this.#project = project
      this.#emit({ kind: 'project', source })
    })
  }

  async putCollection(collection: Collection, source: EventSource, options?: StoreWriteOptions): Promise<void> {
    this.#checkOpen(collection.slug, options?.owner)
    const base = this.#collections.get(collection.slug)?.collection ?? null
    await this.#write(this.layout.collection(collection.slug), () => {
      this.#expectUnchanged(base === (this.#collections.get(collection.slug)?.collection ?? null), `the collection "${collection.slug}"`)
      return serializeYaml(collectionDocument(collection))
    }, undefined, () => {
      const existing = this.#collections.get(collection.slug)
      const before = existing?.collection ?? null
      if (existing) existing.collection = collection
      else this.#collections.set(collection.slug, { collection, entries: new Map(), revision: 0 })
      this.#emit({ kind: 'collection', slug: collection.slug, before, after: collection, source })
    })
  }

  /** Removes a collection with all its entries and versions. */
  async removeCollection(slug: string, source: EventSource, options?: StoreWriteOptions): Promise<void> {
    this.#checkOpen(slug, options?.owner)
    if (this.#collections.has(slug)) {
      await this.#remove(this.layout.collection(slug), () => {
        const index = this.#collections.get(slug)
        if (!index) return
        this.#collections.delete(slug)
        this.#emit({ kind: 'collection', slug, before: index.collection, after: null, source })
      })
    }
    // Also when the file is already gone: finishing a deletion a crash interrupted (schema journal).
    await this.#removeDir(this.layout.entryDir(slug))
    await this.#removeDir(join(this.layout.versionsDir, slug))
  }

  /**
   * Runs a schema change that rewrites many files of `slugs` with those collections closed:
   * writes already in flight land first, then every other write to them is refused (409,
   * nothing changed) until `fn` settles. `fn` passes the owner key it gets to its own writes.
   */
  async withCollectionsClosed<T>(slugs: string[], what: string, fn: (owner: symbol) => Promise<T>): Promise<T> {
    for (const slug of slugs) this.#checkOpen(slug)
    const owner = Symbol(what)
    for (const slug of slugs) this.#closed.set(slug, { what, owner })
    try {
      await this.#drain(slugs)
      return await fn(owner)
    } finally {
      for (const slug of slugs) if (this.#closed.get(slug)?.owner === owner) this.#closed.delete(slug)
    }
  }

  /** What is running on a closed collection, or undefined when it is open. */
  closedFor(slug: string): string | undefined {
    return this.#closed.get(slug)?.what
  }

  /**
   * Renames collection `from`'s entry and version folders to `to` (one rename each, not a copy:
   * entry files do not name their collection) and moves its index records over, then removes
   * `collections/<from>.yaml`. `collections/<to>.yaml` must have been written first. Safe to
   * run again on any state a crash in between leaves (schema journal replay).
   */
  async moveCollectionFiles(from: string, to: string, source: EventSource, owner: symbol): Promise<void> {
    this.#checkOpen(from, owner)
    this.#checkOpen(to, owner)
    const target = this.#requireCollection(to)
    await this.#drain([from, to])
    moveTree(this.layout.entryDir(from), this.layout.entryDir(to))
    moveTree(join(this.layout.versionsDir, from), join(this.layout.versionsDir, to))
    // The index follows in the same synchronous stretch: a watcher batch must never find
    // entries/<from> gone while the index still holds it (it would drop every entry).
    const old = this.#collections.get(from)
    if (old) {
      for (const [uuid, entry] of old.entries) {
        target.entries.set(uuid, entry)
        const stamp = this.#fileStamps.get(`${from}/${uuid}.json`)
        this.#fileStamps.delete(`${from}/${uuid}.json`)
        if (stamp) this.#fileStamps.set(`${to}/${uuid}.json`, stamp)
      }
      this.#collections.delete(from)
      this.#emit({ kind: 'collection', slug: from, before: old.collection, after: null, source })
      this.#emit({ kind: 'collection', slug: to, before: target.collection, after: target.collection, source })
    }
    await syncDir(this.layout.entriesDir)
    await syncDir(this.layout.versionsDir)
    await this.#remove(this.layout.collection(from))
  }

  /**
   * Changes tokens.yaml as it is on disk now, under a lock: two `cms token create` run at once
   * both land. A tokens.yaml that does not parse is an error, never overwritten.
   */
  async updateTokens<T>(change: (current: TokenRecord[]) => { tokens: TokenRecord[]; result: T }, source: EventSource): Promise<T> {
    return withFileLock(join(this.layout.stateDir, 'tokens.lock'), 'tokens.yaml', async () => {
      const fresh = await readChecked(this.layout.tokens, 'tokens.yaml', 'tokens')
      if (!fresh.ok && !fresh.missing) {
        const p = fresh.problem
        throw new CmsError('conflict', `tokens.yaml${p.line ? `:${p.line}` : ''}: ${p.message} (fix the file first; nothing was changed)`)
      }
      const current = fresh.ok ? (fresh.value.tokens as Record<string, unknown>[]).map(toToken) : []
      const { tokens, result } = change(current)
      await this.putTokens(tokens, source)
      return result
    })
  }

  async putTokens(tokens: TokenRecord[], source: EventSource): Promise<void> {
    await this.#write(this.layout.tokens, () => serializeYaml({ tokens: tokens.map((t) => ({ ...t })) }), undefined, () => {
      this.#tokens = tokens
      this.#emit({ kind: 'tokens', source })
    })
  }

  async putWebhook(webhook: WebhookRecord, source: EventSource): Promise<void> {
    const base = this.#webhooks.get(webhook.uuid) ?? null
    await this.#write(this.layout.webhook(webhook.uuid), () => {
      this.#expectUnchanged(base === (this.#webhooks.get(webhook.uuid) ?? null), 'the webhook')
      return serializeYaml({ ...webhook })
    }, undefined, () => {
      const before = this.#webhooks.get(webhook.uuid) ?? null
      this.#webhooks.set(webhook.uuid, webhook)
      this.#emit({ kind: 'webhook', uuid: webhook.uuid, before, after: webhook, source })
    })
  }

  async removeWebhook(uuid: string, source: EventSource): Promise<void> {
    await this.#remove(this.layout.webhook(uuid), () => {
      const before = this.#webhooks.get(uuid) ?? null
      this.#webhooks.delete(uuid)
      if (before) this.#emit({ kind: 'webhook', uuid, before, after: null, source })
    })
  }

  async putAsset(asset: AssetRecord, source: EventSource): Promise<void> {
    const base = this.#assets.get(asset.uuid) ?? null
    await this.#write(this.layout.assetMeta(asset.uuid), () => {
      this.#expectUnchanged(base === (this.#assets.get(asset.uuid) ?? null), 'the asset')
      return serializeYaml({ ...asset })
    }, undefined, () => {
      const before = this.#assets.get(asset.uuid) ?? null
      this.#assets.set(asset.uuid, asset)
      this.#emit({ kind: 'asset', uuid: asset.uuid, before, after: asset, source })
    })
    // The stored file was moved into its folder before (service/assets/ingest.ts): it is part of this write.
    this.fileObserver?.(this.layout.assetDir(asset.uuid), true)
  }

  /**
   * Removes an asset's metadata and, when `bytes`, its stored file with it, as one step a crash
   * cannot split (removals.ts). Memory changes once the metadata file is gone.
   */
  async removeAsset(uuid: string, source: EventSource, options: { bytes?: boolean } = {}): Promise<void> {
    if (!options.bytes) return this.#removeAssetMeta(uuid, source)
    const task = this.#removeAssetAndFiles(uuid, source)
    // Tracked as a whole, under the folder: the watcher takes its events there for our own.
    this.#track(this.layout.assetDir(uuid), task)
    return task
  }

  #removeAssetMeta(uuid: string, source: EventSource): Promise<void> {
    return this.#remove(this.layout.assetMeta(uuid), () => {
      const before = this.#assets.get(uuid) ?? null
      this.#assets.delete(uuid)
      if (before) this.#emit({ kind: 'asset', uuid, before, after: null, source })
    })
  }

  #removeAssetAndFiles(uuid: string, source: EventSource): Promise<void> {
    return this.#removeWithFolder(this.layout.assetDir(uuid), () => setAssetFilesAside(this.layout, uuid), () => putAssetFilesBack(this.layout, uuid),
      () => this.#removeAssetMeta(uuid, source))
  }

  /** Waits for every write in flight (shutdown, tests). */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending.values()])
  }

  // ---- watcher support ---------------------------------------------------------------

  /**
   * True when a watcher event for `path` is the echo of our own write: the write is still in
   * flight, or the file is exactly what our last write left (same inode, size and mtime), or
   * we removed it and it is still gone. A recognised echo is consumed: the next event for the
   * path is read and applied like any other, so a later `git checkout` or `git restore` that
   * brings back bytes we once wrote is never mistaken for our write.
   */
  /**
   * How many times the store has started writing or removing `path` (in memory at once, on disk
   * soon after). The watcher notes it before reading a file and drops what it read when it
   * moved, or a write is in flight: the text predates an acknowledged write, and applying it
   * would put the old record back in memory over the new one.
   */
  writeMark(path: string): number {
    return this.#pending.has(path) ? -1 : (this.#writeCounts.get(path) ?? 0)
  }

  consumeOwnWrite(path: string): boolean {
    if (this.#pending.has(path)) return true
    if (!this.#ownWrites.has(path)) return false
    const mine = this.#ownWrites.get(path)!
    this.#ownWrites.delete(path)
    const now = stampOf(path)
    if (mine === REMOVED) return now === null
    return now !== null && now.ino === mine.ino && now.size === mine.size && now.mtimeMs === mine.mtimeMs
  }

  /** Parses an entry file's text as the loader does (exposed for the watcher). */
  static entryFrom(value: Record<string, unknown>): EntryRecord {
    return toEntry(value)
  }

  // ---- internals ---------------------------------------------------------------------

  #checkOpen(slug: string, owner?: symbol): void {
    const closed = this.#closed.get(slug)
    if (closed && closed.owner !== owner) {
      throw new CmsError('conflict', `The collection "${slug}" is locked while it is ${closed.what}; nothing was changed. Try again when it finishes.`, { headers: { 'retry-after': '2' } })
    }
  }

  /** Waits until no write to the files of `slugs` is in flight. */
  async #drain(slugs: string[]): Promise<void> {
    const prefixes = slugs.flatMap((slug) => [this.layout.entryDir(slug) + sep, join(this.layout.versionsDir, slug) + sep, this.layout.collection(slug)])
    for (;;) {
      const busy = [...this.#pending].filter(([path]) => prefixes.some((p) => path.startsWith(p))).map(([, task]) => task)
      if (busy.length === 0) return
      await Promise.allSettled(busy)
    }
  }

  /** Refuses a write computed from a record another write has replaced since (lost update). */
  #expectUnchanged(unchanged: boolean, what: string): void {
    if (!unchanged) throw new CmsError('conflict', `${what[0]!.toUpperCase()}${what.slice(1)} changed while this request was being handled; nothing was saved. Try again.`)
  }

  #requireCollection(slug: string): CollectionIndex {
    const index = this.#collections.get(slug)
    if (!index) throw new Error(`Unknown collection ${slug}`)
    return index
  }

  /**
   * Writes `path` after any earlier write of it. `render` runs when its turn comes (and may
   * refuse); `commit` applies the change to memory once the file is durable, inside the same
   * turn, so the next write of the path sees it.
   */
  #write(path: string, render: () => string, options?: WriteOptions, commit?: () => void): Promise<FileStamp> {
    this.#bumpWrites(path)
    const previous = this.#pending.get(path) ?? Promise.resolve()
    const task = previous.catch(() => {}).then(async () => {
      assertContained(this.layout.root, path, 'write')
      const text = render()
      this.#ownWrites.delete(path)
      const stamp = await writeFileAtomic(path, text, options).catch((error: unknown) => { throw storageFailure(error) })
      this.#ownWrites.set(path, stamp)
      this.fileObserver?.(path, false, text)
      commit?.()
      return stamp
    })
    this.#track(path, task)
    return task
  }

  #remove(path: string, commit?: () => void): Promise<void> {
    this.#bumpWrites(path)
    const previous = this.#pending.get(path) ?? Promise.resolve()
    const task = previous.catch(() => {}).then(async () => {
      assertContained(this.layout.root, path, 'write')
      this.#ownWrites.delete(path)
      await removeFile(path).catch((error: unknown) => { throw storageFailure(error) })
      this.#ownWrites.set(path, REMOVED)
      this.fileObserver?.(path, false, null)
      commit?.()
    })
    this.#track(path, task)
    return task
  }

  async #removeDir(path: string): Promise<void> {
    assertContained(this.layout.root, path, 'write')
    await rm(path, { recursive: true, force: true })
    // Durable before the caller goes on (a schema journal is cleared only after this).
    await syncDir(dirname(path))
    this.#forgetFolder(path)
  }

  /** A folder is gone: so are the problems reported for files in it, and git is told. */
  #forgetFolder(path: string): void {
    // Problems reported for files in it are gone with them.
    const prefix = relative(this.layout.root, path).split(sep).join('/') + '/'
    let cleared = false
    for (const file of this.#problems.keys()) if (file.startsWith(prefix)) { this.#problems.delete(file); cleared = true }
    if (cleared) this.#problemsChanged()
    this.fileObserver?.(path, true)
  }

  #bumpWrites(path: string): void {
    this.#writeCounts.set(path, (this.#writeCounts.get(path) ?? 0) + 1)
  }

  #track(path: string, task: Promise<unknown>): void {
    this.#pending.set(path, task)
    const clear = () => { if (this.#pending.get(path) === task) this.#pending.delete(path) }
    task.then(clear, clear)
  }
}

/** Below this many entries, reading the files is about as fast as the cache. */
const CACHE_MIN_ENTRIES = 1000

const REMOVED = Symbol('removed')

/** Whether a file's record equals the one in memory (a second echo of our write, a touch). */
function sameRecord(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b)
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
    : v))
}
