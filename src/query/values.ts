import type { Field } from '../core/types.ts'

/**
 * How a field's values compare: numbers numerically, dates as instants, booleans as
 * booleans, references (relation/media uuids) and text case-insensitively, as the hosted
 * service's MySQL collation does.
 */
export type ValueKind = 'number' | 'date' | 'boolean' | 'text' | 'ref'

/** A comparable scalar: number (number, date, boolean as 0/1) or lower-cased string. */
export type Key = number | string

/** Core columns every entry has; `id` sorts as the default (creation) order. */
export const CORE_COLUMNS: Record<string, ValueKind> = {
  uuid: 'text', locale: 'text', created_at: 'date', updated_at: 'date', published_at: 'date',
}

/** The kind a field compares as, or null for fields that cannot be filtered or sorted. */
export function kindOf(field: Field): ValueKind | null {
  switch (field.type) {
    case 'number': return 'number'
    case 'date': case 'datetime': return 'date'
    case 'boolean': return 'boolean'
    case 'relation': case 'media': return 'ref'
    case 'json': case 'group': case 'password': return null
    default: return 'text'
  }
}

/** Instant of a date value: `YYYY-MM-DD`, ISO date-time, or a range's start. NaN when not a date. */
export function dateMs(value: string): number {
  return Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)
}

/** One stored scalar to its comparable key, or null for empty / unusable values. */
export function toKey(value: unknown, kind: ValueKind): Key | null {
  if (value === null || value === undefined || value === '') return null
  switch (kind) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
      return Number.isFinite(n) ? n : null
    }
    case 'date': {
      if (typeof value === 'object' && value !== null && 'start' in value) return toKey((value as { start: unknown }).start, kind)
      if (typeof value !== 'string') return null
      const ms = dateMs(value)
      return Number.isNaN(ms) ? null : ms
    }
    case 'boolean':
      if (typeof value === 'boolean') return value ? 1 : 0
      if (value === 1 || value === '1' || value === 'true') return 1
      if (value === 0 || value === '0' || value === 'false') return 0
      return null
    default:
      if (typeof value === 'object') return null
      return String(value).toLowerCase()
  }
}

/** Every comparable key of a stored value (repeatable and multiple values give several). */
export function keysOf(value: unknown, kind: ValueKind): Key[] {
  if (Array.isArray(value)) {
    const out: Key[] = []
    for (const item of value) {
      const k = toKey(item, kind)
      if (k !== null) out.push(k)
    }
    return out
  }
  const k = toKey(value, kind)
  return k === null ? [] : [k]
}

/** Plain text forms of a stored value, for `like`. */
export function textsOf(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return []
  if (Array.isArray(value)) return value.flatMap(textsOf)
  if (typeof value === 'object') return 'start' in value ? textsOf((value as { start: unknown }).start) : []
  return [String(value).toLowerCase()]
}

/** A query value parsed by kind; null when it does not fit (the caller answers 400). */
export function parseKey(text: string, kind: ValueKind): Key | null {
  const s = text.trim()
  switch (kind) {
    case 'number': {
      if (s === '') return null
      const n = Number(s)
      return Number.isFinite(n) ? n : null
    }
    case 'date': {
      const ms = dateMs(s)
      return Number.isNaN(ms) ? null : ms
    }
    case 'boolean': {
      const l = s.toLowerCase()
      return l === 'true' || l === '1' ? 1 : l === 'false' || l === '0' ? 0 : null
    }
    default:
      return text.toLowerCase()
  }
}

/** Ascending order of two keys of one kind (numbers or strings). */
export function compareKeys(a: Key, b: Key): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The first comparable key of a stored value (`keysOf(value, kind)[0]`), without building the list. */
export function firstKey(value: unknown, kind: ValueKind): Key | null {
  if (!Array.isArray(value)) return toKey(value, kind)
  for (const item of value) {
    const k = toKey(item, kind)
    if (k !== null) return k
  }
  return null
}
