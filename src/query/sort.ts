import { badRequest } from '../core/errors.ts'
import type { SortKey } from './params.ts'
import { coreGetter, type Row, type SchemaInfo } from './compile-where.ts'
import { CORE_COLUMNS, firstKey, kindOf, type Key } from './values.ts'
import { runNow, slicing, type Steps } from './steps.ts'

/**
 * Sorting: every key typed by its field (numbers numerically, dates as instants, text
 * case-insensitively), empty values last in both directions, ties broken by the default
 * order (newest first), so the sort is stable and pages never overlap.
 */
export interface CompiledSortKey {
  field: string
  direction: 'asc' | 'desc'
  /** The row's key, computed once and kept on the row (see keyColumn). */
  key: (row: Row) => Key | null
  /** The row's key as `key` gives it, kept if already computed but not stored otherwise (see topSteps). */
  peek: (row: Row) => Key | null
}

export function compileSort(keys: SortKey[], schema: SchemaInfo): CompiledSortKey[] {
  return keys.map(({ field, direction }) => {
    if (field === 'id') {
      const order = (row: Row) => row.order
      return { field, direction, key: order, peek: order }
    }
    const core = CORE_COLUMNS[field]
    if (core) {
      const get = coreGetter(field)
      return { field, direction, ...kept(schema, `:${field}`, (row) => firstKey(get(row), core)) }
    }
    const f = schema.fields.find((x) => x.name === field)
    if (!f) throw badRequest(`The sort parameter names an unknown field "${field}" in collection "${schema.slug}".`)
    const kind = kindOf(f)
    if (!kind) throw badRequest(`The sort parameter names "${field}", a ${f.type} field, which cannot be sorted.`)
    return { field, direction, ...kept(schema, field, (row) => firstKey(row.values[field], kind)) }
  })
}

/**
 * A column's key read from the row's kept keys (`row.k`, see key-columns.ts) when the view
 * made them, else `keyColumn`'s, computed by the kept column's own function: one definition,
 * so a row with kept keys and one without always compare alike.
 */
function kept(schema: SchemaInfo, column: string, compute: (row: Row) => Key | null): Pick<CompiledSortKey, 'key' | 'peek'> {
  const at = schema.columns?.position.get(column)
  if (at === undefined) return keyColumn(column, compute)
  const lazy = keyColumn(column, schema.columns!.compute[at]!)
  return {
    key: (row) => (row.k !== undefined ? row.k[at]! : lazy.key(row)),
    peek: (row) => (row.k !== undefined ? row.k[at]! : lazy.peek(row)),
  }
}

/**
 * A sort key computed once per row and kept on it (`row.keys`: the row's key column
 * entries). A row is immutable and replaced on every write, so its keys never go stale: a
 * write "patches" the key columns by making a new row, whose keys are computed at their
 * first comparison. Text keys are lower-cased once per row, not once per comparison or per
 * never-seen sort. A field's kind is fixed for a row's lifetime (a schema change builds new
 * views, hence new rows), so the field name alone names the column (core columns: `:name`).
 */
function keyColumn(column: string, compute: (row: Row) => Key | null): Pick<CompiledSortKey, 'key' | 'peek'> {
  return {
    key: (row) => {
      const keys = (row.keys ??= Object.create(null) as Record<string, Key | null>)
      let k = keys[column]
      if (k === undefined) keys[column] = k = compute(row)
      return k
    },
    peek: (row) => {
      const k = row.keys?.[column]
      return k === undefined ? compute(row) : k
    },
  }
}

/** Default order (newest first): `order` descending. Never 0 for two rows of one view. */
export const compareDefault = (a: Row, b: Row): number => (a.order < b.order ? 1 : a.order > b.order ? -1 : 0)

/** A sorted copy of `rows` (which may be in any order; ties fall back to the default order). */
export function sortRows(rows: readonly Row[], keys: CompiledSortKey[]): Row[] {
  if (keys.length === 0) return [...rows].sort(compareDefault)
  const decorated: Decorated[] = rows.map((row) => ({ row, k: keys.map((s) => s.key(row)) }))
  decorated.sort(decoratedCompare(keys))
  return decorated.map((d) => d.row)
}

/** `sortRows` in steps that each handle about `slicing.rows` rows: keys computed, sorted runs, merges. */
export function* sortRowsSteps(rows: readonly Row[], keys: CompiledSortKey[]): Steps<Row[]> {
  if (keys.length === 0) return yield* sortSteps(rows.slice(), compareDefault)
  const decorated: Decorated[] = new Array(rows.length)
  for (let i = 0; i < rows.length; i++) {
    if ((i + 1) % slicing.rows === 0) yield
    const row = rows[i]!
    decorated[i] = { row, k: keys.map((s) => s.key(row)) }
  }
  const sorted = yield* sortSteps(decorated, decoratedCompare(keys))
  const out: Row[] = new Array(sorted.length)
  for (let i = 0; i < sorted.length; i++) out[i] = sorted[i]!.row
  return out
}

/** Sorts `items` (in place or not: use the result) in runs of 8 × `slicing.rows`, then pairwise merges that yield as often. */
export function* sortSteps<T>(items: T[], cmp: (a: T, b: T) => number): Steps<T[]> {
  const run = slicing.rows * 8
  if (items.length <= run) return items.sort(cmp)
  let runs: T[][] = []
  for (let i = 0; i < items.length; i += run) {
    runs.push(items.slice(i, i + run).sort(cmp))
    yield
  }
  while (runs.length > 1) {
    const next: T[][] = []
    for (let i = 0; i < runs.length; i += 2) next.push(i + 1 < runs.length ? yield* mergeSteps(runs[i]!, runs[i + 1]!, cmp) : runs[i]!)
    runs = next
  }
  return runs[0]!
}

function* mergeSteps<T>(a: T[], b: T[], cmp: (x: T, y: T) => number): Steps<T[]> {
  const out: T[] = new Array(a.length + b.length)
  let i = 0
  let j = 0
  let o = 0
  while (i < a.length && j < b.length) {
    out[o++] = cmp(b[j]!, a[i]!) < 0 ? b[j++]! : a[i++]!
    if (o % slicing.rows === 0) yield
  }
  while (i < a.length) out[o++] = a[i++]!
  while (j < b.length) out[o++] = b[j++]!
  return out
}

/** The order sortRows gives, for two rows (keys computed on the spot: for the few comparisons of a binary search). */
export function compareRows(a: Row, b: Row, keys: CompiledSortKey[]): number {
  for (const s of keys) {
    const x = s.key(a)
    const y = s.key(b)
    if (x === y) continue
    if (x === null) return 1
    if (y === null) return -1
    const c = x < y ? -1 : x > y ? 1 : 0
    if (c !== 0) return s.direction === 'desc' ? -c : c
  }
  return compareDefault(a, b)
}

export const sortSignature = (keys: SortKey[]): string => keys.map((k) => `${k.field}:${k.direction}`).join(',')

/**
 * The first `k` rows of `rows` in sort order, without sorting them all: one pass keeping the
 * best `k` in a sorted buffer. A row's keys are computed into one reused array and compared
 * with the current k-th best; only rows that make it in allocate. For the first page of a
 * never-seen sort over many rows this is one pass, where a full sort costs n log n
 * comparisons of computed keys. Keys not yet kept on the rows are computed and dropped
 * (`peek`), not stored: storing a key object on each of 100k old rows cost 60–80 ms of the
 * 100 ms first answer of a never-seen sort (allocation and promotion), computing them ~15
 * (bench/engine.bench.mjs, fullSort); the order built after it in the background keeps them.
 */
export function topRows(rows: readonly Row[], keys: CompiledSortKey[], k: number): Row[] {
  return runNow(topSteps(rows, keys, k))
}

/** `topRows` in steps: yields every `slicing.rows` rows (see steps.ts). */
export function* topSteps(rows: readonly Row[], keys: CompiledSortKey[], k: number): Steps<Row[]> {
  if (k <= 0) return []
  if (keys.length === 0) return (yield* sortSteps(rows.slice(), compareDefault)).slice(0, k)
  const n = keys.length
  const compareKeys = (a: Array<Key | null>, ra: Row, b: Array<Key | null>, rb: Row): number => {
    for (let i = 0; i < n; i++) {
      const x = a[i]!
      const y = b[i]!
      if (x === y) continue
      if (x === null) return 1
      if (y === null) return -1
      const c = x < y ? -1 : x > y ? 1 : 0
      if (c !== 0) return keys[i]!.direction === 'desc' ? -c : c
    }
    return compareDefault(ra, rb)
  }
  const best: Array<{ row: Row; k: Array<Key | null> }> = []
  const scratch: Array<Key | null> = new Array(n)
  for (let r = 0; r < rows.length; r++) {
    if ((r + 1) % slicing.rows === 0) yield
    const row = rows[r]!
    for (let i = 0; i < n; i++) scratch[i] = keys[i]!.peek(row)
    if (best.length === k) {
      const worst = best[k - 1]!
      if (compareKeys(scratch, row, worst.k, worst.row) >= 0) continue
    }
    let lo = 0
    let hi = best.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (compareKeys(best[mid]!.k, best[mid]!.row, scratch, row) < 0) lo = mid + 1
      else hi = mid
    }
    best.splice(lo, 0, { row, k: scratch.slice() })
    if (best.length > k) best.pop()
  }
  return best.map((d) => d.row)
}

/** A row with its sort keys computed once (sorting compares keys, not rows). */
export interface Decorated { row: Row; k: Array<Key | null> }

/** Compares decorated rows by `keys` (nulls last in either direction), ties in the default order. */
export function decoratedCompare(keys: CompiledSortKey[]): (a: Decorated, b: Decorated) => number {
  return (a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const x = a.k[i]!
      const y = b.k[i]!
      if (x === y) continue
      if (x === null) return 1
      if (y === null) return -1
      const c = x < y ? -1 : x > y ? 1 : 0
      if (c !== 0) return keys[i]!.direction === 'desc' ? -c : c
    }
    return compareDefault(a.row, b.row)
  }
}
