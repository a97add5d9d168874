import { badRequest } from '../core/errors.ts'
import type { SortKey } from './params.ts'
import { coreGetter, type Row, type SchemaInfo } from './compile-where.ts'
import { CORE_COLUMNS, firstKey, kindOf, type Key } from './values.ts'

/**
 * Sorting: every key typed by its field (numbers numerically, dates as instants, text
 * case-insensitively), empty values last in both directions, ties broken by the default
 * order (newest first), so the sort is stable and pages never overlap.
 */
export interface CompiledSortKey {
  field: string
  direction: 'asc' | 'desc'
  key: (row: Row) => Key | null
}

export function compileSort(keys: SortKey[], schema: SchemaInfo): CompiledSortKey[] {
  return keys.map(({ field, direction }) => {
    if (field === 'id') return { field, direction, key: (row: Row) => row.order }
    const core = CORE_COLUMNS[field]
    if (core) {
      const get = coreGetter(field)
      return { field, direction, key: (row: Row) => firstKey(get(row), core) }
    }
    const f = schema.fields.find((x) => x.name === field)
    if (!f) throw badRequest(`The sort parameter names an unknown field "${field}" in collection "${schema.slug}".`)
    const kind = kindOf(f)
    if (!kind) throw badRequest(`The sort parameter names "${field}", a ${f.type} field, which cannot be sorted.`)
    return { field, direction, key: (row: Row) => firstKey(row.values[field], kind) }
  })
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
 * comparisons of computed keys.
 */
export function topRows(rows: readonly Row[], keys: CompiledSortKey[], k: number): Row[] {
  if (k <= 0) return []
  if (keys.length === 0) return sortRows(rows, keys).slice(0, k)
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
  for (const row of rows) {
    for (let i = 0; i < n; i++) scratch[i] = keys[i]!.key(row)
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
