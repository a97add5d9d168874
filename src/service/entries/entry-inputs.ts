import type { FieldValues } from '../../core/types.ts'

/**
 * What the entry routes take in their JSON bodies (server/http/answers/entries.ts names them for
 * the OpenAPI document). The services check a body themselves, with errors keyed by the field.
 */

/** An entry to create, or the values to replace (PUT) or merge (PATCH). */
export interface EntryWriteInput {
  /** Field values by name (relations and media as uuids). */
  data: FieldValues
  /** `published` also publishes; `status` is what older (v3) clients send. */
  state?: 'draft' | 'published'
  status?: 'draft' | 'published'
  locale?: string
}

/** Entries to create in bulk, all or nothing (at most 1,000). */
export interface BulkCreateInput { items: EntryWriteInput[] }

/** Entries to update in bulk (their values are merged), all or nothing. */
export interface BulkUpdateInput { items: Array<EntryWriteInput & { uuid: string }> }

/** Entries to delete in bulk: to the trash, or for good with `force`. */
export interface BulkDeleteInput { uuids: string[]; force?: boolean | 0 | 1 | '0' | '1' | 'true' | 'false' }

/** The entry to join this entry's translation group. */
export interface LinkTranslationInput { translation_entry_uuid: string }

/** A version's label and description (null clears one). */
export interface VersionLabelInput { label?: string | null; description?: string | null }

/** A delete that may say `force` in its body as well as in the query (an entry for good; a locale still in use). */
export interface ForceInput { force?: boolean | 0 | 1 | string }
