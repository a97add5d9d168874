import { relative, sep } from 'node:path'
import type { AssetRecord, Collection, EntryRecord, Project, TokenRecord, VersionRecord, WebhookRecord } from '../core/types.ts'
import { CmsError } from '../core/errors.ts'
import { createLayout, type Layout } from './paths.ts'
import { readChecked } from './read-files.ts'
import type { FileProblem } from './problems.ts'
import { loadTree } from './load.ts'
import { ingestProject } from './ingest.ts'
import { CACHE_MIN_ENTRIES, saveIndexCache } from './index-cache.ts'
import { ContentIndex, stampKey, type CollectionIndex, type StoreChange } from './content-index.ts'
import type { FileStamp } from './atomic.ts'
import { FileWriter, type FileObserver } from './file-writer.ts'
import { ClosedCollections } from './closed-collections.ts'
import { EntryWrites } from './entry-writes.ts'
import { RecordWrites } from './record-writes.ts'
import { FileIngestion } from './file-ingestion.ts'
import { ReleaseFiles } from './release-files.ts'
import { listVersions, maxVersion, readVersion } from './version-files.ts'

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
 * The only module that writes `content/`, put together from its parts:
 * - the index with its events and file problems (content-index.ts), of which callers get the reads;
 * - the file writer (file-writer.ts): one queue per path, atomic writes, the marks of our own writes;
 * - the writes of records: entries and versions (entry-writes.ts), every other kind
 *   (record-writes.ts), and the collections a schema change closes (closed-collections.ts);
 * - the ingestion of files (file-ingestion.ts, `store.ingestion`): the loader, the watcher and
 *   replica sync change the index only through it;
 * - the version files (version-files.ts) and the index cache (index-cache.ts).
 * This class only wires them and names the store's API: reads and writes, one line each.
 */
export class ContentStore {
  readonly layout: Layout
  /** For the loader (load.ts) and the watcher (watcher.ts): the index changed from files. */
  readonly ingestion: FileIngestion
  readonly #index: ContentIndex
  readonly #writer: FileWriter
  /** Release files and the release journal (release-files.ts, docs/scheduling.md). */
  readonly releases: ReleaseFiles

  private constructor(root: string, options: StoreOptions) {
    const layout = createLayout(root, options.stateDir)
    const index = new ContentIndex(options.onProblem)
    // A folder the store removed takes the problems of its files with it.
    const writer = new FileWriter(layout.root, (path) => index.clearProblemsUnder(relative(layout.root, path).split(sep).join('/') + '/'))
    const closed = new ClosedCollections(layout, writer)
    const parts = { layout, index, writer, closed }
    const entries = new EntryWrites(parts)
    const records = new RecordWrites(parts)
    this.layout = layout
    this.#index = index
    this.#writer = writer
    this.ingestion = new FileIngestion(layout, index, writer)
    this.withCollectionsClosed = closed.withCollectionsClosed.bind(closed)
    this.closedFor = closed.closedFor.bind(closed)
    this.putEntry = entries.putEntry.bind(entries)
    this.putNewEntries = entries.putNewEntries.bind(entries)
    this.putEntriesAtOnce = entries.putEntriesAtOnce.bind(entries)
    this.releases = new ReleaseFiles(layout, writer)
    this.removeEntry = entries.removeEntry.bind(entries)
    this.putVersion = entries.putVersion.bind(entries)
    this.removeVersion = entries.removeVersion.bind(entries)
    this.finishRemovals = entries.finishRemovals.bind(entries)
    this.putProject = records.putProject.bind(records)
    this.putCollection = records.putCollection.bind(records)
    this.removeCollection = records.removeCollection.bind(records)
    this.moveCollectionFiles = records.moveCollectionFiles.bind(records)
    this.updateTokens = records.updateTokens.bind(records)
    this.putTokens = records.putTokens.bind(records)
    this.putWebhook = records.putWebhook.bind(records)
    this.removeWebhook = records.removeWebhook.bind(records)
    this.putAsset = records.putAsset.bind(records)
    this.removeAsset = records.removeAsset.bind(records)
  }

  static async open(root: string, options: StoreOptions = {}): Promise<ContentStore> {
    const store = new ContentStore(root, options)
    await loadTree(store.ingestion, { onProgress: options.onProgress, indexCache: options.indexCache ?? true, sweepVersions: options.sweepVersions ?? false })
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

  // ---- reads (content-index.ts) ------------------------------------------------------

  get project(): Project { return this.#index.project }
  get collections(): ReadonlyMap<string, CollectionIndex> { return this.#index.collections }
  get tokens(): readonly TokenRecord[] { return this.#index.tokens }
  get webhooks(): ReadonlyMap<string, WebhookRecord> { return this.#index.webhooks }
  get assets(): ReadonlyMap<string, AssetRecord> { return this.#index.assets }
  get problems(): ReadonlyMap<string, FileProblem> { return this.#index.problems }
  /** Bumped on every change of any kind. */
  get revision(): number { return this.#index.revision }
  get entryCount(): number { return this.#index.entryCount }
  collection(slug: string): CollectionIndex | undefined { return this.#index.collections.get(slug) }
  collectionByUuid(uuid: string): CollectionIndex | undefined { return this.#index.collectionByUuid(uuid) }
  relationTarget(ref: unknown): CollectionIndex | null | undefined { return this.#index.relationTarget(ref) }
  findEntry(uuid: string): { slug: string; entry: EntryRecord } | undefined { return this.#index.findEntry(uuid) }
  sortedCollections(): Collection[] { return this.#index.sortedCollections() }
  onChange(listener: (change: StoreChange) => void): () => void { return this.#index.onChange(listener) }
  onProblemsChange(listener: () => void): () => void { return this.#index.onProblemsChange(listener) }
  reportProblem(problem: FileProblem): void { this.#index.reportProblem(problem) }
  clearProblem(rel: string): void { this.#index.clearProblem(rel) }

  // ---- version files (version-files.ts) ------------------------------------------------

  listVersions(slug: string, uuid: string): Promise<VersionRecord[]> { return listVersions(this.layout, slug, uuid) }
  readVersion(slug: string, uuid: string, n: number): Promise<VersionRecord | null> { return readVersion(this.layout, slug, uuid, n) }
  maxVersion(slug: string, uuid: string): Promise<number> { return maxVersion(this.layout, slug, uuid) }

  // ---- writes (entry-writes.ts, record-writes.ts, closed-collections.ts) ----------------

  readonly putEntry: EntryWrites['putEntry']
  readonly putNewEntries: EntryWrites['putNewEntries']
  readonly putEntriesAtOnce: EntryWrites['putEntriesAtOnce']
  readonly removeEntry: EntryWrites['removeEntry']
  readonly putVersion: EntryWrites['putVersion']
  readonly removeVersion: EntryWrites['removeVersion']
  readonly finishRemovals: EntryWrites['finishRemovals']
  readonly putProject: RecordWrites['putProject']
  readonly putCollection: RecordWrites['putCollection']
  readonly removeCollection: RecordWrites['removeCollection']
  readonly moveCollectionFiles: RecordWrites['moveCollectionFiles']
  readonly updateTokens: RecordWrites['updateTokens']
  readonly putTokens: RecordWrites['putTokens']
  readonly putWebhook: RecordWrites['putWebhook']
  readonly removeWebhook: RecordWrites['removeWebhook']
  readonly putAsset: RecordWrites['putAsset']
  readonly removeAsset: RecordWrites['removeAsset']
  readonly withCollectionsClosed: ClosedCollections['withCollectionsClosed']
  readonly closedFor: ClosedCollections['closedFor']

  /** Waits for every write in flight (shutdown, tests). */
  flush(): Promise<void> { return this.#writer.flush() }

  /** See FileObserver (file-writer.ts); the git committer sets it. */
  get fileObserver(): FileObserver | null { return this.#writer.observer }
  set fileObserver(observer: FileObserver | null) { this.#writer.observer = observer }

  // ---- the index cache (index-cache.ts) ------------------------------------------------

  /** Entries read from files (not the cache) by the last load. */
  get freshlyLoaded(): number { return this.#index.freshlyLoaded }

  /** Whether the last load read enough files that writing the index cache pays off. */
  get coldLoaded(): boolean { return this.#index.freshlyLoaded >= CACHE_MIN_ENTRIES }

  saveIndexCache(): Promise<void> { return saveIndexCache(this.#index, this.layout.stateDir, this.layout.root) }

  /** The stamp of an entry's file as its record in memory was read or written (none while its write is in flight). */
  entryFileStamp(slug: string, uuid: string): FileStamp | undefined { return this.#index.fileStamps.get(stampKey(slug, uuid)) }
}
