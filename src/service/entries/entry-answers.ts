import type { EntryJson } from './view.ts'

/** What the entry routes answer (server/http/answers/entries.ts names them for the OpenAPI document). */

/** One entry, as create, update, a review move and the entry read answer it. */
export interface EntryData { data: EntryJson }

/** A draft published as the next version: that version's number and the entry as now published. */
export interface EntryPublished { message: string; version_number: number; entry: EntryJson }

/** A draft reset to the published snapshot: the entry as published. */
export interface EntryDiscarded { message: string; entry: EntryJson }

/** An entry taken out of the trash, as its draft. */
export interface EntryRestored { message: string; data: EntryJson }

/** What a change that returns nothing else says (unpublish, delete). */
export interface Done { message: string }

/** Entries created or updated in bulk, in the order of the items. */
export interface BulkWritten { message: string; data: EntryJson[] }

/** Entries deleted in bulk: how many, and whether for good (`force`) or to the trash. */
export interface BulkDeleted { message: string; count: number; force: boolean }

/** Two entries (and the groups they were in) now one translation group. */
export interface TranslationLinked { message: string; translation_group_id: string }
