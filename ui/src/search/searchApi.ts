import { useQuery } from '@tanstack/react-query'
import { api } from '../api.ts'
import type { SearchHit } from '../../../src/service/entries/search.ts'
import type { TranslationGaps } from '../../../src/query/translation-gaps.ts'

export type { SearchHit, TranslationGaps }

/** `GET /_search` (docs/search.md): drafts included, as everywhere in the editor. */
export function useGlobalSearch(q: string) {
  return useQuery({
    queryKey: ['global-search', q],
    enabled: q.trim().length > 0,
    queryFn: async ({ signal }) => (await api.get<{ data: SearchHit[] }>('/_search', { query: new URLSearchParams({ q, state: 'draft', limit: '8' }), signal })).data.data,
  })
}

/** `GET /_translations` (drafts count as present: the editor shows what is still to write). */
export function useTranslationGaps(collection?: string) {
  return useQuery({
    queryKey: ['translations', collection ?? ''],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ state: 'draft' })
      if (collection) query.set('collections', collection)
      return (await api.get<TranslationGaps>('/_translations', { query, signal })).data
    },
  })
}

/** The locales an entry's translation group has no entry in (its group, or the entry alone when it has none). */
export function missingLocalesOf(gaps: TranslationGaps | undefined, uuid: string, group: string | null): string[] {
  if (!gaps) return []
  return gaps.missing.filter((m) => (group ? m.translation_group === group : m.source_uuid === uuid)).map((m) => m.locale)
}
