import type { AppContext } from '../../context.ts'
import type { Collection, EntryRecord, Field } from '../../core/types.ts'
import { badRequest, forbidden, notFound, unauthenticated } from '../../core/errors.ts'
import type { ContentStore } from '../../storage/store.ts'
import type { CollectionIndex } from '../../storage/content-index.ts'
import { parseListQuery, type ListQuery, type ReadState } from '../../query/params.ts'
import { compileWhere, type SchemaInfo, type WhereEnv } from '../../query/compile-where.ts'
import { compileSort, sortSignature, type CompiledSortKey } from '../../query/sort.ts'
import { CollectionView, scanSteps, visibleIn, type MatchQuery, type ViewOptions } from '../../query/view.ts'
import { LATER, runNow, runSliced, runWithin, yieldToLoop, type Steps } from '../../query/steps.ts'
import { pageEnvelope, planList } from '../../query/paginate.ts'
import { kindOf } from '../../query/values.ts'
import { keyColumnsOf } from '../../query/key-columns.ts'
import { heapIsTight } from '../../storage/heap.ts'
import { dependencyStamp, entryJson, relationTarget, type ShapeOptions } from './view.ts'
import { entryEtag } from './etag.ts'
import { bodyEtag, bodyHash, etagOfHash } from '../../core/body-etag.ts'
import { lookupsOf } from './lookups.ts'

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
 * Whether the caller may read drafts: `allowed` for local callers (CLI, reader, MCP on the
 * files) and for tokens with `read`; else why not. A server passes its caller's (see
 * server/routes/entries-read.ts, `draftAccess`): a public project's anonymous reads see
 * published content only, unless project.yaml says `public_drafts: true`.
 */
export type DraftAccess = 'allowed' | 'unauthenticated' | 'forbidden'

function checkDrafts(access: DraftAccess): void {
  if (access === 'allowed') return
  const message = 'Reading drafts (state=draft, with_draft or only_draft) needs an API token with the read ability.'
  throw access === 'forbidden' ? forbidden(message) : unauthenticated(message)
}

/**
 * `GET /{collection}` as a service, shared by the HTTP route and `cms entry list`.
 * `query` is the raw query string (no leading `?`); `baseUrl` (origin) builds pagination
 * links and asset URLs. Answers come from per-collection views (rebuilt when the
 * collection or what its output depends on changes), cached match lists, cached
 * per-entry JSON, and a bounded cache of whole answers.
 */
export function listEntries(ctx: AppContext, slug: string, query: string, baseUrl: string, drafts: DraftAccess = 'allowed'): ReadResult {
  const { index, slot } = open(ctx, slug)
  const hit = slot.lookup(baseUrl, query)
  if (hit) {
    // The cache is shared by every caller: a draft answer a token read left is not for the next anonymous one.
    if (hit.drafts) checkDrafts(drafts)
    return hit
  }
  const q = parseListQuery(query)
  if (q.state !== 'published') checkDrafts(drafts)
  let result: ReadResult
  if (ctx.slicedLists) {
    // A server answers here only what fits in a few slices; the rest goes to listEntriesSliced.
    const plan = prepareList(ctx, index, slot, q)
    const view = plan.ready ? slot.views.peek(q.state) : null
    const now = view ? runWithin(listSteps(ctx, index, slot, q, query, baseUrl, plan, view, false), SYNC_SLICES) : LATER
    if (now === LATER) throw new ListDeferred()
    result = now
  } else {
    const plan = prepareList(ctx, index, slot, q)
    result = runNow(listSteps(ctx, index, slot, q, query, baseUrl, plan, slot.views.view(q.state), false))
  }
  if (q.state !== 'published') result.drafts = true
  slot.remember(baseUrl, query, result)
  return result
}

/**
 * `listEntries` for a server: anything that needs more than a few slices of work over rows
 * (a never-seen filter or sort over many rows, a count, a `like`, a view or index not built
 * yet after start) runs in slices that give the event loop back, so other requests answer
 * meanwhile. Cheap and repeated reads answer at once, as `listEntries` does.
 */
export async function listEntriesSliced(ctx: AppContext, slug: string, query: string, baseUrl: string, drafts: DraftAccess = 'allowed'): Promise<ReadResult> {
  if (!ctx.slicedLists) return listEntries(ctx, slug, query, baseUrl, drafts)
  try {
    return listEntries(ctx, slug, query, baseUrl, drafts)
  } catch (error) {
    if (!(error instanceof ListDeferred)) throw error
  }
  const { index, slot } = open(ctx, slug)
  const q = parseListQuery(query)
  const plan = prepareList(ctx, index, slot, q)
  // The views the answer reads (its own, and those its relation filters reach), built in slices if not yet.
  for (const target of plan.related) await viewsOf(ctx, target)?.ready(q.state === 'published' ? 'published' : 'draft')
  // A view not built yet (just after start): this read scans the entries in slices rather than wait for the build.
  const view = slot.views.peek(q.state)
  if (!view) void slot.views.ready(q.state).catch(() => {})
  readsInSlices++
  try {
    const result = await runSliced(listSteps(ctx, index, slot, q, query, baseUrl, plan, view, true), yieldToLoop)
    if (q.state !== 'published') result.drafts = true
    slot.remember(baseUrl, query, result)
    return result
  } finally {
    readsInSlices--
  }
}

/**
 * Reads running in slices now: background work (warm-up indexes, sort orders) lets them go
 * first. Not a view's build: until it is done every read of that view scans the entries.
 */
let readsInSlices = 0

/**
 * The pause of background work: a turn of the event loop, then up to BACKGROUND_DEFER more
 * while reads run in slices (bounded: a read may itself wait for an index this work builds).
 */
async function backgroundPause(): Promise<void> {
  await yieldToLoop()
  for (let i = 0; i < BACKGROUND_DEFER && readsInSlices > 0; i++) await yieldToLoop()
}
const BACKGROUND_DEFER = 64

/**
 * Thrown by a server's `listEntries` when the answer needs the sliced path: the Node fast
 * read path hands the request to h3, whose route awaits `listEntriesSliced`. Never reaches
 * a client.
 */
export class ListDeferred extends Error {
  constructor() {
    super('This list read runs in slices (listEntriesSliced).')
  }
}

/** Slices of work a server's list read may take synchronously (`slicing.rows` each: about 4k rows). */
const SYNC_SLICES = 16

/** `GET /{collection}/{uuid}` as a service: `{data: entry}`. */
export function getEntry(ctx: AppContext, slug: string, uuid: string, query: string, baseUrl: string, drafts: DraftAccess = 'allowed'): ReadResult {
  const { index, slot } = open(ctx, slug)
  const q = parseListQuery(query)
  // Before the lookup: whether a draft exists is not for this caller to learn either.
  if (q.state !== 'published') checkDrafts(drafts)
  checkExclude(q.exclude, index.collection)
  let entry = index.entries.get(uuid.toLowerCase())
  if (!entry) throw notFound('Content not found.')
  if (q.translationLocale !== null) {
    if (!entry.translation_group) throw notFound('This entry has no translations linked.')
    entry = findTranslation(ctx, slug, index, entry, q.translationLocale)
    if (!entry) throw notFound(`Translation not found for locale '${q.translationLocale}'.`)
  }
  if (!visibleIn(entry, q.state)) throw notFound('Content not found.')
  const body = `{"data":${serialise(ctx, entry, index.collection, q, baseUrl, slot.stamp)}}`
  // A draft read carries the entry's own ETag: the one its writes answer with and If-Match checks.
  if (q.state !== 'published') return { body, etag: entryEtag(entry), revalidate: false, drafts: true }
  return { body, etag: bodyEtag(body) }
}

// ---- listing -----------------------------------------------------------------------

/** A list request compiled against its collection: what to match, how many rows it reads, which collections its filter reaches. */
interface ListPlan {
  match: MatchQuery
  single: boolean
  need: number
  /** Collections whose views the filter reads (relation filters). */
  related: string[]
  /** Whether every view the filter reaches is built (else a server takes the sliced path). */
  ready: boolean
}

function prepareList(ctx: AppContext, index: CollectionIndex, slot: Slot, q: ListQuery): ListPlan {
  const collection = index.collection
  checkExclude(q.exclude, collection)
  const schema = schemaOf(collection)
  const related = new Set<string>()
  const env: WhereEnv = {
    schema,
    target: (field) => { const t = relationTarget(ctx.store, field); if (t) related.add(t.slug); return t ? schemaOf(t) : null },
    related: (targetSlug, uuid) => viewOf(ctx, targetSlug, q.state)?.get(uuid) ?? null,
  }
  const where = q.where ? compileWhere(q.where, env) : null
  const sort = compileSort(q.sort, schema)
  const signature = sortSignature(q.sort)
  const locale = collection.is_singleton ? q.locale ?? ctx.store.project.default_locale : q.locale
  const single = collection.is_singleton || q.first
  const need = q.count ? 0 : single ? 1 : q.paginate !== null ? q.page * q.paginate : q.limit !== null ? q.offset + q.limit : Number.POSITIVE_INFINITY
  const state = q.state === 'published' ? 'published' : 'draft'
  const ready = slot.views.peek(q.state) !== null && [...related].every((slug) => viewsOf(ctx, slug)?.peek(state) !== null)
  return {
    match: { locale, where, sort, sortSignature: signature, cacheKey: `${locale ?? ''}\n${q.where ? JSON.stringify(q.where) : ''}\n${signature}` },
    single, need, related: [...related], ready,
  }
}

/** A list answer in steps (see query/steps.ts): the match, then the page's entries serialised. */
function* listSteps(ctx: AppContext, index: CollectionIndex, slot: Slot, q: ListQuery, raw: string, baseUrl: string, plan: ListPlan, view: CollectionView | null, snapshot: boolean): Steps<ReadResult> {
  const collection = index.collection
  const { rows, total } = view ? yield* view.matchSteps(plan.match, plan.need, snapshot) : yield* scanSteps([...index.entries.values()], q.state, plan.match, plan.need)
  const json = (entry: EntryRecord) => serialise(ctx, entry, collection, q, baseUrl, slot.stamp)

  if (q.count) {
    const body = `{"count":${total}}`
    return { body, etag: bodyEtag(body) }
  }
  if (plan.single) {
    const row = rows[0]
    if (!row) throw notFound('Content not found.')
    const body = json(row.entry)
    return { body, etag: bodyEtag(body) }
  }
  const page = planList(q, total)
  if (page.kind !== 'page' && page.kind !== 'all') throw new Error('unreachable')
  // The ETag hashes the bytes as they are put together, in the same slices (see body-etag.ts).
  const hash = bodyHash().update(page.kind === 'all' ? '[' : '{"data":[')
  const parts: string[] = []
  // An unpaginated list of many rows serialises them in slices too (an entry's JSON is cached once made).
  for (let i = page.start; i < page.end; i++) {
    if ((i - page.start + 1) % SERIALISE_SLICE === 0) yield
    const part = json(rows[i]!.entry)
    if (i > page.start) hash.update(',')
    hash.update(part)
    parts.push(part)
  }
  const joined = parts.join(',')
  if (page.kind === 'all') return { body: `[${joined}]`, etag: etagOfHash(hash.update(']')) }
  const { links, meta } = pageEnvelope(page, total, `${baseUrl}/${collection.slug}`, raw)
  const tail = `],"links":${JSON.stringify(links)},"meta":${JSON.stringify(meta)}}`
  return { body: `{"data":[${joined}${tail}`, etag: etagOfHash(hash.update(tail)) }
}

/** Entries serialised between two yields of a sliced list answer. */
const SERIALISE_SLICE = 256

function serialise(ctx: AppContext, entry: EntryRecord, collection: Collection, q: ListQuery, baseUrl: string, stamp: string): string {
  const options: ShapeOptions = { state: q.state, exclude: q.exclude, timestamps: q.timestamps, baseUrl }
  return entryJson(ctx, entry, collection, options, `${q.state}|${q.timestamps ? 1 : 0}|${q.exclude.join(',')}|${baseUrl}`, stamp)
}

function findTranslation(ctx: AppContext, slug: string, index: CollectionIndex, entry: EntryRecord, locale: string): EntryRecord | undefined {
  return lookupsOf(ctx.store, index.collection.slug, index).members(entry.translation_group!).find((other) => other.locale === locale && !other.deleted_at)
}

/** `exclude` names must exist at the top level or among group children (any depth). */
function checkExclude(names: string[], collection: Collection): void {
  if (names.length === 0) return
  const known = new Set<string>()
  const visit = (fields: Field[]) => { for (const f of fields) { known.add(f.name); if (f.children) visit(f.children) } }
  visit(collection.fields)
  for (const name of names) {
    if (!known.has(name)) throw badRequest(`The exclude parameter names an unknown field "${name}" in collection "${collection.slug}".`)
  }
}

const SCHEMAS = new WeakMap<Collection, SchemaInfo>()
function schemaOf(collection: Collection): SchemaInfo {
  let schema = SCHEMAS.get(collection)
  if (!schema) SCHEMAS.set(collection, (schema = { slug: collection.slug, fields: collection.fields, columns: keyColumnsOf(collection.fields) }))
  return schema
}

// ---- caches ------------------------------------------------------------------------

const RESPONSE_ENTRIES = 512
const RESPONSE_BYTES = 32 * 1024 * 1024

/**
 * The answers cached for one state of a collection (its revision and dependencies: `stamp`),
 * by origin, then query: the fast read path passes the same string objects for a target it
 * has seen, so a lookup hashes nothing (a key concatenated per request was hashed each time).
 */
class Slot {
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
class CollectionViews {
  readonly collection: Collection
  readonly entries: ReadonlyMap<string, EntryRecord>
  /** The collection's revision these views have seen every change up to. */
  revision: number
  /** What the views' relation filters read besides the collection itself (see `dependencyStamp`). */
  dependencies: string
  readonly #views = new Map<ReadState, CollectionView>()
  /** Views being built in slices, with the changes told meanwhile (applied once built). */
  readonly #building = new Map<ReadState, { done: Promise<CollectionView>; changes: Array<[string, EntryRecord | null]> }>()
  readonly #background: boolean

  constructor(index: CollectionIndex, dependencies: string, background: boolean) {
    this.collection = index.collection
    this.entries = index.entries
    this.revision = index.revision
    this.dependencies = dependencies
    this.#background = background
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
    const view = this.#views.get(state)
    if (view) return Promise.resolve(view)
    let building = this.#building.get(state)
    if (!building) {
      const changes: Array<[string, EntryRecord | null]> = []
      const done = CollectionView.build([...this.entries.values()], state, this.#options(), yieldToLoop).then((built) => {
        this.#building.delete(state)
        // A synchronous read may have built it meanwhile: that one has seen every change.
        const current = this.#views.get(state)
        if (current) return current
        for (const [uuid, entry] of changes) built.touch(uuid, entry)
        this.#views.set(state, built)
        return built
      }, (error: unknown) => {
        this.#building.delete(state)
        throw error
      })
      this.#building.set(state, (building = { done, changes }))
    }
    return building.done
  }

  #options(): ViewOptions {
    const columns = schemaOf(this.collection).columns!
    return this.#background ? { onMissingSort: buildLater, columns } : { columns }
  }

  touch(uuid: string, entry: EntryRecord | null): void {
    for (const view of this.#views.values()) view.touch(uuid, entry)
    for (const { changes } of this.#building.values()) changes.push([uuid, entry])
  }

  /** The views built so far, by state. */
  built(): ReadonlyMap<ReadState, CollectionView> {
    return this.#views
  }

  dropRelatedMatches(): void {
    for (const view of this.#views.values()) view.dropRelatedMatches()
  }
}

/** Builds a missing sort order in slices that yield to the event loop (never a long block). */
function buildLater(view: CollectionView, signature: string, keys: CompiledSortKey[]): void {
  setImmediate(() => {
    view.buildSorted(signature, keys, backgroundPause)
      .catch((error: unknown) => console.error('[cms] building a sort order failed:', error))
  })
}

interface Caches {
  slots: Map<string, Slot>
  views: Map<string, CollectionViews>
  /** Store changes seen (any kind): while it stays put, a slot's stamp needs no recomputing. */
  changes: number
}

const CACHES = new WeakMap<ContentStore, Caches>()

function cachesOf(store: ContentStore): Caches {
  let caches = CACHES.get(store)
  if (!caches) {
    const views = new Map<string, CollectionViews>()
    store.onChange((change) => {
      caches!.changes++
      if (change.kind === 'collection') views.delete(change.slug)
      if (change.kind !== 'entry') return
      const held = views.get(change.slug)
      const index = store.collection(change.slug)
      if (!held || !index || held.entries !== index.entries) return
      held.touch(change.uuid, change.after)
      held.revision = index.revision
    })
    CACHES.set(store, (caches = { slots: new Map(), views, changes: 0 }))
  }
  return caches
}

/** The collection and its cache slot, renewed when the collection or its output's dependencies change. */
function open(ctx: AppContext, slug: string): { index: CollectionIndex; slot: Slot } {
  const index = ctx.store.collection(slug)
  if (!index) throw notFound('Collection not found.')
  const caches = cachesOf(ctx.store)
  const { slots, views } = caches
  // Nothing changed in the store since this slot was last checked: its stamp holds (a site build's reads, one after another).
  let slot = slots.get(slug)
  const checked = slot?.checked
  if (slot && checked && checked.changes === caches.changes && checked.index === index && checked.revision === index.revision) return { index, slot }
  const dependencies = dependencyStamp(ctx, index.collection)
  const stamp = `${index.revision}|${dependencies}|${ctx.store.project.default_locale}`
  if (!slot || slot.stamp !== stamp) {
    // Drop slots and views of collections that no longer exist.
    for (const key of slots.keys()) if (!ctx.store.collection(key)) { slots.delete(key); views.delete(key) }
    let held = views.get(slug)
    // A change the views did not see (none should exist) or a new schema: build them afresh.
    if (!held || held.collection !== index.collection || held.entries !== index.entries || held.revision !== index.revision) {
      views.set(slug, (held = new CollectionViews(index, dependencies, ctx.source === 'api')))
    } else if (held.dependencies !== dependencies) {
      held.dropRelatedMatches()
      held.dependencies = dependencies
    }
    slots.set(slug, (slot = new Slot(held, stamp)))
  }
  slot.checked = { index, revision: index.revision, changes: caches.changes }
  return { index, slot }
}

function viewOf(ctx: AppContext, slug: string, state: ReadState): CollectionView | null {
  return viewsOf(ctx, slug)?.view(state === 'published' ? 'published' : 'draft') ?? null
}

function viewsOf(ctx: AppContext, slug: string): CollectionViews | null {
  if (!ctx.store.collection(slug)) return null
  return open(ctx, slug).slot.views
}

/** Field types a list filter names by equality (long texts never: no category lives there). */
const WARM_TYPES = new Set(['text', 'slug', 'email', 'number', 'enumeration', 'boolean', 'relation', 'date', 'datetime'])

/** The live views of a collection (the ones requests read and writes patch), for tests and benchmarks. */
export function listViews(ctx: AppContext, slug: string): ReadonlyMap<ReadState, CollectionView> {
  return open(ctx, slug).slot.views.built()
}

/**
 * Builds each collection's published and draft views (rows in default order) before a server
 * listens: ~0.2 s at 100k entries, and without them every read until the background warm-up
 * reached its collection was a scan of every entry (measured at 100k: the Q2 after each create
 * took 49 ms median instead of 2.5, the first Q2 124 ms). The rest (locale lists, equality
 * indexes) is warmed after listening, in slices (`warmListViews`).
 */
export function buildListViews(ctx: AppContext): void {
  for (const slug of ctx.store.collections.keys()) {
    const { slot } = open(ctx, slug)
    slot.views.view('published')
    slot.views.view('draft')
  }
}

/**
 * Builds what the common list shapes need: each collection's published and draft views with
 * their per-locale lists and category-like equality indexes. A server runs it after it
 * listens, in slices that give the event loop back (a read arriving first builds, or joins
 * the build of, just the view it needs, also in slices). `stopped` ends it early (the server
 * is closing).
 */
export async function warmListViews(ctx: AppContext, stopped: () => boolean = () => false): Promise<void> {
  for (const slug of [...ctx.store.collections.keys()]) {
    if (stopped()) return
    if (!ctx.store.collection(slug)) continue
    const { index, slot } = open(ctx, slug)
    const fields = index.collection.fields.flatMap((f) => {
      const kind = WARM_TYPES.has(f.type) ? kindOf(f) : null
      return kind ? [{ field: f.name, kind }] : []
    })
    for (const state of ['published', 'draft'] as const) {
      if (stopped()) return
      const view = await slot.views.ready(state)
      await view.warmSliced(fields, async () => { if (stopped()) throw new Stopped(); await backgroundPause() })
        .catch((error: unknown) => { if (!(error instanceof Stopped)) throw error })
    }
  }
}

/**
 * Sets the kept sort keys of every built view's rows (query/key-columns.ts), in slices that
 * give the event loop back: a server runs it after it listens (the first page of a sort
 * never asked before reads them; ~0.5 s per 100k-row view). `stopped` ends it early.
 */
export async function keepSortKeys(ctx: AppContext, stopped: () => boolean = () => false): Promise<void> {
  for (const slug of [...ctx.store.collections.keys()]) {
    if (stopped() || heapIsTight()) return
    if (!ctx.store.collection(slug)) continue
    for (const view of open(ctx, slug).slot.views.built().values()) {
      // Optional memory: stopped when the heap is tight (the keys of the rows not reached are computed on demand).
      await view.keepSortKeysSliced(async () => { if (stopped() || heapIsTight()) throw new Stopped(); await backgroundPause() })
        .catch((error: unknown) => { if (!(error instanceof Stopped)) throw error })
    }
  }
}

class Stopped extends Error {}
