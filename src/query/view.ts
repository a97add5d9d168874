import type { EntryRecord } from '../core/types.ts'
import type { ReadState } from './params.ts'
import type { CompiledWhere, EqHint, Row } from './compile-where.ts'
import { compareRows, sortRows, type CompiledSortKey } from './sort.ts'
import { keysOf, toKey, type Key } from './values.ts'

/**
 * One collection in one read state, ready to query: rows in the default order (newest
 * first), with lazily built secondary indexes (by uuid, by locale, by field value),
 * sorted orders and recent match lists reused across requests. Immutable once built:
 * the owner builds a new view when the collection's revision changes. Pure (no IO).
 */
export class CollectionView {
  readonly state: ReadState
  /** Visible entries in default order: created_at desc, uuid desc. */
  readonly rows: Row[]
  readonly #byUuid = new Map<string, Row>()
  #byLocale: Map<string, Row[]> | null = null
  readonly #eq = new Map<string, Map<Key, Row[]>>()
  readonly #sorted = new Map<string, { keys: CompiledSortKey[]; rows: Row[] }>()
  readonly #matches = new Map<string, Row[]>()

  /** `rows`: already in default order with their ranks (see `patched`); otherwise built from `entries`. */
  constructor(entries: Iterable<EntryRecord>, state: ReadState, rows?: Row[]) {
    this.state = state
    if (rows) {
      this.rows = rows
    } else {
      // Sort on "<canonical created_at> <uuid>" strings: one string comparison per step.
      const picked: Array<{ entry: EntryRecord; key: string }> = []
      for (const entry of entries) {
        if (!visibleIn(entry, state)) continue
        picked.push({ entry, key: defaultKey(entry) })
      }
      picked.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
      this.rows = picked.map(({ entry }, rank) => ({ entry, values: valuesIn(entry, state), rank }))
    }
    for (const row of this.rows) this.#byUuid.set(row.entry.uuid, row)
  }

  /**
   * This view after the entries named in `changed` changed (added, edited, removed) in
   * `entries`: the default order and every sorted order built so far are patched (each
   * changed row removed and put back at its place by binary search) instead of re-sorted,
   * which is what a rebuild after a write spends its time on. The cheap, lazily built
   * indexes (locale, equality) and the match cache start empty. Row objects are reused and
   * renumbered, so this view must not be used afterwards.
   */
  patched(entries: ReadonlyMap<string, EntryRecord>, changed: ReadonlySet<string>): CollectionView {
    const removed = new Set<Row>()
    const added: Row[] = []
    for (const uuid of changed) {
      const old = this.#byUuid.get(uuid)
      if (old) removed.add(old)
      const entry = entries.get(uuid)
      if (entry && visibleIn(entry, this.state)) added.push({ entry, values: valuesIn(entry, this.state), rank: -1 })
    }
    const kept = (rows: Row[]) => (removed.size === 0 ? rows.slice() : rows.filter((row) => !removed.has(row)))
    const rows = kept(this.rows)
    for (const row of added) {
      const key = defaultKey(row.entry)
      rows.splice(firstIndex(rows, (other) => defaultKey(other.entry) < key), 0, row)
    }
    rows.forEach((row, rank) => { row.rank = rank })
    const next = new CollectionView([], this.state, rows)
    for (const [signature, { keys, rows: sorted }] of this.#sorted) {
      const list = kept(sorted)
      for (const row of added) list.splice(firstIndex(list, (other) => compareRows(other, row, keys) > 0), 0, row)
      next.#sorted.set(signature, { keys, rows: list })
    }
    return next
  }

  get(uuid: string): Row | null {
    return this.#byUuid.get(uuid) ?? null
  }

  /** Rows of one locale, in default order. */
  locale(locale: string): Row[] {
    if (!this.#byLocale) {
      const map = new Map<string, Row[]>()
      for (const row of this.rows) {
        let list = map.get(row.entry.locale)
        if (!list) map.set(row.entry.locale, (list = []))
        list.push(row)
      }
      this.#byLocale = map
    }
    return this.#byLocale.get(locale) ?? []
  }

  /** Rows whose field holds `key` (any of its values), in default order. */
  equal(hint: EqHint): Row[] {
    let index = this.#eq.get(hint.field)
    if (!index) {
      index = new Map()
      for (const row of this.rows) {
        const value = hint.field in CORE ? (row.entry as unknown as Record<string, unknown>)[hint.field] : row.values[hint.field]
        if (Array.isArray(value)) {
          for (const k of new Set(keysOf(value, hint.kind))) add(index, k, row)
        } else {
          const k = toKey(value, hint.kind)
          if (k !== null) add(index, k, row)
        }
      }
      this.#eq.set(hint.field, index)
    }
    return index.get(hint.key) ?? []
  }

  /** Every row in a sort order, built once per signature. */
  sorted(signature: string, keys: CompiledSortKey[]): Row[] {
    let sorted = this.#sorted.get(signature)
    if (!sorted) {
      sorted = { keys, rows: sortRows(this.rows, keys) }
      if (this.#sorted.size >= 32) this.#sorted.delete(this.#sorted.keys().next().value!)
      this.#sorted.set(signature, sorted)
    }
    return sorted.rows
  }

  /**
   * The full ordered list of rows matching a query. `cacheKey` (normalised locale, where,
   * sort) lets repeated and paged requests reuse one computed list.
   */
  match(query: MatchQuery): Row[] {
    const key = query.cacheKey
    if (key !== null) {
      const hit = this.#matches.get(key)
      if (hit) {
        this.#matches.delete(key)
        this.#matches.set(key, hit)
        return hit
      }
    }
    const result = this.#compute(query)
    if (key !== null) {
      if (this.#matches.size >= MATCH_CACHE) this.#matches.delete(this.#matches.keys().next().value!)
      this.#matches.set(key, result)
    }
    return result
  }

  #compute({ locale, where, sort, sortSignature }: MatchQuery): Row[] {
    // Start from the smallest indexed candidate list (locale or a top-level equality).
    let candidates: Row[] = locale === null ? this.rows : this.locale(locale)
    let needLocale = false
    for (const hint of where?.hints ?? []) {
      const list = this.equal(hint)
      if (list.length < candidates.length) {
        needLocale = locale !== null
        candidates = list
      }
    }
    const matched: Row[] = []
    for (const row of candidates) {
      if (needLocale && row.entry.locale !== locale) continue
      if (where && !where.test(row)) continue
      matched.push(row)
    }
    if (sort.length === 0) return matched
    // Many matches: filter a cached full sort (linear); few: sort them directly.
    if (matched.length * 8 < this.rows.length) return sortRows(matched, sort)
    const all = this.sorted(sortSignature, sort)
    if (matched.length === this.rows.length) return all
    const mark = new Uint8Array(this.rows.length)
    for (const row of matched) mark[row.rank] = 1
    return all.filter((row) => mark[row.rank] === 1)
  }
}

function add(index: Map<Key, Row[]>, key: Key, row: Row): void {
  const list = index.get(key)
  if (list) list.push(row)
  else index.set(key, [row])
}

/** Default order (newest first) sorts on this string, descending. */
const defaultKey = (entry: EntryRecord): string => `${canonicalTime(entry.created_at)} ${entry.uuid}`

const valuesIn = (entry: EntryRecord, state: ReadState) => (state === 'published' ? entry.published : entry.fields) ?? {}

/** First index in `rows` where `after(row)` holds, for rows where it is false up to a point and true from there. */
function firstIndex(rows: Row[], after: (row: Row) => boolean): number {
  let lo = 0
  let hi = rows.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (after(rows[mid]!)) hi = mid
    else lo = mid + 1
  }
  return lo
}

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
/** A timestamp as `YYYY-MM-DDTHH:mm:ss.sssZ` (so strings sort as instants); unparsable ones sort oldest. */
function canonicalTime(value: string): string {
  if (CANONICAL.test(value)) return value
  const ms = Date.parse(value)
  return Number.isNaN(ms) || ms < 0 || ms > 253402300799999 ? '0000' : new Date(ms).toISOString()
}

const CORE: Record<string, true> = { uuid: true, locale: true, created_at: true, updated_at: true, published_at: true }
const MATCH_CACHE = 256

export interface MatchQuery {
  locale: string | null
  where: CompiledWhere | null
  sort: CompiledSortKey[]
  sortSignature: string
  /** null: do not cache. */
  cacheKey: string | null
}

/** Whether an entry lists in a state: never when trashed; published needs a snapshot; only_draft needs none. */
export function visibleIn(entry: EntryRecord, state: ReadState): boolean {
  if (entry.deleted_at) return false
  if (state === 'published') return entry.published !== null
  if (state === 'only_draft') return entry.published === null
  return true
}
