import type { ServiceContext } from '../context.ts'
import type { Collection, EntryRecord, EntrySchedule, Field, FieldValues, ReviewStep } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'
import { assetJson } from '../assets/view.ts'
import { expiryFor, signedTtl } from '../assets/file-urls.ts'
import { own } from '../../core/own.ts'

/**
 * The wire shape of an entry, shared by every read: `{uuid, locale, published_at, fields}`
 * (+ `created_at`, `updated_at` with timestamps). Hidden and password fields never appear;
 * repeatable fields are plain arrays; enumerations are arrays of values; relations are the
 * related entries (one level, same state; deeper or cyclic references are `{uuid}` stubs);
 * media are asset objects.
 */

/**
 * An entry as the API answers it (the shape above); `schedule` and `review` only on draft reads
 * and write answers. A type, not an interface: it stays assignable to `Record<string, unknown>`,
 * which callers that add to an answer still use.
 */
export type EntryOutput = {
  uuid: string
  locale: string
  published_at: string | null
  /** The visible fields by name, in their output form (relations and media expanded). */
  fields: FieldValues
  /** With timestamps. */
  created_at?: string
  updated_at?: string
  /** What is scheduled for the entry, when anything is (docs/scheduling.md). */
  schedule?: EntrySchedule
  /** Its review state, on collections with `workflow: review`. */
  review?: Omit<ReviewStep, 'note'>
}

/** `draft` reads live values (also for `only_draft`); `published` reads the snapshot. */
export type ShapeState = 'published' | 'draft' | 'only_draft'

export interface ShapeOptions {
  state: ShapeState
  /** Field names to leave out, at the top level and among group children at any depth. */
  exclude?: readonly string[]
  timestamps?: boolean
  /** Origin used for asset URLs. */
  baseUrl?: string
}

export function shapeEntry(ctx: ServiceContext, entry: EntryRecord, collection: Collection, options: ShapeOptions): EntryOutput {
  const exclude = options.exclude && options.exclude.length > 0 ? new Set(options.exclude) : null
  return shape(ctx, entry, collection, options, exclude, 0, entry.uuid)
}

/**
 * The entry serialised, cached per (entry object, variant, dependency stamp). Records are
 * never mutated in place, so the entry object's identity stands for its content; the stamp
 * covers what the output borrows from elsewhere (related collections, assets, the schema).
 */
export function entryJson(ctx: ServiceContext, entry: EntryRecord, collection: Collection, options: ShapeOptions, variant: string, stamp: string): string {
  let slot = JSON_CACHE.get(entry)
  if (!slot || slot.stamp !== stamp) JSON_CACHE.set(entry, (slot = { stamp, variants: new Map() }))
  let json = slot.variants.get(variant)
  if (json === undefined) {
    json = JSON.stringify(shapeEntry(ctx, entry, collection, options))
    slot.variants.set(variant, json)
  }
  return json
}

const JSON_CACHE = new WeakMap<EntryRecord, { stamp: string; variants: Map<string, string> }>()

/** Compatibility form for callers without options (create/update answers): no relation expansion without ctx. */
export function toEntryOutput(entry: EntryRecord, collection: Collection, state: ShapeState, ctx?: ServiceContext): EntryOutput {
  if (ctx) return shapeEntry(ctx, entry, collection, { state })
  return withWorkflow(base(entry, state, visibleFields(state === 'published' ? entry.published ?? {} : entry.fields, collection.fields, null, (_f, v) => v), false), entry, collection, state)
}

/**
 * Draft reads and write answers carry what is pending for the entry (docs/scheduling.md):
 * `schedule` only when something is scheduled, `review` on collections with `workflow: review`.
 * Published reads (what sites read) stay as they were.
 */
function withWorkflow(out: EntryOutput, entry: EntryRecord, collection: Collection, state: ShapeState): EntryOutput {
  if (state === 'published') return out
  if (entry.schedule) out.schedule = { publish_at: entry.schedule.publish_at, unpublish_at: entry.schedule.unpublish_at }
  if (collection.workflow === 'review') {
    const r = entry.review
    out.review = r ? { state: r.state, by: r.by, at: r.at } : { state: 'draft', by: null, at: entry.created_at }
  }
  return out
}

/**
 * What an entry's output depends on besides the entry itself: the schema object, the
 * revisions of relation targets, and the asset revision when media appear.
 */
export function dependencyStamp(ctx: ServiceContext, collection: Collection): string {
  let stamp = `c${objectId(collection)}`
  let media = false
  const visit = (fields: Field[], depth: number) => {
    for (const f of fields) {
      if (f.type === 'media') media = true
      else if (f.type === 'group') visit(f.children ?? [], depth)
      else if (f.type === 'relation' && depth === 0) {
        const target = relationTarget(ctx.store, f)
        if (target) {
          stamp += `|${target.slug}:${objectId(target)}:${ctx.store.collection(target.slug)!.revision}`
          visit(target.fields, 1)
        }
      }
    }
  }
  visit(collection.fields, 0)
  if (media) stamp += `|a${assetRevision(ctx.store)}`
  // A private project's media URLs are signed until an expiry that moves on every half lifetime.
  if (media && ctx.store.project.api === 'private') stamp += `|x${expiryFor(signedTtl(ctx.store.project))}`
  return stamp
}

/** The collection a relation field points at, or null when it names none that exists. */
export function relationTarget(store: ContentStore, field: Field): Collection | null {
  return store.relationTarget(field.options.relation?.collection)?.collection ?? null
}

// ---- internals ---------------------------------------------------------------------

type ValueMapper = (field: Field, value: unknown) => unknown

function shape(ctx: ServiceContext, entry: EntryRecord, collection: Collection, options: ShapeOptions, exclude: Set<string> | null, depth: number, root: string): EntryOutput {
  const values = options.state === 'published' ? entry.published ?? {} : entry.fields
  const mapper: ValueMapper = (field, value) => {
    if (field.type === 'relation') return depth === 0 ? related(ctx, field, value, options, root) : stubs(field, value)
    if (field.type === 'media') return media(ctx, field, value, options.baseUrl ?? '')
    return value
  }
  const out = base(entry, options.state, visibleFields(values, collection.fields, depth === 0 ? exclude : null, mapper), options.timestamps === true)
  return depth === 0 ? withWorkflow(out, entry, collection, options.state) : out
}

function base(entry: EntryRecord, _state: ShapeState, fields: FieldValues, timestamps: boolean): EntryOutput {
  const out: EntryOutput = { uuid: entry.uuid, locale: entry.locale, published_at: entry.published_at, fields }
  if (timestamps) {
    out.created_at = entry.created_at
    out.updated_at = entry.updated_at
  }
  return out
}

function visibleFields(values: FieldValues, fields: Field[], exclude: Set<string> | null, mapper: ValueMapper): FieldValues {
  const out: FieldValues = {}
  for (const field of fields) {
    if (field.type === 'password' || field.options.hiddenInAPI || exclude?.has(field.name)) continue
    out[field.name] = outputValue(field, own(values, field.name), exclude, mapper)
  }
  return out
}

function outputValue(field: Field, value: unknown, exclude: Set<string> | null, mapper: ValueMapper): unknown {
  if (value === undefined || value === null) return null
  switch (field.type) {
    case 'group': {
      const one = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? visibleFields(v as FieldValues, field.children ?? [], exclude, mapper) : null)
      return Array.isArray(value) ? value.map(one).filter((v) => v !== null) : one(value)
    }
    case 'enumeration':
      return Array.isArray(value) ? value : [value]
    case 'number': {
      const num = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v)
      return Array.isArray(value) ? value.map(num) : num(value)
    }
    case 'relation': case 'media':
      return mapper(field, value)
    default:
      return value
  }
}

const refsOf = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string')
const isMany = (field: Field): boolean =>
  field.type === 'relation' ? field.options.relation?.type === 2 : field.options.media?.type === 2 || field.options.multiple === true

function related(ctx: ServiceContext, field: Field, value: unknown, options: ShapeOptions, root: string): unknown {
  const target = relationTarget(ctx.store, field)
  const index = target ? ctx.store.collection(target.slug) : undefined
  const out: unknown[] = []
  for (const uuid of refsOf(value)) {
    if (uuid === root) {
      out.push({ uuid })
      continue
    }
    const entry = index?.entries.get(uuid)
    if (!entry || entry.deleted_at || (options.state === 'published' && entry.published === null)) continue
    out.push(shape(ctx, entry, index!.collection, { state: options.state === 'published' ? 'published' : 'draft', timestamps: options.timestamps ?? false, baseUrl: options.baseUrl ?? '' }, null, 1, root))
  }
  return isMany(field) ? (out.length > 0 ? out : null) : out[0] ?? null
}

function stubs(field: Field, value: unknown): unknown {
  const out = refsOf(value).map((uuid) => ({ uuid }))
  return isMany(field) ? (out.length > 0 ? out : null) : out[0] ?? null
}

function media(ctx: ServiceContext, field: Field, value: unknown, baseUrl: string): unknown {
  const out: unknown[] = []
  for (const uuid of refsOf(value)) {
    const asset = assetJson(ctx.store, uuid, baseUrl)
    if (asset) out.push(asset)
  }
  return isMany(field) ? out : out[0] ?? null
}

const OBJECT_IDS = new WeakMap<object, number>()
let nextObjectId = 1
function objectId(o: object): number {
  let id = OBJECT_IDS.get(o)
  if (id === undefined) OBJECT_IDS.set(o, (id = nextObjectId++))
  return id
}

const ASSET_REVISIONS = new WeakMap<ContentStore, { n: number }>()
/** Counts asset changes of a store (subscribed on first use), so media output can be cached. */
export function assetRevision(store: ContentStore): number {
  let counter = ASSET_REVISIONS.get(store)
  if (!counter) {
    const c = { n: 0 }
    store.onChange((change) => { if (change.kind === 'asset') c.n++ })
    ASSET_REVISIONS.set(store, (counter = c))
  }
  return counter.n
}
