import { useQueries } from '@tanstack/react-query'
import { api, entryPath } from '../../api.ts'
import type { Entry, Field } from '../../types.ts'
import { collectNames, entryTitle, type Names } from './fieldText.ts'

/**
 * Names for every reference in these values: those the reads expanded, plus the related entries
 * a version snapshot only names by uuid (fetched once each, top-level relation fields).
 */
export function useReferenceNames(fields: Field[], ...values: Array<Record<string, unknown> | undefined>): Names {
  const known = collectNames(...values)
  const missing: Array<{ collection: string; uuid: string }> = []
  for (const f of fields) {
    const target = f.type === 'relation' ? f.options?.relation?.collection : null
    if (!target) continue
    for (const v of values) {
      const raw = v?.[f.name]
      for (const ref of Array.isArray(raw) ? raw : [raw]) {
        if (typeof ref === 'string' && !known.has(ref) && !missing.some((m) => m.uuid === ref)) missing.push({ collection: target, uuid: ref })
      }
    }
  }
  const results = useQueries({
    queries: missing.slice(0, 20).map((m) => ({
      queryKey: ['entries', m.collection, 'draft', m.uuid],
      queryFn: async () => (await api.get<{ data: Entry }>(entryPath(m.collection, m.uuid), { query: { state: 'draft' } })).data.data,
      retry: false,
      staleTime: 60_000,
    })),
  })
  for (const r of results) if (r.data) known.set(r.data.uuid, entryTitle(r.data))
  return known
}
