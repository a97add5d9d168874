import type { Collection, Field } from './types.ts'

/**
 * Converting between what the API reads (relations and media expanded to objects, repeatables
 * as plain arrays) and what the form edits and writes (uuids, `[{value}]` accepted as plain
 * arrays). The form keeps values in the write form, so what is saved is what was shown.
 */

export type Values = Record<string, unknown>

function refUuid(v: unknown): string | null {
  if (typeof v === 'string') return v
  if (v && typeof v === 'object' && typeof (v as { uuid?: unknown }).uuid === 'string') return (v as { uuid: string }).uuid
  return null
}

export function isMultiple(field: Field): boolean {
  if (field.type === 'relation') return field.options?.relation?.type === 2 || Boolean(field.options?.multiple)
  if (field.type === 'media') return field.options?.media?.type === 2 || Boolean(field.options?.multiple)
  if (field.type === 'enumeration') return Boolean(field.options?.enumeration?.multiple ?? field.options?.multiple)
  return false
}

export function isRepeatable(field: Field): boolean {
  return Boolean(field.options?.repeatable)
}

/** One field's read value → its form value. */
function fieldToForm(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return emptyValue(field)
  switch (field.type) {
    case 'relation':
    case 'media': {
      const list = (Array.isArray(value) ? value : [value]).map(refUuid).filter((u): u is string => Boolean(u))
      return isMultiple(field) ? list : (list[0] ?? null)
    }
    case 'enumeration': {
      const list = Array.isArray(value) ? value : [value]
      return isMultiple(field) ? list.map(String) : (list[0] === undefined ? '' : String(list[0]))
    }
    case 'group': {
      const children = field.children ?? []
      if (isRepeatable(field)) return (Array.isArray(value) ? value : []).map((item) => valuesToForm(children, item as Values))
      return valuesToForm(children, value as Values)
    }
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value, null, 2)
    case 'password':
      return ''
    case 'date':
      if (field.options?.mode === 'range' && value && typeof value === 'object') return value
      return String(value)
    case 'boolean':
      return Boolean(value)
    case 'number':
      return isRepeatable(field) ? (value as unknown[]).map(String) : String(value)
    default:
      if (isRepeatable(field)) return (Array.isArray(value) ? value : [value]).map((v) => String(v ?? ''))
      return typeof value === 'string' ? value : String(value)
  }
}

export function emptyValue(field: Field): unknown {
  if (field.type === 'group') return isRepeatable(field) ? [] : valuesToForm(field.children ?? [], {})
  if (field.type === 'boolean') return false
  if (field.type === 'date' && field.options?.mode === 'range') return { start: '', end: '' }
  if (isRepeatable(field)) return []
  if ((field.type === 'relation' || field.type === 'media') ) return isMultiple(field) ? [] : null
  if (field.type === 'enumeration') return isMultiple(field) ? [] : ''
  return ''
}

export function valuesToForm(fields: Field[], values: Values | null | undefined): Values {
  const out: Values = {}
  for (const f of fields) out[f.name] = fieldToForm(f, values?.[f.name])
  return out
}

/** JSON field text that does not parse: kept as text in the form, refused before saving. */
export function jsonError(text: string): string | null {
  if (!text.trim()) return null
  try { JSON.parse(text); return null } catch (err) { return (err as Error).message }
}

/** One field's form value → the value the API takes (`undefined` = leave out). */
export function fieldToWrite(field: Field, value: unknown): unknown {
  switch (field.type) {
    case 'group': {
      const children = field.children ?? []
      if (isRepeatable(field)) return (value as Values[] ?? []).map((item) => formToWrite(children, item, { keepEmpty: false }))
      const v = formToWrite(children, value as Values, { keepEmpty: false })
      return Object.keys(v).length ? v : null
    }
    case 'json': {
      const text = String(value ?? '')
      if (!text.trim()) return null
      try { return JSON.parse(text) } catch { return text }
    }
    case 'password':
      return value ? value : undefined // empty keeps the stored hash
    case 'number':
      if (isRepeatable(field)) return (value as string[]).filter((s) => s !== '').map((s) => (Number.isNaN(Number(s)) ? s : Number(s)))
      return value === '' || value === null ? null : Number.isNaN(Number(value)) ? value : Number(value)
    case 'boolean':
      return Boolean(value)
    case 'date':
      if (field.options?.mode === 'range') {
        const r = value as { start?: string; end?: string } | null
        return r && (r.start || r.end) ? { start: r.start ?? '', end: r.end ?? '' } : null
      }
      return value || null
    default:
      if (Array.isArray(value)) return value.filter((v) => v !== '' && v !== null)
      return value === '' ? null : value
  }
}

export function formToWrite(fields: Field[], values: Values, options: { keepEmpty?: boolean } = {}): Values {
  const out: Values = {}
  for (const f of fields) {
    const v = fieldToWrite(f, values[f.name])
    if (v === undefined) continue
    const empty = v === null || v === '' || (Array.isArray(v) && v.length === 0)
    if (empty && !options.keepEmpty) continue
    out[f.name] = empty ? null : v
  }
  return out
}

/** Stable text of a value, to tell whether two are the same. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v))
}

/** Whether the draft differs from the published snapshot (both as the API reads them). */
export function differs(collection: Collection, a: Values, b: Values): boolean {
  const fields = collection.fields.filter((f) => f.type !== 'password')
  return stableKey(formToWrite(fields, valuesToForm(fields, a))) !== stableKey(formToWrite(fields, valuesToForm(fields, b)))
}
