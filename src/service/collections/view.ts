import type { Collection, Field } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'

/** Wire shapes of the project and its collections, as the hosted service answers them. */

export function projectInfo(store: ContentStore, include: { collections?: boolean; fields?: boolean } = {}): Record<string, unknown> {
  const p = store.project
  const out: Record<string, unknown> = {
    uuid: p.uuid, name: p.name, description: p.description, preview_url: p.preview_url ?? null,
    default_locale: p.default_locale, locales: p.locales, api: p.api,
  }
  if (include.collections) {
    out.collections = store.sortedCollections().map((c) => (include.fields ? collectionWithFields(c) : collectionSummary(c)))
  }
  return out
}

/** `GET /?with=collections,fields`: the `with` parameter as the route and the reader take it. */
export function projectInfoWith(store: ContentStore, withParam: string): Record<string, unknown> {
  const parts = new Set(withParam.split(',').map((s) => s.trim()))
  return projectInfo(store, { collections: parts.has('collections') || parts.has('fields'), fields: parts.has('fields') })
}

export function collectionSummary(c: Collection): Record<string, unknown> {
  return { uuid: c.uuid, name: c.name, slug: c.slug, ...(c.singular_name ? { singular_name: c.singular_name } : {}), is_singleton: c.is_singleton, created_at: c.created_at, updated_at: c.updated_at, ...(c.workflow ? { workflow: c.workflow } : {}) }
}

export function collectionWithFields(c: Collection): Record<string, unknown> {
  return { ...collectionSummary(c), fields: c.fields.map((f, i) => fieldView(f, i)) }
}

export function fieldView(f: Field, order = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {
    uuid: f.uuid, type: f.type, label: f.label, name: f.name, description: f.description,
    placeholder: f.placeholder, options: f.options, validations: f.validations, order,
  }
  if (f.type === 'group') out.children = (f.children ?? []).map((c, i) => fieldView(c, i))
  return out
}
