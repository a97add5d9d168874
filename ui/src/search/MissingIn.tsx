import { useTranslationGaps, missingLocalesOf } from './searchApi.ts'

/** "Missing in de, fr" beside an entry whose translation group has no entry in those locales. */
export function MissingIn({ collection, uuid, group, locales }: { collection: string; uuid: string; group?: string | null; locales: string[] }) {
  const gaps = useTranslationGaps(collection)
  if (locales.length < 2) return null
  const missing = missingLocalesOf(gaps.data, uuid, group ?? null)
  if (missing.length === 0) return null
  return <span className="badge badge-missing" title="No translation in these languages yet">Missing in {missing.join(', ')}</span>
}
