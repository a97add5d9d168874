import type { SchemaField } from '../versions/fieldText.ts'

/**
 * Converts field values as the API reads them (relations and media expanded into objects)
 * back into what a write accepts (uuids), so a translation can start as a copy of its source.
 * Passwords and fields hidden from the API are never read, so they cannot be copied.
 */
export function toInput(fields: SchemaField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of fields) {
    if (field.type === 'password') continue
    const value = values?.[field.name]
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue
    out[field.name] = convert(field, value)
  }
  return out
}

const ref = (v: unknown): unknown => (v && typeof v === 'object' && 'uuid' in v ? (v as { uuid: string }).uuid : v)

function convert(field: SchemaField, value: unknown): unknown {
  if (field.type === 'relation' || field.type === 'media') return Array.isArray(value) ? value.map(ref) : ref(value)
  if (field.type === 'group') {
    const children = field.children ?? []
    return Array.isArray(value)
      ? value.map((item) => toInput(children, item as Record<string, unknown>))
      : toInput(children, value as Record<string, unknown>)
  }
  return value
}
