import { createHash, randomBytes } from 'node:crypto'
import type { AppContext } from '../../context.ts'
import type { Collection, EntryRecord, Field } from '../../core/types.ts'
import { badRequest, notFound } from '../../core/errors.ts'
import type { ContentStore, CollectionIndex } from '../../storage/store.ts'
import { parseListQuery, type ListQuery, type ReadState } from '../../query/params.ts'
import { compileWhere, type SchemaInfo, type WhereEnv } from '../../query/compile-where.ts'
import { compileSort, sortSignature, type CompiledSortKey } from '../../query/sort.ts'
import { CollectionView, visibleIn } from '../../query/view.ts'
import { pageEnvelope, planList } from '../../query/paginate.ts'
import { kindOf } from '../../query/values.ts'
import { dependencyStamp, entryJson, relationTarget, type ShapeOptions } from './view.ts'
import { entryEtag } from './etag.ts'
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
}

/**
 * `GET /{collection}` as a service, shared by the HTTP route and `cms entry list`.
 * `query` is the raw query string (no leading `?`); `baseUrl` (origin) builds pagination
 * links and asset URLs. Answers come from per-collection views (rebuilt when the
 * collection or what its output depends on changes), cached match lists, cached
 * per-entry JSON, and a bounded cache of whole answers.
 */
export function listEntries(ctx: AppContext, slug: string, query: string, baseUrl: string): ReadResult {
  const { index, slot } = open(ctx, slug)
  const cacheKey = `${baseUrl}\n${query}`
  const hit = slot.responses.get(cacheKey)
  if (hit) return hit
  const result = computeList(ctx, index, slot, parseListQuery(query), query, baseUrl)
  slot.remember(cacheKey, result)
  return result
}

/** `GET /{collection}/{uuid}` as a service: `{data: entry}`. */
export function getEntry(ctx: AppContext, slug: string, uuid: string, query: string, baseUrl: string): ReadResult {
  const { index, slot } = open(ctx, slug)
  const q = parseListQuery(query)
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
  if (q.state !== 'published') return { body, etag: entryEtag(entry), revalidate: false }
  return { body, etag: etagOf(slot.stamp, `${baseUrl}\n${uuid}\n${query}`) }
}

// ---- listing -----------------------------------------------------------------------

function computeList(ctx: AppContext, index: CollectionIndex, slot: Slot, q: ListQuery, raw: string, baseUrl: string): ReadResult {
  const collection = index.collection
  checkExclude(q.exclude, collection)
  const schema = schemaOf(collection)
  const env: WhereEnv = {
    schema,
    target: (field) => { const t = relationTarget(ctx.store, field); return t ? schemaOf(t) : null },
    related: (targetSlug, uuid) => viewOf(ctx, targetSlug, q.state)?.get(uuid) ?? null,
  }
  const where = q.where ? compileWhere(q.where, env) : null
  const sort = compileSort(q.sort, schema)
  const signature = sortSignature(q.sort)
  const view = slot.views.view(q.state)
  const locale = collection.is_singleton ? q.locale ?? ctx.store.project.default_locale : q.locale
  const single = collection.is_singleton || q.first
  const need = q.count ? 0 : single ? 1 : q.paginate !== null ? q.page * q.paginate : q.limit !== null ? q.offset + q.limit : Number.POSITIVE_INFINITY
  const { rows, total } = view.match({ locale, where, sort, sortSignature: signature, cacheKey: `${locale ?? ''}\n${q.where ? JSON.stringify(q.where) : ''}\n${signature}` }, need)
  const etag = etagOf(slot.stamp, `${baseUrl}\n${raw}`)
  const json = (entry: EntryRecord) => serialise(ctx, entry, collection, q, baseUrl, slot.stamp)

  if (q.count) return { body: `{"count":${total}}`, etag }
  if (single) {
    const row = rows[0]
    if (!row) throw notFound('Content not found.')
    return { body: json(row.entry), etag }
  }
  const plan = planList(q, total)
  if (plan.kind !== 'page' && plan.kind !== 'all') throw new Error('unreachable')
  const parts: string[] = []
  for (let i = plan.start; i < plan.end; i++) parts.push(json(rows[i]!.entry))
  const data = `[${parts.join(',')}]`
  if (plan.kind === 'all') return { body: data, etag }
  const { links, meta } = pageEnvelope(plan, total, `${baseUrl}/${collection.slug}`, raw)
  return { body: `{"data":${data},"links":${JSON.stringify(links)},"meta":${JSON.stringify(meta)}}`, etag }
}

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
  if (!schema) SCHEMAS.set(collection, (schema = { slug: collection.slug, fields: collection.fields }))
  return schema
}

// ---- caches ------------------------------------------------------------------------

/** Distinguishes this process's ETags from another run's (revisions restart at load). */
const NONCE = randomBytes(6).toString('base64url')

function etagOf(stamp: string, key: string): string {
  return `"${createHash('sha1').update(NONCE).update(stamp).update('\n').update(key).digest('base64url').slice(0, 22)}"`
}

const RESPONSE_ENTRIES = 512
const RESPONSE_BYTES = 32 * 1024 * 1024

/** The answers cached for one state of a collection (its revision and dependencies: `stamp`). */
class Slot {
  readonly stamp: string
  readonly views: CollectionViews
  readonly responses = new Map<string, ReadResult>()
  #bytes = 0

  constructor(views: CollectionViews, stamp: string) {
    this.views = views
    this.stamp = stamp
  }

  remember(key: string, result: ReadResult): void {
    const size = result.body.length
    if (size > RESPONSE_BYTES / 4) return
    while (this.responses.size >= RESPONSE_ENTRIES || (this.#bytes + size > RESPONSE_BYTES && this.responses.size > 0)) {
      const [oldest, value] = this.responses.entries().next().value!
      this.responses.delete(oldest)
      this.#bytes -= value.body.length
    }
    this.responses.set(key, result)
    this.#bytes += size
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
  readonly #background: boolean

  constructor(index: CollectionIndex, dependencies: string, background: boolean) {
    this.collection = index.collection
    this.entries = index.entries
    this.revision = index.revision
    this.dependencies = dependencies
    this.#background = background
  }

  view(state: ReadState): CollectionView {
    let view = this.#views.get(state)
    if (!view) {
      const options = this.#background ? { onMissingSort: (signature: string, keys: CompiledSortKey[]) => buildLater(view!, signature, keys) } : {}
      this.#views.set(state, (view = new CollectionView(this.entries.values(), state, options)))
    }
    return view
  }

  touch(uuid: string, entry: EntryRecord | null): void {
    for (const view of this.#views.values()) view.touch(uuid, entry)
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
    view.buildSorted(signature, keys, () => new Promise<void>((resolve) => setImmediate(resolve)))
      .catch((error: unknown) => console.error('[cms] building a sort order failed:', error))
  })
}

interface Caches {
  slots: Map<string, Slot>
  views: Map<string, CollectionViews>
}

const CACHES = new WeakMap<ContentStore, Caches>()

function cachesOf(store: ContentStore): Caches {
  let caches = CACHES.get(store)
  if (!caches) {
    const views = new Map<string, CollectionViews>()
    store.onChange((change) => {
      if (change.kind === 'collection') views.delete(change.slug)
      if (change.kind !== 'entry') return
      const held = views.get(change.slug)
      const index = store.collection(change.slug)
      if (!held || !index || held.entries !== index.entries) return
      held.touch(change.uuid, change.after)
      held.revision = index.revision
    })
    CACHES.set(store, (caches = { slots: new Map(), views }))
  }
  return caches
}

/** The collection and its cache slot, renewed when the collection or its output's dependencies change. */
function open(ctx: AppContext, slug: string): { index: CollectionIndex; slot: Slot } {
  const index = ctx.store.collection(slug)
  if (!index) throw notFound('Collection not found.')
  const { slots, views } = cachesOf(ctx.store)
  const dependencies = dependencyStamp(ctx, index.collection)
  const stamp = `${index.revision}|${dependencies}|${ctx.store.project.default_locale}`
  let slot = slots.get(slug)
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
  return { index, slot }
}

function viewOf(ctx: AppContext, slug: string, state: ReadState): CollectionView | null {
  if (!ctx.store.collection(slug)) return null
  return open(ctx, slug).slot.views.view(state === 'published' ? 'published' : 'draft')
}

/** Field types a list filter names by equality (long texts never: no category lives there). */
const WARM_TYPES = new Set(['text', 'slug', 'email', 'number', 'enumeration', 'boolean', 'relation', 'date', 'datetime'])

/** The live views of a collection (the ones requests read and writes patch), for tests and benchmarks. */
export function listViews(ctx: AppContext, slug: string): ReadonlyMap<ReadState, CollectionView> {
  return open(ctx, slug).slot.views.built()
}

/**
 * Builds, before a server answers its first request, what the common list shapes need: each
 * collection's published and draft views with their per-locale lists. Yields between
 * collections.
 */
export async function warmListViews(ctx: AppContext): Promise<void> {
  for (const slug of [...ctx.store.collections.keys()]) {
    if (!ctx.store.collection(slug)) continue
    const { index, slot } = open(ctx, slug)
    const fields = index.collection.fields.flatMap((f) => {
      const kind = WARM_TYPES.has(f.type) ? kindOf(f) : null
      return kind ? [{ field: f.name, kind }] : []
    })
    for (const state of ['published', 'draft'] as const) {
      slot.views.view(state).warm(fields)
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
  }
}
