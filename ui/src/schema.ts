import { useQuery } from '@tanstack/react-query'
import { api } from './api.ts'
import type { Collection, Field, ProjectSchema } from './types.ts'

/** The project with every collection and its fields; refreshed by the `schema` event. */
export function useSchema() {
  return useQuery({
    queryKey: ['schema'],
    queryFn: async () => (await api.get<ProjectSchema>('/', { query: { with: 'collections,fields' } })).data,
    staleTime: 60_000,
  })
}

export function useCollection(slug: string | undefined): { collection: Collection | undefined; isLoading: boolean; error: unknown } {
  const q = useSchema()
  return { collection: q.data?.collections.find((c) => c.slug === slug), isLoading: q.isLoading, error: q.error }
}

/** Fields a list shows as columns (the schema's `hideInContentList` hides one). */
export function listColumns(collection: Collection): Field[] {
  return collection.fields.filter((f) => !f.options?.hideInContentList && !f.options?.hiddenInAPI && f.type !== 'password' && f.type !== 'group' && f.type !== 'json' && f.type !== 'richtext')
}

/** The field whose value names an entry (first text-like field). */
export function titleField(collection: Collection): Field | undefined {
  return collection.fields.find((f) => (f.type === 'text' || f.type === 'slug' || f.type === 'email') && !f.options?.repeatable && !f.options?.hiddenInAPI)
}

/**
 * What one entry of a collection is called ("New article", not "New Articles entry"): the
 * schema's `singular_name` when it has one, else the name made singular by the common English
 * endings, lower-cased after the first word unless it looks like a proper noun.
 */
export function singularName(collection: Pick<Collection, 'name'> & { singular_name?: string | null }): string {
  if (collection.singular_name) return collection.singular_name
  return singularize(collection.name)
}

export function singularize(name: string): string {
  const words = name.split(' ')
  const last = words.pop() ?? ''
  const lower = last.toLowerCase()
  let one = last
  if (/[^aeiou]ies$/.test(lower)) one = `${last.slice(0, -3)}y`
  else if (/(ss|sh|ch|x|z)es$/.test(lower)) one = last.slice(0, -2)
  else if (/[^s]s$/.test(lower)) one = last.slice(0, -1)
  return [...words, one].join(' ')
}

/** "1 entry", "3 entries": a count with its noun in the right number. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`
}
