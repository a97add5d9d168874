import type { ServiceContext } from '../context.ts'
import type { Collection, EntryRecord, Field } from '../../core/types.ts'
import { badRequest, forbidden, notFound, unauthenticated } from '../../core/errors.ts'
import type { CollectionIndex } from '../../storage/content-index.ts'
import { parseListQuery, type ListQuery, type ReadState } from '../../query/params.ts'
import { compileWhere, type WhereEnv } from '../../query/compile-where.ts'
import { compileSort, sortSignature } from '../../query/sort.ts'
import { scanSteps, visibleIn, type CollectionView, type MatchQuery } from '../../query/view.ts'
import { LATER, runNow, runSliced, runWithin, yieldToLoop, type Steps } from '../../query/steps.ts'
import { pageEnvelope, planList } from '../../query/paginate.ts'
import { kindOf } from '../../query/values.ts'
import { heapIsTight } from '../../storage/heap.ts'
import { dependencyStamp, entryJson, relationTarget, type ShapeOptions } from './view.ts'
import { entryEtag } from './etag.ts'
import { bodyEtag, bodyHash, etagOfHash } from '../../core/body-etag.ts'
import { lookupsOf } from './lookups.ts'
import { schemaOf, type CollectionViews, type ReadResult, type Slot } from './read-model.ts'
import { chainOf, chosenIn, pickInChain } from './fallback.ts'
import { searchMatchSteps } from './search-match.ts'
import { loadSearchCache, saveSearchCache } from './search-cache.ts'
import type { SearchIndex } from '../../query/search/search-index.ts'

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
 * per-entry JSON, and a bounded cache of whole answers. Always answers, however long it takes:
 * a server reads through `listEntriesNow` and `listEntriesSliced`.
 */
export function listEntries(ctx: ServiceContext, slug: string, query: string, baseUrl: string, drafts: DraftAccess = 'allowed'): ReadResult {
  return answerList(ctx, slug, query, baseUrl, drafts, false) as ReadResult
}

/**
 * A server's list read at once: the answer when it fits in a few slices (or comes from the
 * cache), else a `ListLater` with the query already parsed and checked, for `listEntriesSliced`
 * (the Node fast read path leaves such a request to h3 with it). Without `ctx.slicedLists`
 * (the CLI, the reader) it always answers.
 */
export function listEntriesNow(ctx: ServiceContext, slug: string, query: string, baseUrl: string, drafts: DraftAccess = 'allowed'): ReadResult | ListLater {
  return answerList(ctx, slug, query, baseUrl, drafts, ctx.slicedLists === true)
}

function answerList(ctx: ServiceContext, slug: string, query: string, baseUrl: string, drafts: DraftAccess, deferLong: boolean): ReadResult | ListLater {
  const { index, slot } = open(ctx, slug)
  const hit = slot.lookup(baseUrl, query)
  if (hit) {
    // The cache is shared by every caller: a draft answer a token read left is not for the next anonymous one.
    if (hit.drafts) checkDrafts(drafts)
    return hit
  }
  const q = parseListQuery(query)
  if (q.state !== 'published') checkDrafts(drafts)
  const plan = prepareList(ctx, index, slot, q)
  let result: ReadResult
  if (deferLong) {
    // A server answers here only what fits in a few slices; the rest goes to listEntriesSliced.
    const view = plan.ready ? slot.views.peek(q.state) : null
    const search = q.search === null ? null : ctx.readModel.searchOf(slug, index).peek(searchState(q.state))
    const now = view && (q.search === null || search) ? runWithin(listSteps(ctx, index, slot, q, query, baseUrl, plan, view, false, search), SYNC_SLICES) : LATER
    if (now === LATER) return new ListLater(q)
    result = now
  } else {
    const search = q.search === null ? null : ctx.readModel.searchOf(slug, index).now(searchState(q.state))
    result = runNow(listSteps(ctx, index, slot, q, query, baseUrl, plan, slot.views.view(q.state), false, search))
  }
  if (q.state !== 'published') result.drafts = true
  slot.remember(baseUrl, query, result)
  return result
}

/**
 * `listEntries` for a server: anything that needs more than a few slices of work over rows
 * (a never-seen filter or sort over many rows, a count, a `like`, a view or index not built
 * yet after start) runs in slices that give the event loop back, so other requests answer
 * meanwhile. Cheap and repeated reads answer at once, as `listEntries` does. `later`: what
 * `listEntriesNow` already found for this very request (its query parsed, drafts checked).
 */
export async function listEntriesSliced(ctx: ServiceContext, slug: string, query: string, baseUrl: string, drafts: DraftAccess = 'allowed', later?: ListLater): Promise<ReadResult> {
  if (!ctx.slicedLists) return listEntries(ctx, slug, query, baseUrl, drafts)
  const now = later ?? listEntriesNow(ctx, slug, query, baseUrl, drafts)
  if (!(now instanceof ListLater)) return now
  const { index, slot } = open(ctx, slug)
  const q = now.query
  const plan = prepareList(ctx, index, slot, q)
  // The views the answer reads (its own, and those its relation filters reach), built in slices if not yet.
  for (const target of plan.related) await viewsOf(ctx, target)?.ready(q.state === 'published' ? 'published' : 'draft')
  // A view not built yet (just after start): this read scans the entries in slices rather than wait for the build.
  // A search reads rows through the view and the search index: it waits for both, built in slices.
  const view = q.search !== null ? await slot.views.ready(q.state) : slot.views.peek(q.state)
  if (!view) void slot.views.ready(q.state).catch(() => {})
  const search = q.search === null ? null : await ctx.readModel.searchOf(slug, index).ready(searchState(q.state), yieldToLoop)
  ctx.readModel.readsInSlices++
  try {
    const result = await runSliced(listSteps(ctx, index, slot, q, query, baseUrl, plan, view, true, search), yieldToLoop)
    if (q.state !== 'published') result.drafts = true
    slot.remember(baseUrl, query, result)
    return result
  } finally {
    ctx.readModel.readsInSlices--
  }
}

/**
 * A server's list read that needs the sliced path (`listEntriesNow`'s other answer): its query,
 * parsed and checked (drafts included), so `listEntriesSliced` does not parse it again. Never
 * reaches a client.
 */
export class ListLater {
  readonly query: ListQuery
  constructor(query: ListQuery) {
    this.query = query
  }
}

/** Slices of work a server's list read may take synchronously (`slicing.rows` each: about 4k rows). */
const SYNC_SLICES = 16

/** `GET /{collection}/{uuid}` as a service: `{data: entry}`. */
export function getEntry(ctx: ServiceContext, slug: string, uuid: string, query: string, baseUrl: string, drafts: DraftAccess = 'allowed'): ReadResult {
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
  if (q.fallback && q.locale !== null) {
    // The entry of uuid's group that comes first in the locale's chain (docs/locales.md).
    const members = entry.translation_group ? lookupsOf(ctx.store, slug, index).members(entry.translation_group) : [entry]
    entry = pickInChain(members, chainOf(ctx.store.project, q.locale), q.state)
    if (!entry) throw notFound('Content not found.')
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
  /** The locales whose stemmers read a `search` (the read's locale, its chain, or every locale). */
  locales: readonly string[]
}

/** The search index a read state reads: published reads the published snapshots, the others the drafts. */
const searchState = (state: ReadState) => (state === 'published' ? 'published' : 'draft')

/** A singleton's entries are one group: the answer is the first chain locale the state lists. */
function singletonChoice(entries: EntryRecord[], chain: readonly string[], state: ReadState): (entry: EntryRecord) => boolean {
  const pick = pickInChain(entries, chain, state)
  return (entry) => entry === pick
}

function prepareList(ctx: ServiceContext, index: CollectionIndex, slot: Slot, q: ListQuery): ListPlan {
  const collection = index.collection
  checkExclude(q.exclude, collection)
  const schema = schemaOf(collection)
  const related = new Set<string>()
  const env: WhereEnv = {
    schema,
    target: (field) => { const t = relationTarget(ctx.store, field); if (t) related.add(t.slug); return t ? schemaOf(t) : null },
    related: (targetSlug, uuid) => viewOf(ctx, targetSlug, q.state)?.get(uuid) ?? null,
  }
  let where = q.where ? compileWhere(q.where, env) : null
  const sort = compileSort(q.sort, schema)
  const signature = sortSignature(q.sort)
  let locale = collection.is_singleton ? q.locale ?? ctx.store.project.default_locale : q.locale
  const single = collection.is_singleton || q.first
  const need = q.count ? 0 : single ? 1 : q.paginate !== null ? q.page * q.paginate : q.limit !== null ? q.offset + q.limit : Number.POSITIVE_INFINITY
  const state = q.state === 'published' ? 'published' : 'draft'
  const ready = slot.views.peek(q.state) !== null && [...related].every((slug) => viewsOf(ctx, slug)?.peek(state) !== null)
  let cacheKey: string | null = `${locale ?? ''}\n${q.where ? JSON.stringify(q.where) : ''}\n${signature}`
  let locales = locale !== null ? [locale] : ctx.store.project.locales
  if (q.fallback && q.locale !== null) {
    // Fallbacks: any locale of the chain, each group's first (docs/locales.md). Whether an entry is
    // its group's answer depends on its group's other members, which the view's cached match
    // lists do not follow: such a match is not cached (the answer cache is, per collection revision).
    const chain = chainOf(ctx.store.project, q.locale)
    const chosen = collection.is_singleton ? singletonChoice([...index.entries.values()], chain, q.state) : chosenIn(chain, q.state, lookupsOf(ctx.store, collection.slug, index))
    const inner = where
    where = { test: (row) => chosen(row.entry) && (inner === null || inner.test(row)), hints: [], related: inner?.related ?? false }
    locale = null
    locales = chain
    cacheKey = null
  }
  return {
    match: { locale, where, sort, sortSignature: signature, cacheKey },
    single, need, related: [...related], ready, locales,
  }
}

/** A list answer in steps (see query/steps.ts): the match, then the page's entries serialised. */
function* listSteps(ctx: ServiceContext, index: CollectionIndex, slot: Slot, q: ListQuery, raw: string, baseUrl: string, plan: ListPlan, view: CollectionView | null, snapshot: boolean, search: SearchIndex | null = null): Steps<ReadResult> {
  const collection = index.collection
  const { rows, total } = q.search !== null && search && view
    ? yield* searchMatchSteps(search, view, q.search, plan.match, plan.need, plan.locales, !plan.single, snapshot)
    : view ? yield* view.matchSteps(plan.match, plan.need, snapshot) : yield* scanSteps([...index.entries.values()], q.state, plan.match, plan.need)
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

function serialise(ctx: ServiceContext, entry: EntryRecord, collection: Collection, q: ListQuery, baseUrl: string, stamp: string): string {
  const options: ShapeOptions = { state: q.state, exclude: q.exclude, timestamps: q.timestamps, baseUrl }
  return entryJson(ctx, entry, collection, options, `${q.state}|${q.timestamps ? 1 : 0}|${q.exclude.join(',')}|${baseUrl}`, stamp)
}

function findTranslation(ctx: ServiceContext, slug: string, index: CollectionIndex, entry: EntryRecord, locale: string): EntryRecord | undefined {
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

/** The collection and its cache slot (see ReadModel), renewed when the collection or its output's dependencies change. */
function open(ctx: ServiceContext, slug: string): { index: CollectionIndex; slot: Slot } {
  const index = ctx.store.collection(slug)
  if (!index) throw notFound('Collection not found.')
  const model = ctx.readModel
  // Nothing changed in the store since this slot was last checked: its stamp holds (a site build's reads, one after another).
  // A private project's signed media URLs move on with time, not with the store: its stamp is checked each time.
  const slot = (ctx.store.project.api === 'private' ? undefined : model.current(slug, index)) ?? model.renew(slug, index, dependencyStamp(ctx, index.collection), ctx.store.project.default_locale)
  return { index, slot }
}

function viewOf(ctx: ServiceContext, slug: string, state: ReadState): CollectionView | null {
  return viewsOf(ctx, slug)?.view(state === 'published' ? 'published' : 'draft') ?? null
}

function viewsOf(ctx: ServiceContext, slug: string): CollectionViews | null {
  if (!ctx.store.collection(slug)) return null
  return open(ctx, slug).slot.views
}

/** Field types a list filter names by equality (long texts never: no category lives there). */
const WARM_TYPES = new Set(['text', 'slug', 'email', 'number', 'enumeration', 'boolean', 'relation', 'date', 'datetime'])

/** The live views of a collection (the ones requests read and writes patch), for tests and benchmarks. */
export function listViews(ctx: ServiceContext, slug: string): ReadonlyMap<ReadState, CollectionView> {
  return open(ctx, slug).slot.views.built()
}

/**
 * Builds each collection's published and draft views (rows in default order) before a server
 * listens: ~0.2 s at 100k entries, and without them every read until the background warm-up
 * reached its collection was a scan of every entry (docs/benchmarks.md, "Measurements behind
 * the code"). The rest (locale lists, equality
 * indexes) is warmed after listening, in slices (`warmListViews`).
 */
export function buildListViews(ctx: ServiceContext): void {
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
export async function warmListViews(ctx: ServiceContext, stopped: () => boolean = () => false): Promise<void> {
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
      await view.warmSliced(fields, async () => { if (stopped()) throw new Stopped(); await ctx.readModel.backgroundPause() })
        .catch((error: unknown) => { if (!(error instanceof Stopped)) throw error })
    }
  }
}

/**
 * Sets the kept sort keys of every built view's rows (query/key-columns.ts), in slices that
 * give the event loop back: a server runs it after it listens (the first page of a sort
 * never asked before reads them; ~0.5 s per 100k-row view). `stopped` ends it early.
 */
export async function keepSortKeys(ctx: ServiceContext, stopped: () => boolean = () => false): Promise<void> {
  for (const slug of [...ctx.store.collections.keys()]) {
    if (stopped() || heapIsTight()) return
    if (!ctx.store.collection(slug)) continue
    for (const view of open(ctx, slug).slot.views.built().values()) {
      // Optional memory: stopped when the heap is tight (the keys of the rows not reached are computed on demand).
      await view.keepSortKeysSliced(async () => { if (stopped() || heapIsTight()) throw new Stopped(); await ctx.readModel.backgroundPause() })
        .catch((error: unknown) => { if (!(error instanceof Stopped)) throw error })
    }
  }
}

class Stopped extends Error {}

/**
 * Loads the search indexes saved in the index cache (search-cache.ts: only the entries changed
 * since are analysed again), in slices: a server starts it as soon as it listens, so a search
 * arriving meanwhile waits for the load rather than building its index. Never throws.
 */
export async function loadSearchIndexes(ctx: ServiceContext, stopped: () => boolean = () => false): Promise<void> {
  await Promise.all(loadSearchCache(ctx, async () => { if (stopped()) throw new Stopped(); await ctx.readModel.backgroundPause() }).ready)
}

/**
 * Builds every collection's published search index not loaded (`loadSearchIndexes`) in slices
 * that give the event loop back, after a server listens, then saves them in the index cache. A search arriving first builds, or joins the
 * build of, the index it needs. Draft indexes are built by the first draft search.
 */
export async function warmSearch(ctx: ServiceContext, stopped: () => boolean = () => false): Promise<void> {
  const pause = async () => { if (stopped()) throw new Stopped(); await ctx.readModel.backgroundPause() }
  const quiet = (error: unknown) => { if (!(error instanceof Stopped)) throw error }
  let built = 0
  for (const slug of [...ctx.store.collections.keys()]) {
    if (stopped()) return
    const index = ctx.store.collection(slug)
    if (!index) continue
    const search = ctx.readModel.searchOf(slug, index)
    if (search.peek('published')) continue
    built++
    await search.ready('published', pause).catch(quiet)
  }
  if (built > 0 && !stopped()) await saveSearchCache(ctx, pause).catch(quiet)
}
