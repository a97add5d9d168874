import type { Page } from '../../../core/types.ts'
import type { BulkDeleted, BulkWritten, Done, EntryData, EntryDiscarded, EntryPublished, EntryRestored, TranslationLinked } from '../../../service/entries/entry-answers.ts'
import type { BulkCreateInput, BulkDeleteInput, BulkUpdateInput, ForceInput, EntryWriteInput, LinkTranslationInput, VersionLabelInput } from '../../../service/entries/entry-inputs.ts'
import type { EntryJson } from '../../../service/entries/view.ts'
import type { VersionDetail, VersionOutput, VersionReverted } from '../../../service/entries/versions.ts'

/**
 * The entry routes (`/{collection}...`). The OpenAPI document describes them once per collection:
 * each `Cms.EntryJson` in these schemas becomes that collection's `<Collection>Entry`, whose
 * `fields` are its own (codegen/openapi.ts).
 */
export interface EntryAnswers {
  /** Entries of a collection: all of them (an array), a page with `paginate`, `{count}` with `count=1`, or one entry (a singleton, or with `first=1`). */
  EntryList: EntryJson[] | Page<EntryJson> | { count: number } | EntryJson | { data: EntryJson }
  /** One entry. */
  Entry: EntryData
  EntryPublished: EntryPublished
  EntryDiscarded: EntryDiscarded
  EntryRestored: EntryRestored
  /** A change that answers only its message (unpublish, delete). */
  Done: Done
  BulkWritten: BulkWritten
  BulkDeleted: BulkDeleted
  TranslationLinked: TranslationLinked
  /** An entry's versions, newest first. */
  EntryVersions: VersionOutput[]
  /** One version with its snapshot. */
  EntryVersion: VersionDetail
  /** A version labelled or described. */
  EntryVersionLabelled: VersionOutput
  /** An old version published again as a new one. */
  EntryVersionReverted: VersionReverted
}

export interface EntryInputs {
  EntryWriteInput: EntryWriteInput
  ForceInput: ForceInput
  BulkCreateInput: BulkCreateInput
  BulkUpdateInput: BulkUpdateInput
  BulkDeleteInput: BulkDeleteInput
  LinkTranslationInput: LinkTranslationInput
  VersionLabelInput: VersionLabelInput
}
