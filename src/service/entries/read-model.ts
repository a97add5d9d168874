import type { Collection, EntryRecord } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'
import type { CollectionIndex } from '../../storage/content-index.ts'
import type { ReadState } from '../../query/params.ts'
import type { SchemaInfo } from '../../query/compile-where.ts'
import type { CompiledSortKey } from '../../query/sort.ts'
import { CollectionView, type ViewOptions } from '../../query/view.ts'
import { yieldToLoop } from '../../query/steps.ts'
import { keyColumnsOf } from '../../query/key-columns.ts'
import { CollectionSearch } from './search-indexes.ts'
import { SlicedBuilds } from './sliced-builds.ts'

/**
 * The read model of one context: what list and entry reads keep between requests (per
 * collection: its views, one per read state, patched by every entry change; a bounded cache of
 * whole answers per collection state), fed by one subscription to the store's changes. Created
 * once by the composition root (context.ts, reader/) and closed with it: two contexts, even
 * over one tree, share nothing. service/entries/list.ts reads through it.
 */
export class ReadModel {
  readonly #store: ContentStore
  readonly #slots = new Map<string, Slot>()
  readonly #views = new Map<string, CollectionViews>()
  /** Full-text indexes per collection (search-indexes.ts), patched by the same subscription as the views. */
  readonly #search = new Map<string, CollectionSearch>()
  /** Store changes seen (any kind): while it stays put, a slot's stamp needs no recomputing. */
  #changes = 0
  readonly #unsubscribe: () => void
  /** A server's: background work (sort orders, warm-up) builds in slices and yields to reads. */
  readonly #background: boolean
  /**
   * Reads running in slices now: background work (warm-up indexes, sort orders) lets them go
   * first. Not a view's build: until it is done every read of that view scans the entries.
   */
  readsInSlices = 0

  constructor(store: ContentStore, options: { background: boolean }) {
    this.#store = store
    this.#background = options.background
    this.#unsubscribe = store.onChange((change) => {
      this.#changes++
      if (change.kind === 'collection') { this.#views.delete(change.slug); this.#search.delete(change.slug) }
      if (change.kind !== 'entry') return
      const search = this.#search.get(change.slug)
      if (search && search.entries === store.collection(change.slug)?.entries) search.touch(change.uuid, change.after)
      const held = this.#views.get(change.slug)
      const index = store.collection(change.slug)
      if (!held || !index || held.entries !== index.entries) return
      held.touch(change.uuid, change.after)
      held.revision = index.revision
    })
  }

  /** The slot of a collection when nothing changed in the store since it was last checked, else undefined (see `renew`). */
  current(slug: string, index: CollectionIndex): Slot | undefined {
    const slot = this.#slots.get(slug)
    const checked = slot?.checked
    return slot && checked && checked.changes === this.#changes && checked.index === index && checked.revision === index.revision ? slot : undefined
  }

  /**
   * The slot of a collection checked against its index now: kept while its stamp (revision,
   * what its output depends on, `dependencies`, and the default locale) holds, else made afresh.
   */
  renew(slug: string, index: CollectionIndex, dependencies: string, defaultLocale: string): Slot {
    const slots = this.#slots
    const views = this.#views
    let slot = slots.get(slug)
    const stamp = `${index.revision}|${dependencies}|${defaultLocale}`
    if (!slot || slot.stamp !== stamp) {
      // Drop slots and views of collections that no longer exist.
      for (const key of slots.keys()) if (!this.#store.collection(key)) { slots.delete(key); views.delete(key) }
      let held = views.get(slug)
      // A change the views did not see (none should exist) or a new schema: build them afresh.
      if (!held || held.collection !== index.collection || held.entries !== index.entries || held.revision !== index.revision) {
        views.set(slug, (held = new CollectionViews(index, dependencies, this.#background ? this.backgroundPause : null)))
      } else if (held.dependencies !== dependencies) {
        held.dropRelatedMatches()
        held.dependencies = dependencies
      }
      slots.set(slug, (slot = new Slot(held, stamp)))
    }
    slot.checked = { index, revision: index.revision, changes: this.#changes }
    return slot
  }

  /**
   * The pause of background work: a turn of the event loop, then up to BACKGROUND_DEFER more
   * while reads run in slices (bounded: a read may itself wait for an index this work builds).
   */
  readonly backgroundPause = async (): Promise<void> => {
    await yieldToLoop()
    for (let i = 0; i < BACKGROUND_DEFER && this.readsInSlices > 0; i++) await yieldToLoop()
  }

  /** A collection's search indexes (made on first use; a new schema object makes new ones). */
  searchOf(slug: string, index: CollectionIndex): CollectionSearch {
    let search = this.#search.get(slug)
    if (!search || search.collection !== index.collection || search.entries !== index.entries) {
      this.#search.set(slug, (search = new CollectionSearch(index.collection, index.entries)))
    }
    return search
  }

  /** The search indexes made so far, by collection (the index cache saves them). */
  searches(): ReadonlyMap<string, CollectionSearch> {
    return this.#search
  }

  /** Stops following the store and forgets what was kept. */
  close(): void {
    this.#unsubscribe()
    this.#slots.clear()
    this.#views.clear()
    this.#search.clear()
  }
}

const BACKGROUND_DEFER = 64

/** A read answer, pre-serialised: routes send `body` as is; the CLI parses it. */
export interface ReadResult {
  body: string
  etag: string
  /** `body` as UTF-8, attached by the HTTP fast path the first time it sends a cached answer. */
  bytes?: Buffer
  /**
   * false: `etag` names the entry's stored state (for `If-Match`), not this representation,
   * which also shows related entries and assets: never answer 304 for it.
   */
  revalidate?: false
  /** The answer shows drafts (`state` other than published): a cached one is checked against the caller too. */
  drafts?: true
}

/**
 * A collection's schema as the query engine reads it. Kept by the collection object, which a
 * store replaces on any schema change: derived data of one object, shared by no two stores.
 */
const SCHEMAS = new WeakMap<Collection, SchemaInfo>()
export function schemaOf(collection: Collection): SchemaInfo {
  let schema = SCHEMAS.get(collection)
  if (!schema) SCHEMAS.set(collection, (schema = { slug: collection.slug, fields: collection.fields, columns: keyColumnsOf(collection.fields) }))
  return schema
}

const RESPONSE_ENTRIES = 512
const RESPONSE_BYTES = 32 * 1024 * 1024

/**
 * The answers cached for one state of a collection (its revision and dependencies: `stamp`),
 * by origin, then query: the fast read path passes the same string objects for a target it
 * has seen, so a lookup hashes nothing (a key concatenated per request was hashed each time).
 */
export class Slot {
  readonly stamp: string
  readonly views: CollectionViews
  /** What `open` last checked this slot against: the index, its revision, the store's change count. */
  checked: { index: CollectionIndex; revision: number; changes: number } | null = null
  readonly #byBase = new Map<string, Map<string, ReadResult>>()
  /** Cached answers, oldest first (evicted in that order), with where they are filed. */
  readonly #order = new Map<ReadResult, [base: string, query: string]>()
  #bytes = 0

  constructor(views: CollectionViews, stamp: string) {
    this.views = views
    this.stamp = stamp
  }

  lookup(baseUrl: string, query: string): ReadResult | undefined {
    return this.#byBase.get(baseUrl)?.get(query)
  }

  remember(baseUrl: string, query: string, result: ReadResult): void {
    const size = result.body.length
    if (size > RESPONSE_BYTES / 4) return
    const previous = this.lookup(baseUrl, query)
    if (previous) this.#forget(previous)
    while (this.#order.size >= RESPONSE_ENTRIES || (this.#bytes + size > RESPONSE_BYTES && this.#order.size > 0)) this.#forget(this.#order.keys().next().value!)
    let byQuery = this.#byBase.get(baseUrl)
    if (!byQuery) this.#byBase.set(baseUrl, (byQuery = new Map()))
    byQuery.set(query, result)
    this.#order.set(result, [baseUrl, query])
    this.#bytes += size
  }

  #forget(result: ReadResult): void {
    const [baseUrl, query] = this.#order.get(result)!
    this.#order.delete(result)
    const byQuery = this.#byBase.get(baseUrl)!
    byQuery.delete(query)
    if (byQuery.size === 0) this.#byBase.delete(baseUrl)
    this.#bytes -= result.body.length
  }
}

/**
 * A collection's views, one per read state, for as long as its schema object lives. Every
 * entry change the store reports is passed to each built view (which patches its indexes),
 * so a write never rebuilds them; only a schema change (a new collection object) does.
 */
export class CollectionViews {
  readonly collection: Collection
  readonly entries: ReadonlyMap<string, EntryRecord>
  /** The collection's revision these views have seen every change up to. */
  revision: number
  /** What the views' relation filters read besides the collection itself (see `dependencyStamp`). */
  dependencies: string
  readonly #views = new SlicedBuilds<ReadState, CollectionView>((view, _state, uuid, entry) => view.touch(uuid, entry))
  /** A server's: missing sort orders are built in the background, pausing so (null: built on the spot). */
  readonly #pause: (() => Promise<void>) | null

  constructor(index: CollectionIndex, dependencies: string, pause: (() => Promise<void>) | null) {
    this.collection = index.collection
    this.entries = index.entries
    this.revision = index.revision
    this.dependencies = dependencies
    this.#pause = pause
  }

  /** The view of a state, built now if it is not (a long synchronous pass at 100k rows: servers use `ready`). */
  view(state: ReadState): CollectionView {
    let view = this.#views.get(state)
    if (!view) this.#views.set(state, (view = new CollectionView(this.entries.values(), state, this.#options())))
    return view
  }

  /** The view of a state if it is built. */
  peek(state: ReadState): CollectionView | null {
    return this.#views.get(state) ?? null
  }

  /** The view of a state, built in slices that yield to the event loop if it is not built yet (one build per state). */
  ready(state: ReadState): Promise<CollectionView> {
    return this.#views.ready(state, () => CollectionView.build([...this.entries.values()], state, this.#options(), yieldToLoop))
  }

  #options(): ViewOptions {
    const columns = schemaOf(this.collection).columns!
    const pause = this.#pause
    return pause ? { onMissingSort: (view, signature, keys) => buildLater(view, signature, keys, pause), columns } : { columns }
  }

  touch(uuid: string, entry: EntryRecord | null): void {
    this.#views.touch(uuid, entry)
  }

  /** The views built so far, by state. */
  built(): ReadonlyMap<ReadState, CollectionView> {
    return this.#views.all()
  }

  dropRelatedMatches(): void {
    for (const view of this.#views.all().values()) view.dropRelatedMatches()
  }
}

/** Builds a missing sort order in slices that yield to the event loop (never a long block). */
function buildLater(view: CollectionView, signature: string, keys: CompiledSortKey[], pause: () => Promise<void>): void {
  setImmediate(() => {
    view.buildSorted(signature, keys, pause)
      .catch((error: unknown) => console.error('[cms] building a sort order failed:', error))
  })
}
