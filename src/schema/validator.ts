import type { ErrorObject, ValidateFunction } from 'ajv'
import { ajv } from './ajv.ts'
import type { Collection, Field } from '../core/types.ts'
import { collectionSchema, isMultiRef, isRepeatableScalar, type SchemaMode } from './json-schema.ts'
import { fieldMessage } from './messages.ts'
import { add, type FieldErrors } from './field-errors.ts'


type Compiled = Partial<Record<SchemaMode, ValidateFunction>>
/**
 * Compiled validators per collection record. A schema change replaces the record (records
 * are never mutated in place), so the record itself is the cache key: one compile per
 * collection revision and mode (a write needs `input`, `cms validate` `stored`), and old
 * ones are collected with their record.
 */
const cache = new WeakMap<Collection, Compiled>()

function compiled(collection: Collection, mode: SchemaMode): ValidateFunction {
  let c = cache.get(collection)
  if (!c) cache.set(collection, (c = {}))
  return (c[mode] ??= ajv.compile(collectionSchema(collection, mode)))
}

/**
 * Runs the compiled JSON Schema over `values` and returns every problem at once, with the
 * hosted service's messages (or the field's own `validations.<rule>.message`).
 * `onlyRequired`: when given, `required` problems count only for these top-level keys (PATCH).
 */
export function validateValues(collection: Collection, values: Record<string, unknown>, mode: SchemaMode, onlyRequired?: ReadonlySet<string>): FieldErrors {
  const validate = compiled(collection, mode)
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
