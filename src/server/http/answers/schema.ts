import type { ProjectSettingsChange, ProjectSettingsPatch, ProjectSummary } from '../../../service/project/settings.ts'
import type { CollectionSummary, CollectionWithFields, FieldWithParent, ProjectInfo } from '../../../service/collections/view.ts'
import type {
  CollectionDeleteInput, CollectionInput, CollectionUpdateInput, CollectionsReorderInput, FieldAddInput, FieldUpdateInput,
  FieldsReorderInput, LocaleInput, SchemaMessage,
} from '../../../service/collections/admin.ts'

/** The project, its collections, fields and locales (routes/project.ts, routes/schema.ts). */
export interface SchemaAnswers {
  /** The project: name, api, locales; with `?with=collections` its collections, with `?with=fields` each with its fields. */
  ProjectInfo: ProjectInfo
  /** The project's settings and counts (what `cms project show` prints). */
  ProjectSummary: ProjectSummary
  /** The project's settings after a change, and whether anything changed. */
  ProjectSettingsChange: ProjectSettingsChange
  /** Every collection in order, without its fields. */
  CollectionList: CollectionSummary[]
  /** A collection with its fields, in order. */
  Collection: CollectionWithFields
  /** A field just added or changed, with its position and its group. */
  SchemaField: FieldWithParent
  /** A reorder done. */
  SchemaReordered: SchemaMessage
}

/** What the schema routes take. */
export interface SchemaInputs {
  /** The project settings to change (any subset). */
  ProjectSettingsPatch: ProjectSettingsPatch
  /** A collection to create, with its fields. */
  CollectionInput: CollectionInput
  /** A collection's name, slug or settings to change (any subset); `force` past entries a singleton would not hold. */
  CollectionUpdateInput: CollectionUpdateInput
  /** The collection's slug again, to confirm its deletion. */
  CollectionDeleteInput: CollectionDeleteInput
  /** New positions of collections. */
  CollectionsReorderInput: CollectionsReorderInput
  /** A field to add; `force` past entries it breaks. */
  FieldAddInput: FieldAddInput
  /** What to change of a field (any subset); `force` past entries it breaks. */
  FieldUpdateInput: FieldUpdateInput
  /** New positions of fields. */
  FieldsReorderInput: FieldsReorderInput
  /** A locale code. */
  LocaleInput: LocaleInput
}
