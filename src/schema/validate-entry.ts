import type { Collection, FieldValues } from '../core/types.ts'

/**
 * Problems of an entry's STORED field values against its collection schema (types,
 * required, charcount, enumerations, unknown keys), keyed `data.<field>` like the API's 422.
 * Shared by the write path and `cms validate`. The writing issue implements it.
 */
export function checkStoredFields(collection: Collection, values: FieldValues): Record<string, string[]> {
  void collection
  void values
  return {}
}
