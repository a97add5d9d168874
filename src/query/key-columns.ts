import type { Field } from '../core/types.ts'
import { coreGetter, type KeyColumns, type Row } from './compile-where.ts'
import { CORE_COLUMNS, firstKey, kindOf, type Key } from './values.ts'

/** Field types whose values are short enough to keep a lower-cased copy of on every row. */
const KEPT_TYPES = new Set(['text', 'slug', 'email', 'number', 'enumeration', 'boolean', 'date', 'datetime', 'time', 'color'])
/** Core columns kept: the dates every entry has (their kinds: values.ts `CORE_COLUMNS`). */
const KEPT_CORE = ['created_at', 'updated_at', 'published_at']

/**
 * The sort keys of the columns a list is most often sorted by (short fields and the dates
 * every entry has), kept on each row (`row.k`): computed by the view's warm-up for the rows
 * it was built with, and when a row is made for a write. A row is replaced on every write,
 * so these never go stale and need no patching.
 *
 * Why on the row, made with it: a never-seen sort's first page is one pass over every row,
 * and at 100k rows that pass was bound by memory, not by comparisons. Reading a key through
 * row → entry → values → string touches four objects scattered over a large heap, while
 * `row.k`, allocated beside the row, is one (docs/benchmarks.md, "Measurements behind the code").
 */
export function keyColumnsOf(fields: readonly Field[]): KeyColumns {
  const position = new Map<string, number>()
  const compute: Array<(row: Row) => Key | null> = []
  for (const name of KEPT_CORE) {
    const kind = CORE_COLUMNS[name]!
    const get = coreGetter(name)
    position.set(`:${name}`, compute.length)
    compute.push((row) => firstKey(get(row), kind))
  }
  for (const field of fields) {
    const kind = KEPT_TYPES.has(field.type) ? kindOf(field) : null
    if (!kind) continue
    const name = field.name
    position.set(name, compute.length)
    compute.push((row) => firstKey(row.values[name], kind))
  }
  return { position, compute }
}

/** The kept keys of a row (its `k`). */
export function keysOfRow(columns: KeyColumns, row: Row): Array<Key | null> {
  const out: Array<Key | null> = new Array(columns.compute.length)
  for (let i = 0; i < out.length; i++) out[i] = columns.compute[i]!(row)
  return out
}
