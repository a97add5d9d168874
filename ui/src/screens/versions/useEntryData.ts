import { useQuery } from '@tanstack/react-query'
import { api, entryPath } from '../../api.ts'
import type { VersionDetail as VersionDetailAnswer, VersionOutput } from '../../../../src/service/entries/versions.ts'
import type { Entry } from '../../types.ts'

/** A version as `/{collection}/{uuid}/versions` answers it (service/entries/versions.ts). */
export type VersionSummary = VersionOutput
/** One version with its snapshot (`/versions/{n}`). */
export type VersionDetail = VersionDetailAnswer

/** The entry's live draft (what the next publish would show). Keys start with ['entries', slug] so live events refresh them. */
export function useDraft(slug: string, uuid: string) {
  const q = useQuery({
    queryKey: ['entries', slug, 'draft-with-etag', uuid],
    queryFn: async () => {
      const { data, etag } = await api.get<{ data: Entry }>(entryPath(slug, uuid), { query: { state: 'draft' } })
      return { entry: data.data, etag }
    },
  })
  /** `etag` goes back as If-Match on writes, so a change made meanwhile is a 412, never overwritten. */
  return { ...q, data: q.data?.entry, etag: q.data?.etag ?? null }
}

export function useVersions(slug: string, uuid: string) {
  return useQuery({
    queryKey: ['entries', slug, 'versions', uuid],
    queryFn: async () => (await api.get<VersionSummary[]>(entryPath(slug, uuid, 'versions'))).data,
  })
}

export function useVersion(slug: string, uuid: string, n: number | null) {
  return useQuery({
    queryKey: ['entries', slug, 'versions', uuid, n],
    queryFn: async () => (await api.get<VersionDetail>(entryPath(slug, uuid, `versions/${n}`))).data,
    enabled: n !== null,
  })
}

export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return ''
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}
