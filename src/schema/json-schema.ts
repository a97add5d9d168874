import type { Collection, Field } from '../core/types.ts'

/**
 * A collection schema as JSON Schema, in one of two modes:
 * - `input`: what the API accepts in `data` once normalised (see normalize.ts): repeatable
 *   scalars as `[{value}]`, relation/media as uuid or uuid[], numbers as numbers.
 * - `stored`: what an entry file holds: repeatable scalars as plain arrays, a single
 *   relation/media as one uuid string, password as its hash string.
 * Unknown keys are refused in both (`additionalProperties: false`), at every group level.
 */
export type SchemaMode = 'input' | 'stored'

export type JsonSchema = Record<string, unknown>

/** Field types that take `[{value}]` when `options.repeatable` is set. */
export function isRepeatableScalar(field: Field): boolean {
  return field.options.repeatable === true && !['group', 'enumeration', 'json', 'relation', 'media', 'password'].includes(field.type)
}

export function isMultiRef(field: Field): boolean {
  if (field.type === 'relation') return field.options.relation?.type === 2
  if (field.type === 'media') return field.options.media?.type === 2 || field.options.multiple === true
  return false
}

const isRequired = (field: Field): boolean => field.validations?.required?.status === true

export function collectionSchema(collection: Collection, mode: SchemaMode): JsonSchema {
  return objectSchema(collection.fields, mode)
}

function objectSchema(fields: Field[], mode: SchemaMode): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const field of fields) {
    properties[field.name] = fieldSchema(field, mode)
    if (isRequired(field)) required.push(field.name)
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false }
}

function fieldSchema(field: Field, mode: SchemaMode): JsonSchema {
  if (field.type === 'group') {
    const one = objectSchema(field.children ?? [], mode)
    return field.options.repeatable ? { type: 'array', items: one } : one
  }
  if (field.type === 'relation' || field.type === 'media') {
    const ref = { type: 'string', format: 'uuid' }
    if (isMultiRef(field)) return { type: 'array', items: ref, ...countLimits(field, 'items') }
    // Input may name a single reference as a one-element array, as the hosted service accepts.
    return mode === 'input' ? { type: ['string', 'array'], format: 'uuid', items: ref, maxItems: 1 } : ref
  }
  const scalar = scalarSchema(field, mode)
  if (isRepeatableScalar(field)) {
    if (mode === 'stored') return { type: 'array', items: scalar }
    return { type: 'array', items: { type: 'object', properties: { value: scalar }, required: ['value'], additionalProperties: false } }
  }
  return scalar
}

const COLOR = '^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|(rgb|rgba|hsl|hsla)\\([^()]*\\)|[a-zA-Z]+)$'
const TIME = '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?$'
const SLUG = '^[^\\s/?#]+$'

function scalarSchema(field: Field, mode: SchemaMode): JsonSchema {
  switch (field.type) {
    case 'text': case 'longtext': return { type: 'string', ...countLimits(field, 'string') }
    // Written values only: stored content is read as it is (a hand edit is the author's call).
    case 'richtext': return { type: ['string', 'object'], ...(mode === 'input' ? { format: 'cms-richtext' } : {}), ...countLimits(field, 'string') }
    case 'slug': return { type: 'string', pattern: SLUG, ...countLimits(field, 'string') }
    case 'email': return { type: 'string', format: 'email', ...countLimits(field, 'string') }
    // Stored passwords are hashes: the character count applies to the plaintext only.
    case 'password': return mode === 'stored' ? { type: 'string' } : { type: 'string', ...countLimits(field, 'string') }
    case 'color': return { type: 'string', pattern: COLOR }
    case 'time': return { type: 'string', pattern: TIME }
    case 'number': return { type: 'number', ...countLimits(field, 'number') }
    case 'boolean': return { type: 'boolean' }
    case 'json': return {}
    case 'enumeration': {
      const list = (field.options.enumeration?.list ?? []).map((v) => (v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v))
      const one: JsonSchema = list.length > 0 ? { enum: list } : { type: ['string', 'number', 'boolean'] }
      return field.options.enumeration?.multiple ? { type: 'array', items: one, ...countLimits(field, 'items') } : one
    }
    // `datetime` (the hosted service's v4 schemas) is `date` with `includeTime` always on.
    case 'date': case 'datetime': {
      const one = { type: 'string', format: field.type === 'datetime' || field.options.includeTime ? 'cms-datetime' : 'cms-date' }
      if (field.options.mode !== 'range') return one
      return { type: 'object', properties: { start: one, end: one }, required: ['start', 'end'], additionalProperties: false }
    }
    default: return {}
  }
}

/** `validations.charcount` as string length, numeric range or item count. */
function countLimits(field: Field, kind: 'string' | 'number' | 'items'): JsonSchema {
  const c = field.validations?.charcount
  if (!c?.status) return {}
  const type = c.type ?? 'Between'
  const min = typeof c.min === 'number' && (type === 'Between' || type === 'Min') ? c.min : null
  const max = typeof c.max === 'number' && (type === 'Between' || type === 'Max') ? c.max : null
  const [lo, hi] = kind === 'string' ? ['minLength', 'maxLength'] : kind === 'number' ? ['minimum', 'maximum'] : ['minItems', 'maxItems']
  return { ...(min !== null ? { [lo]: min } : {}), ...(max !== null ? { [hi]: max } : {}) }
}
