import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import type { Collection, Field } from '../core/types.ts'
import { collectionSchema, isMultiRef, isRepeatableScalar, type SchemaMode } from './json-schema.ts'
import { fieldMessage } from './messages.ts'

/** Field problems keyed like the API's 422: `data.<field>`, `data.<group>.0.<child>`, `data.<tags>.1.value`. */
export type FieldErrors = Record<string, string[]>

// ownProperties: a field named `constructor` must not see Object.prototype.constructor.
const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, ownProperties: true })
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
ajv.addFormat('uuid', UUID_RE)
ajv.addFormat('email', { type: 'string', validate: (s: string) => EMAIL_RE.test(s) && s.length <= 254 })
ajv.addFormat('cms-date', { type: 'string', validate: isDate })
ajv.addFormat('cms-datetime', { type: 'string', validate: isDateTime })

/** `YYYY-MM-DD` naming a real calendar day. */
export function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

/** A date, or a date with a time: `YYYY-MM-DD HH:MM[:SS]` or ISO 8601 (`T`, optional zone). */
export function isDateTime(s: string): boolean {
  if (isDate(s)) return true
  const m = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(s)
  return m !== null && isDate(m[1]!)
}

interface Compiled { input: ValidateFunction; stored: ValidateFunction }
/**
 * Compiled validators per collection record. A schema change replaces the record (records
 * are never mutated in place), so the record itself is the cache key: one compile per
 * collection revision, and old ones are collected with their record.
 */
const cache = new WeakMap<Collection, Compiled>()

function compiled(collection: Collection): Compiled {
  let c = cache.get(collection)
  if (!c) {
    c = { input: ajv.compile(collectionSchema(collection, 'input')), stored: ajv.compile(collectionSchema(collection, 'stored')) }
    cache.set(collection, c)
  }
  return c
}

/**
 * Runs the compiled JSON Schema over `values` and returns every problem at once, with the
 * hosted service's messages (or the field's own `validations.<rule>.message`).
 * `onlyRequired`: when given, `required` problems count only for these top-level keys (PATCH).
 */
export function validateValues(collection: Collection, values: Record<string, unknown>, mode: SchemaMode, onlyRequired?: ReadonlySet<string>): FieldErrors {
  const validate = compiled(collection)[mode]
  if (validate(values)) return {}
  const errors: FieldErrors = {}
  for (const error of validate.errors ?? []) {
    const mapped = mapError(collection, error, mode)
    if (!mapped) continue
    if (onlyRequired && error.keyword === 'required' && error.instancePath === '' && !onlyRequired.has(mapped.top)) continue
    add(errors, mapped.key, mapped.message)
  }
  return errors
}

export function add(errors: FieldErrors, key: string, message: string): void {
  const list = (errors[key] ??= [])
  if (!list.includes(message)) list.push(message)
}

function mapError(collection: Collection, error: ErrorObject, mode: SchemaMode): { key: string; message: string; top: string } | null {
  const segs = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
  if (error.keyword === 'required') segs.push(String((error.params as { missingProperty: string }).missingProperty))
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty: string }).additionalProperty)
    const owner = segs.length === 0 ? collection.name : resolve(collection.fields, segs)?.field.label ?? collection.name
    segs.push(extra)
    return { key: `data.${segs.join('.')}`, message: `Unknown field "${extra}": ${owner} has no field with this name.`, top: segs[0]! }
  }
  // `type` errors on a union (relation single) and `format` on the array branch repeat one another.
  if (error.keyword === 'if' || error.keyword === 'anyOf') return null
  const found = resolve(collection.fields, segs)
  if (!found) return null
  return { key: `data.${segs.join('.')}`, message: fieldMessage(found.field, error, mode, found.inItem), top: segs[0]! }
}

/** The field a JSON path points into, following groups and repeatable items. */
function resolve(fields: Field[], segs: string[]): { field: Field; inItem: boolean } | null {
  let field = fields.find((f) => f.name === segs[0])
  if (!field) return null
  let inItem = false
  let i = 1
  while (i < segs.length) {
    const seg = segs[i]!
    if (/^\d+$/.test(seg) && (field.options.repeatable || isMultiRef(field) || field.options.enumeration?.multiple)) { i++; inItem = true; continue }
    if (field.type === 'group') {
      const child: Field | undefined = (field.children ?? []).find((c) => c.name === seg)
      if (!child) return { field, inItem }
      field = child
      inItem = false
      i++
      continue
    }
    if (isRepeatableScalar(field) && seg === 'value') { i++; continue }
    break
  }
  return { field, inItem }
}
