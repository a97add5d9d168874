import type { Collection, Field, FieldValues } from '../core/types.ts'
import { normalizeInput, toStored } from './convert.ts'
import { validateValues } from './validator.ts'
import { add, type FieldErrors } from './field-errors.ts'
import { label } from './messages.ts'
import { own } from '../core/own.ts'

/**
 * Problems of an entry's STORED field values against its collection schema (types,
 * required, charcount, enumerations, unknown keys), keyed `data.<field>` like the API's 422.
 * Shared by the write path and `cms validate`.
 */
export function checkStoredFields(collection: Collection, values: FieldValues): Record<string, string[]> {
  const errors = validateValues(collection, values, 'stored')
  checkRanges(collection.fields, values, 'data', errors)
  return errors
}

export type InputMode = 'create' | 'replace' | 'patch'

export interface PreparedInput {
  /** Problems found without looking at other entries (types, required, counts, unknown keys). */
  errors: FieldErrors
  /** The values in stored form (password fields still plaintext; see password.ts). */
  values: FieldValues
  /** Names sent empty: a PATCH removes them. */
  cleared: string[]
}

/**
 * Validates an API `data` object against the collection's compiled JSON Schema and converts
 * it to the stored form. Synchronous: the caller runs the store checks and the index insert
 * right after, in the same tick, so unique checks cannot race.
 * PATCH checks `required` only for the keys it sends.
 */
export function prepareInput(collection: Collection, data: unknown, mode: InputMode): PreparedInput {
  if (data === undefined || data === null) {
    if (mode === 'patch') return { errors: {}, values: {}, cleared: [] }
    data = {}
  }
  if (typeof data !== 'object' || Array.isArray(data)) return { errors: { data: ['The data must be an object of field values.'] }, values: {}, cleared: [] }
  const { values, cleared } = normalizeInput(collection.fields, data as Record<string, unknown>)
  // PATCH: `required` only for the keys sent. Updates: an omitted password keeps the stored hash.
  const passwords = new Set(collection.fields.filter((f) => f.type === 'password').map((f) => f.name))
  const requiredFor = mode === 'create' ? undefined
    : new Set((mode === 'patch' ? Object.keys(data as object) : collection.fields.map((f) => f.name)).filter((n) => !passwords.has(n)))
  const errors = validateValues(collection, values, 'input', requiredFor)
  checkRanges(collection.fields, values, 'data', errors)
  if (Object.keys(errors).length > 0) return { errors, values: {}, cleared }
  return { errors, values: toStored(collection.fields, values), cleared }
}

/** Date ranges must not end before they start. */
function checkRanges(fields: Field[], values: FieldValues, prefix: string, errors: FieldErrors): void {
  for (const field of fields) {
    const v = own(values, field.name)
    if (v === undefined || v === null) continue
    if ((field.type === 'date' || field.type === 'datetime') && field.options.mode === 'range' && typeof v === 'object' && !Array.isArray(v)) {
      const { start, end } = v as { start?: unknown; end?: unknown }
      if (typeof start === 'string' && typeof end === 'string' && Date.parse(end) < Date.parse(start)) {
        add(errors, `${prefix}.${field.name}`, `The ${label(field)} must end on or after its start.`)
      }
    } else if (field.type === 'group' && field.children) {
      const items = Array.isArray(v) ? v : [v]
      items.forEach((item, i) => {
        if (item && typeof item === 'object' && !Array.isArray(item)) {
          checkRanges(field.children!, item as FieldValues, Array.isArray(v) ? `${prefix}.${field.name}.${i}` : `${prefix}.${field.name}`, errors)
        }
      })
    }
  }
}
