import { languageName } from './languageName.ts'
import { useTranslationCounts } from './searchApi.ts'

/** Home: per language, how many entries (translation groups) have a version in it ("German: 41 of 45 translated"). */
export function Completeness({ locales }: { locales: string[] }) {
  const counts = useTranslationCounts()
  if (locales.length < 2 || !counts.data) return null
  return (
    <section aria-labelledby="h-translations">
      <h2 id="h-translations">Translations</h2>
      <ul className="completeness" data-testid="completeness">
        {locales.map((locale) => {
          const c = counts.data[locale]
          if (!c) return null
          const share = c.total === 0 ? 100 : Math.floor((c.present / c.total) * 100)
          return (
            <li key={locale} data-locale={locale}>
              <span className="completeness-text"><strong>{languageName(locale)}</strong>: {c.present.toLocaleString('en')} of {c.total.toLocaleString('en')} translated</span>
              <progress value={c.present} max={Math.max(1, c.total)} aria-label={`${languageName(locale)}: ${share}% translated`} />
              <span className="muted">{share}%</span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
