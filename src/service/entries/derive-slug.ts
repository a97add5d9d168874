import type { Collection, Field } from '../../core/types.ts'

/**
 * A `slug` field whose `options.slug.field` names a source field takes its value from that
 * field when a create does not give one (as the hosted service's editor fills it in):
 * `{"title": "Hello, World"}` gets `slug: "hello-world"`. When the field must be unique and
 * that slug is taken, `-2`, `-3`, ... is added (a person who gave no slug asked for none in
 * particular); a slug given in the request is never changed.
 */
export function withDerivedSlugs(collection: Collection, data: unknown, taken: (field: Field, slug: string) => boolean = () => false): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data
  const values = data as Record<string, unknown>
  let out: Record<string, unknown> | null = null
  for (const field of collection.fields) {
    if (field.type !== 'slug') continue
    const given = values[field.name]
    if (given !== undefined && given !== null && given !== '') continue
    const source = (field.options.slug as { field?: unknown } | undefined)?.field
    if (typeof source !== 'string' || source === '') continue
    const text = values[source]
    if (typeof text !== 'string') continue
    const base = slugify(text)
    if (base === '') continue
    let slug = base
    for (let n = 2; field.validations?.unique?.status && taken(field, slug) && n < 1000; n++) slug = `${base}-${n}`
    out ??= { ...values }
    out[field.name] = slug
  }
  return out ?? data
}

/** Laravel's `Str::slug`: ASCII-folded, lower case, runs of anything else become one dash. */
function slugify(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 200)
}
