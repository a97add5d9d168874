import { badRequest } from '../core/errors.ts'
import type { SortKey } from './params.ts'
import { coreGetter, type Row, type SchemaInfo } from './compile-where.ts'
import { CORE_COLUMNS, keysOf, kindOf, type Key } from './values.ts'

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
    if (field === 'id') return { field, direction, key: (row: Row) => -row.rank }
    const core = CORE_COLUMNS[field]
    if (core) {
      const get = coreGetter(field)
      return { field, direction, key: (row: Row) => keysOf(get(row), core)[0] ?? null }
    }
    const f = schema.fields.find((x) => x.name === field)
    if (!f) throw badRequest(`The sort parameter names an unknown field "${field}" in collection "${schema.slug}".`)
    const kind = kindOf(f)
    if (!kind) throw badRequest(`The sort parameter names "${field}", a ${f.type} field, which cannot be sorted.`)
    return { field, direction, key: (row: Row) => keysOf(row.values[field], kind)[0] ?? null }
  })
}

/** A stable sorted copy of `rows` (which may be in any order; ties fall back to `rank`). */
export function sortRows(rows: readonly Row[], keys: CompiledSortKey[]): Row[] {
  if (keys.length === 0) return [...rows].sort((a, b) => a.rank - b.rank)
  const decorated = rows.map((row) => ({ row, k: keys.map((s) => s.key(row)) }))
  decorated.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const x = a.k[i]!
      const y = b.k[i]!
      if (x === y) continue
      if (x === null) return 1
      if (y === null) return -1
      const c = x < y ? -1 : x > y ? 1 : 0
      if (c !== 0) return keys[i]!.direction === 'desc' ? -c : c
    }
    return a.row.rank - b.row.rank
  })
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
  return a.rank - b.rank
}

export const sortSignature = (keys: SortKey[]): string => keys.map((k) => `${k.field}:${k.direction}`).join(',')
