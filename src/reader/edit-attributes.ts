/**
 * `editAttributes(entry, field)` (docs/preview.md): the attribute the click-to-edit overlay
 * (`/_admin/overlay.js`) looks for, `data-cms-edit="<collection>/<uuid>/<field>"`. Entries the
 * typed client and the reader return are remembered with their collection, so the entry alone
 * is enough; any other object names its collection (`collection: 'posts'` or `{slug}`), or the
 * third argument does.
 */
const collectionOf = new WeakMap<object, string>()

/** Remembers the collection of the entries in an answer (an entry, an array, `{data}` of either). */
export function rememberCollection<T>(answer: T, slug: string): T {
  const mark = (value: unknown) => {
    if (value && typeof value === 'object' && typeof (value as { uuid?: unknown }).uuid === 'string') collectionOf.set(value, slug)
  }
  const walk = (value: unknown) => (Array.isArray(value) ? value.forEach(mark) : mark(value))
  walk(answer)
  if (answer && typeof answer === 'object' && 'data' in answer) walk((answer as { data: unknown }).data)
  return answer
}

export function editAttributes(entry: { uuid: string; collection?: string | { slug: string } }, field: string, collection?: string): { 'data-cms-edit': string } {
  const named = typeof entry.collection === 'string' ? entry.collection : entry.collection?.slug
  const slug = collection ?? collectionOf.get(entry) ?? named
  if (!slug) throw new TypeError('editAttributes: this entry does not say its collection; pass it: editAttributes(entry, field, "posts").')
  if (typeof entry.uuid !== 'string' || !field) throw new TypeError('editAttributes needs an entry with its uuid and a field name.')
  return { 'data-cms-edit': `${slug}/${entry.uuid}/${field}` }
}
