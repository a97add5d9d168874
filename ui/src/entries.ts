import { useQuery, keepPreviousData } from '@tanstack/react-query'
import { api, entryPath } from './api.ts'
import type { Collection, Entry, Paginated } from './types.ts'
import { differs } from './values.ts'

export type EntryState = 'draft' | 'published' | 'changed'

export interface ListParams {
  locale?: string
  search?: string
  sort?: string
  page: number
  perPage: number
  /** where[...] parameters, already in query-string form. */
  where: Array<[string, string]>
}

export interface ListRow { entry: Entry; state: EntryState }

/**
 * One page of entries (drafts, so new entries show), and the published snapshots of the same
 * rows in one more request, to tell draft / published / published with changes apart. Only the
 * page is fetched, whatever the collection's size.
 */
export function useEntryList(collection: Collection | undefined, params: ListParams) {
  return useQuery({
    queryKey: ['entries', collection?.slug, 'list', params],
    enabled: Boolean(collection),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const c = collection!
      const query = new URLSearchParams()
      query.set('state', 'draft')
      query.set('paginate', String(params.perPage))
      query.set('page', String(params.page))
      query.set('timestamps', '1')
      if (params.locale) query.set('locale', params.locale)
      if (params.sort) query.set('sort', params.sort)
      if (params.search) query.set('search', params.search)
      for (const [k, v] of params.where) query.append(k, v)
      const { data: page } = await api.get<Paginated<Entry>>(entryPath(c.slug), { query, signal })
      const rows = await withStates(c, page.data, signal)
      return { rows, meta: page.meta }
    },
  })
}

export async function withStates(c: Collection, entries: Entry[], signal?: AbortSignal): Promise<ListRow[]> {
  const published = new Map<string, Entry>()
  const uuids = entries.filter((e) => e.published_at).map((e) => e.uuid)
  if (uuids.length) {
    const q = new URLSearchParams({ state: 'published', paginate: String(uuids.length), 'where[uuid][in]': uuids.join(',') })
    const { data } = await api.get<Paginated<Entry>>(entryPath(c.slug), { query: q, signal })
    for (const e of data.data) published.set(e.uuid, e)
  }
  return entries.map((entry) => {
    const pub = published.get(entry.uuid)
    const state: EntryState = !pub ? 'draft' : differs(c, entry.fields, pub.fields) ? 'changed' : 'published'
    return { entry, state }
  })
}

export function StateLabel(state: EntryState): string {
  return state === 'draft' ? 'Draft' : state === 'published' ? 'Published' : 'Published, changed'
}
