import { languageList, languageName } from './languageName.ts'

/** "Not yet in German" on a list row: the languages this entry's translation group has no entry in. */
export function MissingIn({ missing }: { missing: string[] | undefined }) {
  if (!missing || missing.length === 0) return null
  // More than three names do not fit a row (or a phone card): the count, every name in the tooltip.
  const text = missing.length > 3 ? `Not yet in ${missing.length} languages` : `Not yet in ${languageList(missing)}`
  return (
    <span className="badge badge-missing" data-testid="missing-in" data-locales={missing.join(',')} title={`No translation yet in ${missing.map((l) => `${languageName(l)} (${l})`).join(', ')}`}>
      {text}
    </span>
  )
}
