import { useQuery } from '@tanstack/react-query'
import { ADMIN_API, api } from '../../api.ts'
import type { Asset, Paginated } from '../../types.ts'
import type { AssetUsage as AssetUsageAnswer, AssetUser } from '../../../../src/service/project/overview.ts'

/** The library reads the full asset answer (extension, sha256, stored name): the one asset shape. */
export type LibraryAsset = Asset

/** An entry using an asset (service/project/overview.ts); `title` null when the entry has none. */
export type AssetUsage = AssetUser

export const METADATA_KEYS = ['alt_text', 'title', 'caption', 'description', 'author', 'copyright'] as const
export type MetadataKey = (typeof METADATA_KEYS)[number]
export const METADATA_LABELS: Record<MetadataKey, string> = {
  alt_text: 'Alt text', title: 'Title', caption: 'Caption', description: 'Description', author: 'Author', copyright: 'Copyright',
}

const PAGE_SIZE = 24

/** `type` is a kind of file, or `trash` for the files in the trash. */
export function useAssets(search: string, type: string, page: number) {
  return useQuery({
    queryKey: ['assets', 'library', search, type, page],
    queryFn: async () => (await api.get<Paginated<LibraryAsset>>('/files', {
      query: type === 'trash' ? { search, trashed: 'only', paginate: PAGE_SIZE, page } : { search, type, paginate: PAGE_SIZE, page },
    })).data,
    placeholderData: (previous) => previous,
  })
}

export function useAsset(uuid: string | null) {
  return useQuery({
    queryKey: ['assets', 'one', uuid],
    enabled: uuid !== null,
    queryFn: async () => (await api.get<LibraryAsset>(`/files/${encodeURIComponent(uuid!)}`)).data,
  })
}

/** Entries whose draft or published values reference the asset (the editor's usage endpoint). */
export function useAssetUsage(uuid: string | null) {
  return useQuery({
    queryKey: ['assets', 'usage', uuid],
    enabled: uuid !== null,
    queryFn: async () => (await api.get<AssetUsageAnswer>(`${ADMIN_API}/assets/${encodeURIComponent(uuid!)}/usage`)).data.data,
  })
}

/** "image/png · 24 KB · 800 × 600" */
export function assetSummary(a: LibraryAsset): string {
  const parts = [a.extension ? a.extension.toUpperCase() : a.mime_type, a.size]
  if (a.metadata?.width && a.metadata?.height) parts.push(`${a.metadata.width} × ${a.metadata.height}`)
  return parts.filter(Boolean).join(' · ')
}
