import type { EntryRecord, Field, FieldType } from '../../../src/core/types.ts'
import { parseListQuery, type ListQuery } from '../../../src/query/params.ts'
import { compileWhere, type SchemaInfo, type WhereEnv } from '../../../src/query/compile-where.ts'
import { compileSort, sortSignature } from '../../../src/query/sort.ts'
import { CollectionView } from '../../../src/query/view.ts'

export function f(name: string, type: FieldType, options: Field['options'] = {}, children?: Field[]): Field {
  return { uuid: `f-${name}`, type, label: name, name, description: null, placeholder: null, options, validations: {}, ...(children ? { children } : {}) }
}

let seq = 0
/** An entry; `at` (ms offset) orders creation. Published unless `published: null` is given. */
export function entry(values: Record<string, unknown>, extra: Partial<EntryRecord> & { at?: number } = {}): EntryRecord {
  const at = new Date(Date.UTC(2024, 0, 1) + (extra.at ?? seq++) * 1000).toISOString()
  const uuid = extra.uuid ?? `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`
  const published = 'published' in extra ? extra.published! : values
  return {
    uuid, locale: extra.locale ?? 'en', translation_group: null, created_at: at, updated_at: at,
    published_at: published ? at : null, published_version: published ? 1 : null, deleted_at: extra.deleted_at ?? null,
    fields: values, published,
  }
}

/** Runs a raw query string against entries the way the list service does; returns matching uuids in order. */
export function run(entries: EntryRecord[], schema: SchemaInfo, raw: string, related: Record<string, { schema: SchemaInfo; entries: EntryRecord[] }> = {}): { uuids: string[]; query: ListQuery } {
  const query = parseListQuery(raw)
  const views = new Map<string, CollectionView>()
  const viewFor = (slug: string) => {
    let v = views.get(slug)
    if (!v) views.set(slug, (v = new CollectionView(related[slug]!.entries, query.state === 'published' ? 'published' : 'draft')))
    return v
  }
  const env: WhereEnv = {
    schema,
    target: (field) => related[field.options.relation?.collection ?? '']?.schema ?? null,
    related: (slug, uuid) => viewFor(slug).get(uuid),
  }
  const where = query.where ? compileWhere(query.where, env) : null
  const sort = compileSort(query.sort, schema)
  const view = new CollectionView(entries, query.state)
  const { rows } = view.match({ locale: query.locale, where, sort, sortSignature: sortSignature(query.sort), cacheKey: null })
  return { uuids: rows.map((r) => r.entry.uuid), query }
}
