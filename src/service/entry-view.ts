import type { Collection, EntryRecord, Field, FieldValues } from '../core/types.ts'

/** The spec's entry shape: `{uuid, locale, published_at, fields}` with hidden and password fields removed. */
export function toEntryOutput(entry: EntryRecord, collection: Collection, state: 'published' | 'draft'): Record<string, unknown> {
  const values = state === 'published' ? entry.published ?? {} : entry.fields
  return { uuid: entry.uuid, locale: entry.locale, published_at: entry.published_at, fields: visibleFields(values, collection.fields) }
}

function visibleFields(values: FieldValues, fields: Field[]): FieldValues {
  const out: FieldValues = {}
  for (const field of fields) {
    if (field.type === 'password' || field.options.hiddenInAPI) continue
    out[field.name] = values[field.name] ?? null
  }
  return out
}
