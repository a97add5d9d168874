import type { Field, FieldValues } from '../core/types.ts'
import { isMultiRef, isRepeatableScalar } from './json-schema.ts'

/**
 * Input conversion around validation:
 * `normalizeInput` (before) accepts the forms older clients send and drops empty values;
 * `toStored` (after) turns the validated input into the stored form of docs/content-format.md.
 */

/** Empty values are not stored, as the hosted service does: they read as "absent" (and fail `required`). */
const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)

const unwrapValue = (v: unknown): unknown => (v && typeof v === 'object' && !Array.isArray(v) && 'value' in v ? (v as { value: unknown }).value : v)
const refOf = (v: unknown): unknown => {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as { uuid?: unknown }
    return typeof o.uuid === 'string' ? o.uuid.toLowerCase() : v
  }
  return typeof v === 'string' ? v.trim().toLowerCase() : v
}
const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/

/**
 * Returns the values to validate (keys the schema does not know are kept, so they are
 * reported) and the names present but empty (a PATCH clears those).
 */
export function normalizeInput(fields: Field[], data: Record<string, unknown>): { values: FieldValues; cleared: string[] } {
  const values: FieldValues = {}
  const cleared: string[] = []
  const byName = new Map(fields.map((f) => [f.name, f]))
  for (const key of Object.keys(data)) {
    const field = byName.get(key)
    const raw = data[key]
    if (!field) { values[key] = raw; continue }
    const value = normalizeField(field, raw)
    if (isEmpty(value)) cleared.push(key)
    else values[key] = value
  }
  return { values, cleared }
}

function normalizeField(field: Field, raw: unknown): unknown {
  if (isEmpty(raw)) return undefined
  if (field.type === 'group') {
    const one = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? normalizeInput(field.children ?? [], v as Record<string, unknown>).values : v)
    if (field.options.repeatable) return Array.isArray(raw) ? raw.map(one) : raw
    return one(raw)
  }
  if (field.type === 'relation' || field.type === 'media') {
    if (isMultiRef(field)) return (Array.isArray(raw) ? raw : [raw]).map(refOf)
    return Array.isArray(raw) ? raw.map(refOf) : refOf(raw)
  }
  if (isRepeatableScalar(field)) {
    const items = Array.isArray(raw) ? raw : [raw]
    return items.map((item) => {
      // Plain scalars are accepted too, as if wrapped in {value}.
      const wrapped = item && typeof item === 'object' && !Array.isArray(item) ? { ...(item as Record<string, unknown>) } : { value: item }
      if (isEmpty(wrapped.value)) delete wrapped.value
      else wrapped.value = normalizeScalar(field, wrapped.value)
      return wrapped
    })
  }
  return normalizeScalar(field, raw)
}

function normalizeScalar(field: Field, raw: unknown): unknown {
  switch (field.type) {
    case 'number':
      return typeof raw === 'string' && NUMERIC.test(raw) ? Number(raw) : raw
    case 'boolean':
      if (raw === 1 || raw === '1' || raw === 'true') return true
      if (raw === 0 || raw === '0' || raw === 'false') return false
      return raw
    case 'enumeration': {
      if (field.options.enumeration?.multiple) return (Array.isArray(raw) ? raw : [raw]).map(unwrapValue)
      const v = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw
      return unwrapValue(v)
    }
    case 'date': case 'datetime':
      if (field.options.mode === 'range' && typeof raw === 'string' && raw.includes(' - ')) {
        const [start, end] = raw.split(' - ')
        return { start: start!.trim(), end: end!.trim() }
      }
      return typeof raw === 'string' ? raw.trim() : raw
    case 'email':
      return typeof raw === 'string' ? raw.trim() : raw
    default:
      return raw
  }
}

/** The validated input in its stored form. Passwords stay plaintext here (see password.ts). */
export function toStored(fields: Field[], values: FieldValues): FieldValues {
  const out: FieldValues = {}
  for (const field of fields) {
    if (!Object.hasOwn(values, field.name)) continue
    const v = storedField(field, values[field.name])
    if (!isEmpty(v)) out[field.name] = v
  }
  return out
}

function storedField(field: Field, v: unknown): unknown {
  if (field.type === 'group') {
    const one = (item: unknown) => toStored(field.children ?? [], item as FieldValues)
    return field.options.repeatable ? (v as unknown[]).map(one) : one(v)
  }
  if ((field.type === 'relation' || field.type === 'media') && !isMultiRef(field)) return Array.isArray(v) ? v[0] : v
  if (isRepeatableScalar(field)) return (v as Array<{ value: unknown }>).map((item) => item.value)
  return v
}
