import { useQuery, keepPreviousData } from '@tanstack/react-query'
import { api } from '../api.ts'
import type { Asset, Paginated } from '../types.ts'

/**
 * The media library as a picker shows it (the media field's, the rich text's image dialog): the
 * first 48 files matching `search`, read while the picker is open; the last page stays on screen
 * while the next search loads.
 */
export function useAssetLibrary(search: string, open: boolean) {
  return useQuery({
    queryKey: ['assets', 'library', search],
    enabled: open,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => (await api.get<Paginated<Asset>>('/files', { query: { paginate: 48, search: search || undefined }, signal })).data,
  })
}
