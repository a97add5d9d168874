import { useQuery } from '@tanstack/react-query'
import { api } from '../api.ts'
import type { SearchHit } from '../../../src/service/entries/search.ts'
import type { TranslationGaps } from '../../../src/query/translation-gaps.ts'
import type { EntryGaps } from '../../../src/service/entries/translation-entries.ts'

export type { SearchHit }

/** `GET /_search` (docs/search.md): drafts included, as everywhere in the editor. */
export function useGlobalSearch(q: string) {
  return useQuery({
    queryKey: ['global-search', q],
    enabled: q.trim().length > 0,
    queryFn: async ({ signal }) => (await api.get<{ data: SearchHit[] }>('/_search', { query: new URLSearchParams({ q, state: 'draft', limit: '8' }), signal })).data.data,
  })
}

/**
 * Home's completeness per locale: `GET /_translations?summary=true`, the counts alone (not every
 * gap of a large project). Drafts count as present: the editor shows what is still to write.
 */
export function useTranslationCounts() {
  return useQuery({
    queryKey: ['overview', 'translations'],
    queryFn: async ({ signal }) => (await api.get<Pick<TranslationGaps, 'locales'>>('/_translations', { query: new URLSearchParams({ state: 'draft', summary: 'true' }), signal })).data.locales,
  })
}

/**
 * The locales each of these entries' translation groups is missing (`GET /_translations?entries=`):
 * one request for a list page or a form, answered from the server's group lookups. Keyed under
 * the collection's entries, so a change to the collection refreshes it.
 */
export function useMissingLocales(collection: string, uuids: string[], enabled = true) {
  const key = [...uuids].sort().join(',')
  return useQuery({
    queryKey: ['entries', collection, 'missing-locales', key],
    enabled: enabled && uuids.length > 0,
    queryFn: async ({ signal }) => (await api.get<EntryGaps>('/_translations', { query: new URLSearchParams({ state: 'draft', collections: collection, entries: key }), signal })).data.entries,
  })
}
