import type { EntryRecord, FieldValues } from '../core/types.ts'
import type { ReadState } from './params.ts'
import type { CompiledWhere, EqHint, KeyColumns, Row } from './compile-where.ts'
import { keysOfRow } from './key-columns.ts'
import { compareDefault, compareRows, sortRows, sortRowsSteps, sortSteps, topSteps, type CompiledSortKey } from './sort.ts'
import { runNow, runSliced, slicing, WAIT, type Steps } from './steps.ts'
import { keysOf, toKey, type Key, type ValueKind } from './values.ts'

type Compare = (a: Row, b: Row) => number

/**
 * One collection in one read state, ready to query: rows in the default order (newest
 * first), with lazily built secondary indexes (by uuid, by locale, by field value), sorted
 * orders and recent match lists reused across requests. Pure (no IO).
 *
 * The view lives as long as the collection's schema: its owner tells it of every changed
 * entry (`touch`), and every index built so far is patched for that entry at the next read,
 * never rebuilt. One changed entry costs a binary search and an array splice per index and
 * per cached match list.
 *
 * Why sorted arrays and splice, not a balanced tree: reads need positional access (page N
 * of an order, `total`), which arrays give for free. A splice is a memmove of 8 bytes per
 * row, cheaper at 100k and 1M rows than the pointer chasing a tree would pay on every page
 * read (docs/benchmarks.md, "Measurements behind the code"). A batch of many changes (a
 * `git checkout`) is merged into each list in one linear pass instead of row by row.
 */
export class CollectionView {
  readonly state: ReadState
  #rows: Row[]
  readonly #byUuid: Map<string, Row>
  #byLocale: Map<string, Row[]> | null = null
  readonly #eq = new Map<string, { kind: ValueKind; map: Map<Key, Row[]> }>()
  readonly #sorted = new Map<string, { keys: CompiledSortKey[]; rows: Row[] }>()
  readonly #matches = new Map<string, CachedMatch>()
  /** Changes told but not yet applied (uuid → the entry now, or null when gone). */
  #pending = new Map<string, EntryRecord | null>()
  /** uuids changed while sliced work runs over a snapshot, one set per piece of work. */
  readonly #journals = new Set<Set<string>>()
  readonly #building = new Set<string>()
  /** Indexes and sort orders being built by sliced work (other sliced work waits for them rather than building them twice). */
  readonly #inProgress = new Set<string>()
  readonly #onMissingSort: ((view: CollectionView, signature: string, keys: CompiledSortKey[]) => void) | null
  readonly #batch: number
  readonly #columns: KeyColumns | null

  /** `built`: the rows and uuid map made by `build`; else made from `entries` now. */
  constructor(entries: Iterable<EntryRecord>, state: ReadState, options: ViewOptions = {}, built?: BuiltRows) {
    this.state = state
    this.#onMissingSort = options.onMissingSort ?? null
    this.#batch = options.batch ?? BATCH
    this.#columns = options.columns ?? null
    const { rows, byUuid } = built ?? runNow(buildSteps([...entries], state))
    this.#rows = rows
    this.#byUuid = byUuid
  }

  /**
   * A view built in slices (`pause` between them) over a snapshot of the entries: rows made,
   * then sorted in runs and merges. Changes after the snapshot are the caller's to `touch`.
   */
  static async build(entries: readonly EntryRecord[], state: ReadState, options: ViewOptions, pause: () => Promise<void>): Promise<CollectionView> {
    return new CollectionView([], state, options, await runSliced(buildSteps(entries, state), pause))
  }

  /** Visible entries in default order: created_at desc, uuid desc. */
  get rows(): Row[] {
    this.#flush()
    return this.#rows
  }

  /** Tells the view that an entry changed (`entry` is its record now; null: removed). Applied at the next read. */
  touch(uuid: string, entry: EntryRecord | null): void {
    this.#pending.set(uuid, entry)
  }

  /**
   * Builds what the common shapes need ahead of the first request: the per-locale lists, and
   * the equality index of each candidate field that looks like a category (few distinct
   * values in a sample), the fields list filters name most.
   */
  warm(fields: ReadonlyArray<{ field: string; kind: ValueKind }> = []): void {
    runNow(this.#warmSteps(fields, false))
  }

  /** `warm` in slices, `pause` between them; writes landing meanwhile are merged in at the end. */
  warmSliced(fields: ReadonlyArray<{ field: string; kind: ValueKind }>, pause: () => Promise<void>): Promise<void> {
    return runSliced(this.#warmSteps(fields, true), pause)
  }

  get(uuid: string): Row | null {
    this.#flush()
    return this.#byUuid.get(uuid) ?? null
  }

  /** Rows of one locale, in default order. */
  locale(locale: string): Row[] {
    this.#flush()
    return runNow(this.#localeSteps(locale, false))
  }

  /** Rows whose field holds `key` (any of its values), in default order. */
  equal(hint: EqHint): Row[] {
    this.#flush()
    return runNow(this.#equalSteps(hint, false))
  }

  /** Every row in a sort order, built once per signature and patched from then on. */
  sorted(signature: string, keys: CompiledSortKey[]): Row[] {
    this.#flush()
    return runNow(this.#sortedSteps(signature, keys, false))
  }

  /** Whether a sort order is built (tests, benchmarks). */
  hasSorted(signature: string): boolean {
    return this.#sorted.has(signature)
  }

  /** Forgets cached match lists whose filter reads related entries (their collection changed). */
  dropRelatedMatches(): void {
    for (const [key, match] of this.#matches) if (match.query.where?.related) this.#matches.delete(key)
  }

  /**
   * The ordered rows matching a query. `need`: how many leading rows the caller reads (0 for
   * a count; Infinity for all). The answer is complete (`rows.length === total`) except for
   * the first request of a sort order not built yet over many rows: it gets the first
   * `need` rows by a one-pass selection, and the owner is told (`onMissingSort`) so the full
   * order can be built in slices in the background. `cacheKey` (normalised locale, where,
   * sort) lets repeated and paged requests reuse one computed list, patched on writes.
   */
  match(query: MatchQuery, need = Number.POSITIVE_INFINITY): MatchResult {
    return runNow(this.matchSteps(query, need, false))
  }

  /**
   * `match` in slices over a snapshot, `pause` between them: other requests run meanwhile.
   * The answer is the rows as they were when each list was read; it is cached for later
   * requests only when no change landed meanwhile.
   */
  matchSliced(query: MatchQuery, need: number, pause: () => Promise<void>): Promise<MatchResult> {
    return runSliced(this.matchSteps(query, need, true), pause)
  }

  /**
   * The steps of `match` (see steps.ts). `snapshot`: the steps will be interleaved with other
   * requests (and their writes), so every list read across a yield is copied first.
   */
  *matchSteps(query: MatchQuery, need: number, snapshot: boolean): Steps<MatchResult> {
    this.#flush()
    const countOnly = need === 0 && query.sort.length > 0
    const key = query.cacheKey === null ? null : countOnly ? `${query.cacheKey}\n#count` : query.cacheKey
    if (key !== null) {
      const hit = this.#matches.get(key)
      if (hit) {
        this.#matches.delete(key)
        this.#matches.set(key, hit)
        return this.#answer(this.#resolve(hit), need, snapshot)
      }
    }
    const journal = snapshot ? this.#openJournal() : null
    try {
      const matched = yield* this.#filterSteps(query, snapshot)
      let cached: CachedMatch
      if (query.sort.length === 0 || countOnly) {
        const plain = countOnly ? { ...query, sort: [], sortSignature: '' } : query
        cached = matched === this.#rows ? { query: plain, alias: 'rows', own: null } : { query: plain, alias: null, own: matched }
      } else if (matched.length * 8 < this.#rows.length) {
        // Few matches: sort them directly.
        cached = { query, alias: null, own: yield* sortRowsSteps(matched, query.sort) }
      } else if (!this.#sorted.has(query.sortSignature) && need <= TOP_MAX && this.#onMissingSort) {
        // Many matches in an order not built yet: answer the leading rows now, build the order later.
        this.#onMissingSort(this, query.sortSignature, query.sort)
        const list = snapshot && matched === this.#rows ? matched.slice() : matched
        return { rows: yield* topSteps(list, query.sort, need), total: matched.length }
      } else {
        // Many matches: filter the full sort order (linear).
        const all = yield* this.#sortedSteps(query.sortSignature, query.sort, snapshot)
        // The full order itself only when nothing filters (a filter all rows pass now may fail a later one).
        if (query.where === null && query.locale === null) cached = { query, alias: 'sorted', own: null }
        else {
          const keep = new Set(matched)
          const list = snapshot ? all.slice() : all
          const own: Row[] = []
          for (let i = 0; i < list.length; i++) {
            if ((i + 1) % slicing.rows === 0) yield
            if (keep.has(list[i]!)) own.push(list[i]!)
          }
          cached = { query, alias: null, own }
        }
      }
      if (journal) {
        this.#flush()
        // Changes landed meanwhile: answer from the snapshot, cache nothing (the list would be stale).
        if (journal.size > 0) return this.#answer(cached.alias ? this.#resolve(cached) : cached.own!, need, true)
      }
      if (key !== null) {
        if (this.#matches.size >= MATCH_CACHE) this.#matches.delete(this.#matches.keys().next().value!)
        this.#matches.set(key, cached)
      }
      return this.#answer(this.#resolve(cached), need, snapshot)
    } finally {
      if (journal) this.#journals.delete(journal)
    }
  }

  /**
   * Builds a sort order in slices, `pause` between them (the owner passes a yield to the
   * event loop), so a never-seen order never holds other requests for long. Changes that
   * land meanwhile are merged in at the end.
   */
  async buildSorted(signature: string, keys: CompiledSortKey[], pause: () => Promise<void>): Promise<void> {
    if (this.#sorted.has(signature) || this.#building.has(signature)) return
    this.#building.add(signature)
    try {
      this.#flush()
      await runSliced(this.#sortedSteps(signature, keys, true), pause)
    } finally {
      this.#building.delete(signature)
    }
  }

  // ---- internals ---------------------------------------------------------------------

  /**
   * A match answer. The default order, a sort order and cached match lists are patched in
   * place by later writes: work that goes on yielding after the match (a sliced answer
   * serialising its page) gets a copy of the `need` leading rows instead.
   */
  #answer(rows: Row[], need: number, snapshot: boolean): MatchResult {
    return { rows: snapshot ? rows.slice(0, Math.min(rows.length, need)) : rows, total: rows.length }
  }

  *#warmSteps(fields: ReadonlyArray<{ field: string; kind: ValueKind }>, sliced: boolean): Steps<void> {
    this.#flush()
    yield* this.#localeSteps('', sliced)
    for (const { field, kind } of fields) {
      const seen = new Set<Key>()
      const rows = this.#rows
      const sample = Math.min(rows.length, WARM_SAMPLE)
      for (let i = 0; i < sample && seen.size <= WARM_DISTINCT; i++) for (const k of eqKeys(rows[i]!, field, kind)) seen.add(k)
      if (seen.size > 0 && seen.size <= WARM_DISTINCT) yield* this.#equalSteps({ field, kind, key: '' }, sliced)
    }
  }

  /**
   * Sets the kept sort keys (`row.k`, key-columns.ts) of the rows built without them, in
   * slices (`pause` between them). Views are built before a server listens and these would
   * double that (~0.5 s per view at 100k, most of it parsing dates), so a server sets them
   * after listening. Rows made later (writes) get theirs when made; a key read before then
   * is computed on demand (sort.ts).
   */
  keepSortKeysSliced(pause: () => Promise<void>): Promise<void> {
    // 1 ms slices: it runs just after a server starts listening, when the first requests arrive (a 4 ms slice put Q2 after a create at 6.6 ms median at 100k, 2 ms without it).
    return runSliced(this.#keptKeysSteps(), pause, 1)
  }

  /** `keepSortKeysSliced` at once. */
  keepSortKeys(): void {
    runNow(this.#keptKeysSteps())
  }

  *#keptKeysSteps(): Steps<void> {
    const columns = this.#columns
    if (!columns) return
    this.#flush()
    // Rows replaced meanwhile were made with their keys; setting a replaced row's is harmless.
    const rows = this.#rows.slice()
    for (let i = 0; i < rows.length; i++) {
      if ((i + 1) % slicing.rows === 0) yield
      const row = rows[i]!
      if (row.k === undefined) row.k = keysOfRow(columns, row)
    }
  }

  /** A set collecting the uuids every later flush changes (until closed with `#journals.delete`). */
  #openJournal(): Set<string> {
    const journal = new Set<string>()
    this.#journals.add(journal)
    return journal
  }

  *#localeSteps(locale: string, sliced: boolean): Steps<Row[]> {
    if (!this.#byLocale) {
      const built = yield* this.#once('locale', sliced, () => this.#byLocale !== null, () => this.#groupSteps((row) => [row.entry.locale]))
      // Another request may have built it while this one yielded: theirs is as current.
      if (built) this.#byLocale ??= built
    }
    return this.#byLocale!.get(locale) ?? EMPTY
  }

  *#equalSteps(hint: EqHint, sliced: boolean): Steps<Row[]> {
    const current = () => { const index = this.#eq.get(hint.field); return index && index.kind === hint.kind ? index : null }
    let index = current()
    if (!index) {
      const map = yield* this.#once(`eq\n${hint.field}\n${hint.kind}`, sliced, () => current() !== null, () => this.#groupSteps((row) => eqKeys(row, hint.field, hint.kind)))
      index = current()
      if (!index) this.#eq.set(hint.field, (index = { kind: hint.kind, map: map! }))
    }
    return index.map.get(hint.key) ?? EMPTY
  }

  /**
   * Runs `build` unless sliced work is building the same thing (`name`): sliced work then
   * waits for that build (null once `done()`); synchronous work builds its own.
   */
  *#once<T>(name: string, sliced: boolean, done: () => boolean, build: () => Steps<T>): Steps<T | null> {
    if (sliced) while (this.#inProgress.has(name) && !done()) yield WAIT
    if (done()) return null
    this.#inProgress.add(name)
    try {
      return yield* build()
    } finally {
      this.#inProgress.delete(name)
    }
  }

  /** Rows grouped by key, each group in default order, built in slices over a snapshot; changes meanwhile merged in. */
  *#groupSteps<K>(keysOfRow: (row: Row) => K[]): Steps<Map<K, Row[]>> {
    const journal = this.#openJournal()
    try {
      const rows = this.#rows.slice()
      const map = new Map<K, Row[]>()
      for (let i = 0; i < rows.length; i++) {
        if ((i + 1) % slicing.rows === 0) yield
        const row = rows[i]!
        for (const k of keysOfRow(row)) add(map, k, row)
      }
      this.#flush()
      if (journal.size === 0) return map
      const { stale, fresh } = this.#changedSince(rows, journal)
      return mergeGrouped(map, stale, fresh.sort(compareDefault), keysOfRow)
    } finally {
      this.#journals.delete(journal)
    }
  }

  /** The snapshot rows a journal says changed (`stale`), and the current rows of those entries (`fresh`, unsorted). */
  #changedSince(snapshot: readonly Row[], journal: ReadonlySet<string>): { stale: Set<Row>; fresh: Row[] } {
    const stale = new Set<Row>()
    for (const row of snapshot) if (journal.has(row.entry.uuid)) stale.add(row)
    const fresh: Row[] = []
    for (const uuid of journal) { const row = this.#byUuid.get(uuid); if (row) fresh.push(row) }
    return { stale, fresh }
  }

  *#sortedSteps(signature: string, keys: CompiledSortKey[], sliced: boolean): Steps<Row[]> {
    const built = this.#sorted.get(signature)
    if (built) return built.rows
    const rows = yield* this.#once(`sort\n${signature}`, sliced, () => this.#sorted.has(signature), () => this.#sortSteps(signature, keys))
    return rows ?? this.#sorted.get(signature)!.rows
  }

  *#sortSteps(signature: string, keys: CompiledSortKey[]): Steps<Row[]> {
    const journal = this.#openJournal()
    try {
      const snapshot = this.#rows.slice()
      let rows = yield* sortRowsSteps(snapshot, keys)
      const again = this.#sorted.get(signature)
      if (again) return again.rows
      this.#flush()
      if (journal.size > 0) {
        const { stale, fresh } = this.#changedSince(snapshot, journal)
        const compare: Compare = (a, b) => compareRows(a, b, keys)
        rows = merge(rows, stale, fresh.sort(compare), compare)
      }
      this.#remember(signature, { keys, rows })
      return rows
    } finally {
      this.#journals.delete(journal)
    }
  }

  #remember(signature: string, sorted: { keys: CompiledSortKey[]; rows: Row[] }): void {
    if (this.#sorted.size >= SORTED_MAX) this.#sorted.delete(this.#sorted.keys().next().value!)
    this.#sorted.set(signature, sorted)
  }

  #resolve(match: CachedMatch): Row[] {
    if (match.alias === 'rows') return this.#rows
    if (match.alias === 'sorted') return runNow(this.#sortedSteps(match.query.sortSignature, match.query.sort, false))
    return match.own!
  }

  /**
   * The smallest of the equality lists a query's filter names (`where.hints`: every row it
   * passes is in each of them), as a copy, or null when it names none. `sliced`: as `matchSteps`.
   * Full-text search reads it to rank only rows the filter can pass (search-match.ts).
   */
  *candidateSteps({ where }: MatchQuery, sliced: boolean): Steps<Row[] | null> {
    this.#flush()
    let smallest: Row[] | null = null
    for (const hint of where?.hints ?? []) {
      const list = yield* this.#equalSteps(hint, sliced)
      if (smallest === null || list.length < smallest.length) smallest = list
    }
    return smallest && smallest.slice()
  }

  /** Rows passing the locale and where of a query, in default order (the default order itself when nothing filters). */
  *#filterSteps({ locale, where }: MatchQuery, snapshot: boolean): Steps<Row[]> {
    // Start from the smallest indexed candidate list (locale or a top-level equality).
    let candidates: Row[] = locale === null ? this.#rows : yield* this.#localeSteps(locale, snapshot)
    let needLocale = false
    for (const hint of where?.hints ?? []) {
      const list = yield* this.#equalSteps(hint, snapshot)
      if (list.length < candidates.length) {
        needLocale = locale !== null
        candidates = list
      }
    }
    if (!where && !needLocale) return candidates === this.#rows ? candidates : candidates.slice()
    const list = snapshot ? candidates.slice() : candidates
    const matched: Row[] = []
    for (let i = 0; i < list.length; i++) {
      if ((i + 1) % slicing.rows === 0) yield
      const row = list[i]!
      if (needLocale && row.entry.locale !== locale) continue
      if (where && !where.test(row)) continue
      matched.push(row)
    }
    return matched
  }

  #flush(): void {
    if (this.#pending.size === 0) return
    const changes = this.#pending
    this.#pending = new Map()
    if (changes.size <= this.#batch) for (const [uuid, entry] of changes) this.#patchOne(uuid, entry)
    else this.#patchMany(changes)
    for (const journal of this.#journals) for (const uuid of changes.keys()) journal.add(uuid)
  }

  /** One changed entry: its old row leaves every list, its new row (if visible) goes in at its place. */
  #patchOne(uuid: string, entry: EntryRecord | null): void {
    const old = this.#byUuid.get(uuid) ?? null
    const row = entry && visibleIn(entry, this.state) ? makeRow(entry, this.state, this.#columns) : null
    if (!old && !row) return
    if (old) this.#byUuid.delete(uuid)
    if (row) this.#byUuid.set(uuid, row)
    replace(this.#rows, old, row, compareDefault)
    if (this.#byLocale) {
      if (old) removeFromMap(this.#byLocale, old.entry.locale, old, compareDefault)
      if (row) insertIntoMap(this.#byLocale, row.entry.locale, row, compareDefault)
    }
    for (const [field, { kind, map }] of this.#eq) {
      if (old) for (const k of eqKeys(old, field, kind)) removeFromMap(map, k, old, compareDefault)
      if (row) for (const k of eqKeys(row, field, kind)) insertIntoMap(map, k, row, compareDefault)
    }
    for (const { keys, rows } of this.#sorted.values()) replace(rows, old, row, (a, b) => compareRows(a, b, keys))
    for (const match of this.#matches.values()) {
      if (!match.own) continue
      replace(match.own, old, row && passes(match.query, row) ? row : null, compareOf(match.query))
    }
  }

  /** Many changed entries: each list filtered of the old rows and merged with the new ones, in one pass. */
  #patchMany(changes: Map<string, EntryRecord | null>): void {
    const stale = new Set<Row>()
    const added: Row[] = []
    for (const [uuid, entry] of changes) {
      const old = this.#byUuid.get(uuid)
      if (old) { stale.add(old); this.#byUuid.delete(uuid) }
      if (entry && visibleIn(entry, this.state)) {
        const row = makeRow(entry, this.state, this.#columns)
        this.#byUuid.set(uuid, row)
        added.push(row)
      }
    }
    added.sort(compareDefault)
    this.#rows = merge(this.#rows, stale, added, compareDefault)
    if (this.#byLocale) this.#byLocale = mergeGrouped(this.#byLocale, stale, added, (row) => [row.entry.locale])
    for (const [field, index] of this.#eq) index.map = mergeGrouped(index.map, stale, added, (row) => eqKeys(row, field, index.kind))
    for (const sorted of this.#sorted.values()) {
      const compare: Compare = (a, b) => compareRows(a, b, sorted.keys)
      sorted.rows = merge(sorted.rows, stale, sortRows(added, sorted.keys), compare)
    }
    for (const match of this.#matches.values()) {
      if (!match.own) continue
      const compare = compareOf(match.query)
      match.own = merge(match.own, stale, added.filter((row) => passes(match.query, row)).sort(compare), compare)
    }
  }
}

export interface ViewOptions {
  /** Told when a request needs a sort order that is not built (see `match`). */
  onMissingSort?: (view: CollectionView, signature: string, keys: CompiledSortKey[]) => void
  /** Up to this many pending changes are patched row by row, more merged per list. @default 64 */
  batch?: number
  /** The sort keys kept on every row (key-columns.ts); the same the queries' `compileSort` was given. */
  columns?: KeyColumns
}

export interface MatchQuery {
  locale: string | null
  where: CompiledWhere | null
  sort: CompiledSortKey[]
  sortSignature: string
  /** null: do not cache. */
  cacheKey: string | null
}

export interface MatchResult {
  /** The matching rows in order: all of them, or at least the `need` leading ones (exactly those for sliced work). */
  rows: Row[]
  total: number
}

/** A cached match list: its own (patched) list, or the default order / a full sort order itself. */
interface CachedMatch {
  query: MatchQuery
  alias: 'rows' | 'sorted' | null
  own: Row[] | null
}


/**
 * A match without a view, for a read that arrives while its view is still being built (a
 * server just started): one sliced pass over the entries making rows only for those that are
 * visible and in the locale, then the matches sorted (or the leading `need` selected). Costs
 * a pass per request, so only for that window; nothing is cached.
 */
export function* scanSteps(entries: readonly EntryRecord[], state: ReadState, query: MatchQuery, need: number): Steps<MatchResult> {
  const matched: Row[] = []
  // The filter reads a row's entry and values, never its order: one probe row is reused, and rows are made for matches only.
  const probe: Row = { entry: entries[0]!, values: {}, order: '', k: undefined }
  for (let i = 0; i < entries.length; i++) {
    if ((i + 1) % slicing.rows === 0) yield
    const entry = entries[i]!
    if (!visibleIn(entry, state) || (query.locale !== null && entry.locale !== query.locale)) continue
    if (query.where !== null) {
      probe.entry = entry
      probe.values = valuesIn(entry, state)
      if (!query.where.test(probe)) continue
    }
    matched.push(makeRow(entry, state, null))
  }
  if (need === 0) return { rows: [], total: matched.length }
  if (need <= TOP_MAX && matched.length > need * 8) {
    const rows = query.sort.length > 0 ? yield* topSteps(matched, query.sort, need) : yield* topDefaultSteps(matched, need)
    return { rows, total: matched.length }
  }
  const rows = query.sort.length > 0 ? yield* sortRowsSteps(matched, query.sort) : yield* sortSteps(matched, compareDefault)
  return { rows: rows.length > need ? rows.slice(0, need) : rows, total: rows.length }
}

/** The first `k` rows in default order, by one pass keeping the best `k` (as `topSteps` does for sort keys). */
function* topDefaultSteps(rows: readonly Row[], k: number): Steps<Row[]> {
  const best: Row[] = []
  for (let i = 0; i < rows.length; i++) {
    if ((i + 1) % slicing.rows === 0) yield
    const row = rows[i]!
    if (best.length === k && compareDefault(row, best[k - 1]!) >= 0) continue
    best.splice(lowerBound(best, row, compareDefault), 0, row)
    if (best.length > k) best.pop()
  }
  return best
}

/** Whether an entry lists in a state: never when trashed; published needs a snapshot; only_draft needs none. */
export function visibleIn(entry: EntryRecord, state: ReadState): boolean {
  if (entry.deleted_at) return false
  if (state === 'published') return entry.published !== null
  if (state === 'only_draft') return entry.published === null
  return true
}

function makeRow(entry: EntryRecord, state: ReadState, columns: KeyColumns | null): Row {
  const row: Row = { entry, values: valuesIn(entry, state), order: `${canonicalTime(entry.created_at)} ${entry.uuid}`, k: undefined }
  if (columns) row.k = keysOfRow(columns, row)
  return row
}

const valuesIn = (entry: EntryRecord, state: ReadState): FieldValues => (state === 'published' ? entry.published : entry.fields) ?? {}

const passes = (query: MatchQuery, row: Row): boolean =>
  (query.locale === null || row.entry.locale === query.locale) && (query.where === null || query.where.test(row))

const compareOf = (query: MatchQuery): Compare =>
  query.sort.length === 0 ? compareDefault : (a, b) => compareRows(a, b, query.sort)

/** The distinct equality keys a row holds in a field (core columns read from the entry). */
function eqKeys(row: Row, field: string, kind: ValueKind): Key[] {
  const value = field in CORE ? (row.entry as unknown as Record<string, unknown>)[field] : row.values[field]
  if (Array.isArray(value)) return [...new Set(keysOf(value, kind))]
  const k = toKey(value, kind)
  return k === null ? [] : [k]
}

function add<K>(map: Map<K, Row[]>, key: K, row: Row): void {
  const list = map.get(key)
  if (list) list.push(row)
  else map.set(key, [row])
}

/** First position in `list` (sorted by `cmp`) whose row does not sort before `row`. */
function lowerBound(list: Row[], row: Row, cmp: Compare): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (cmp(list[mid]!, row) < 0) lo = mid + 1
    else hi = mid
  }
  return lo
}

function remove(list: Row[], row: Row, cmp: Compare): void {
  let i = lowerBound(list, row, cmp)
  // The comparators are total orders over a list's rows, so `row` sits exactly there; the scan is a safety net.
  if (list[i] !== row) i = list.indexOf(row)
  if (i >= 0) list.splice(i, 1)
}

function replace(list: Row[], old: Row | null, row: Row | null, cmp: Compare): void {
  if (old) remove(list, old, cmp)
  if (row) list.splice(lowerBound(list, row, cmp), 0, row)
}

function removeFromMap<K>(map: Map<K, Row[]>, key: K, row: Row, cmp: Compare): void {
  const list = map.get(key)
  if (!list) return
  remove(list, row, cmp)
  if (list.length === 0) map.delete(key)
}

function insertIntoMap<K>(map: Map<K, Row[]>, key: K, row: Row, cmp: Compare): void {
  const list = map.get(key)
  if (list) list.splice(lowerBound(list, row, cmp), 0, row)
  else map.set(key, [row])
}

/** `list` without the `stale` rows, with `added` (sorted by `cmp`) merged in: one linear pass. */
function merge(list: Row[], stale: ReadonlySet<Row>, added: Row[], cmp: Compare): Row[] {
  const out: Row[] = []
  let j = 0
  for (const row of list) {
    if (stale.has(row)) continue
    while (j < added.length && cmp(added[j]!, row) < 0) out.push(added[j++]!)
    out.push(row)
  }
  while (j < added.length) out.push(added[j++]!)
  return out
}

/** A map of default-ordered lists (by locale, by value) after a batch: `added` is in default order. */
function mergeGrouped<K>(map: Map<K, Row[]>, stale: ReadonlySet<Row>, added: Row[], keysOfRow: (row: Row) => K[]): Map<K, Row[]> {
  const groups = new Map<K, Row[]>()
  for (const row of added) {
    for (const k of keysOfRow(row)) {
      const list = groups.get(k)
      if (list) list.push(row)
      else groups.set(k, [row])
    }
  }
  const out = new Map<K, Row[]>()
  for (const [k, list] of map) {
    const next = merge(list, stale, groups.get(k) ?? EMPTY, compareDefault)
    if (next.length > 0) out.set(k, next)
    groups.delete(k)
  }
  for (const [k, list] of groups) out.set(k, list)
  return out
}

interface BuiltRows { rows: Row[]; byUuid: Map<string, Row> }

/** The visible rows of `entries` in default order and by uuid, made, sorted and mapped in slices. */
function* buildSteps(entries: readonly EntryRecord[], state: ReadState): Steps<BuiltRows> {
  const made: Row[] = []
  for (let i = 0; i < entries.length; i++) {
    if ((i + 1) % slicing.rows === 0) yield
    const entry = entries[i]!
    if (visibleIn(entry, state)) made.push(makeRow(entry, state, null))
  }
  // One string comparison per step: `order` is "<canonical created_at> <uuid>".
  const sorted = yield* sortSteps(made, compareDefault)
  // The rows made again in the order passes read them, so that memory is read in sequence (see key-columns.ts).
  const rows: Row[] = new Array(sorted.length)
  const byUuid = new Map<string, Row>()
  for (let i = 0; i < sorted.length; i++) {
    if ((i + 1) % slicing.rows === 0) yield
    const { entry, values, order } = sorted[i]!
    const row: Row = { entry, values, order, k: undefined }
    rows[i] = row
    byUuid.set(entry.uuid, row)
  }
  return { rows, byUuid }
}

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
/** A timestamp as `YYYY-MM-DDTHH:mm:ss.sssZ` (so strings sort as instants); unparsable ones sort oldest. */
function canonicalTime(value: string): string {
  if (CANONICAL.test(value)) return value
  const ms = Date.parse(value)
  return Number.isNaN(ms) || ms < 0 || ms > 253402300799999 ? '0000' : new Date(ms).toISOString()
}

const CORE: Record<string, true> = { uuid: true, locale: true, created_at: true, updated_at: true, published_at: true }
const EMPTY: Row[] = []
const MATCH_CACHE = 256
const SORTED_MAX = 32
/** Up to this many changes at once are patched row by row; more are merged in one pass per list. */
const BATCH = 64
/** The deepest leading slice answered by selection while a sort order is missing. */
const TOP_MAX = 1000
/** A field whose first WARM_SAMPLE rows hold at most WARM_DISTINCT values gets its equality index at start. */
const WARM_SAMPLE = 1000
const WARM_DISTINCT = 64

