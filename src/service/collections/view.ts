import type { Collection, Field, Project } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'

/** Wire shapes of the project and its collections, as the hosted service answers them. */

/** A field as the schema routes answer it: the record with its position among its siblings, a group's children likewise. */
export interface FieldView extends Omit<Field, 'children'> {
  /** Position among its siblings, from 0. */
  order: number
  /** A group's child fields (groups only). */
  children?: FieldView[]
}

/** A field just added or changed: the field with its group (`parent_field_id`, null at the top level). */
export interface FieldWithParent extends FieldView {
  /** The uuid of the group it is in; null for a top-level field. */
  parent_field_id: string | null
}

/** A collection as `GET /collections` lists it: without its fields or its list position. */
export interface CollectionSummary extends Pick<Collection, 'uuid' | 'name' | 'slug' | 'singular_name' | 'is_singleton' | 'created_at' | 'updated_at' | 'workflow'> {}

/** A collection with its fields, in order (`GET /collections/:slug`). */
export interface CollectionWithFields extends CollectionSummary {
  fields: FieldView[]
}

/** The project as `GET /` answers it; `collections` only when asked for (`?with=collections` or `?with=fields`). */
export interface ProjectInfo extends Pick<Project, 'uuid' | 'name' | 'description' | 'default_locale' | 'locales' | 'api'> {
  /** The site's preview address template, or null (docs/preview.md). */
  preview_url: string | null
  /** Every collection in order: summaries with `?with=collections`, each with its fields with `?with=fields`. */
  collections?: CollectionSummary[] | CollectionWithFields[]
}

export function projectInfo(store: ContentStore, include: { collections?: boolean; fields?: boolean } = {}): ProjectInfo {
  const p = store.project
  const out: ProjectInfo = {
    uuid: p.uuid, name: p.name, description: p.description, preview_url: p.preview_url ?? null,
    default_locale: p.default_locale, locales: p.locales, api: p.api,
  }
  if (include.collections) {
    const collections = store.sortedCollections()
    out.collections = include.fields ? collections.map(collectionWithFields) : collections.map(collectionSummary)
  }
  return out
}

/** `GET /?with=collections,fields`: the `with` parameter as the route and the reader take it. */
export function projectInfoWith(store: ContentStore, withParam: string): ProjectInfo {
  const parts = new Set(withParam.split(',').map((s) => s.trim()))
  return projectInfo(store, { collections: parts.has('collections') || parts.has('fields'), fields: parts.has('fields') })
}

export function collectionSummary(c: Collection): CollectionSummary {
  return { uuid: c.uuid, name: c.name, slug: c.slug, ...(c.singular_name ? { singular_name: c.singular_name } : {}), is_singleton: c.is_singleton, created_at: c.created_at, updated_at: c.updated_at, ...(c.workflow ? { workflow: c.workflow } : {}) }
}

export function collectionWithFields(c: Collection): CollectionWithFields {
  return { ...collectionSummary(c), fields: c.fields.map((f, i) => fieldView(f, i)) }
}

export function fieldView(f: Field, order = 0): FieldView {
  const out: FieldView = {
    uuid: f.uuid, type: f.type, label: f.label, name: f.name, description: f.description,
    placeholder: f.placeholder, options: f.options, validations: f.validations, order,
  }
  if (f.type === 'group') out.children = (f.children ?? []).map((c, i) => fieldView(c, i))
  return out
}
