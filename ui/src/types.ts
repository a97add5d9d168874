/**
 * Shapes the editor reads from the API (see docs/api.md), taken from the server's own definitions
 * (type-only imports: nothing of src/ reaches the bundle), so a change on the server breaks the
 * editor's typecheck instead of drifting. None is written here.
 */
import type { AssetJson, Page, Project } from '../../src/core/types.ts'
import type { EntryJson } from '../../src/service/entries/view.ts'
import type { CollectionWithFields, ProjectInfo as ProjectAnswer } from '../../src/service/collections/view.ts'
import type { EditorSession } from '../../src/sessions/editor-session.ts'

export type { Ability, Field, FieldOptions, FieldType, FieldValidations } from '../../src/core/types.ts'

/** `project` in the session answer (server/admin/session-routes.ts). */
export type ProjectInfo = Pick<Project, 'uuid' | 'name' | 'default_locale' | 'locales'>

/** `GET /_admin/api/session`: the server's own type (sessions/editor-session.ts). */
export type Session = EditorSession

/** `GET /collections/{slug}` (service/collections/view.ts): the record without its list position, each field with its own. */
export type Collection = CollectionWithFields

/** `GET /?with=collections,fields` (service/collections/view.ts): the project with every collection and its fields. */
export type ProjectSchema = ProjectAnswer & { collections: Collection[] }

/** An entry as every read answers it (service/entries/view.ts); timestamps only with `timestamps`. */
export type Entry = EntryJson

/** A `?paginate=N` list answer: the server's page shape. */
export type Paginated<T> = Page<T>

/** An asset as `/files` and media fields answer it (service/assets/view.ts builds it against this type). */
export type Asset = AssetJson
