import { useQuery } from '@tanstack/react-query'
import { api } from './api.ts'
import type { Collection, Field, ProjectInfo } from './types.ts'

export interface ProjectSchema extends ProjectInfo {
  collections: Collection[]
}

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
