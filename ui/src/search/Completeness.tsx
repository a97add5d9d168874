import { useTranslationGaps } from './searchApi.ts'

/** Home: per language, how many entries (translation groups) have a version in it. */
export function Completeness({ locales }: { locales: string[] }) {
  const gaps = useTranslationGaps()
  if (locales.length < 2 || !gaps.data) return null
  return (
    <section aria-labelledby="h-translations">
      <h2 id="h-translations">Translations</h2>
      <ul className="completeness">
        {locales.map((locale) => {
          const c = gaps.data.locales[locale]
          if (!c) return null
          const share = c.total === 0 ? 100 : Math.floor((c.present / c.total) * 100)
          return (
            <li key={locale}>
              <span className="badge badge-locale">{locale}</span> {c.present.toLocaleString()} of {c.total.toLocaleString()} translated ({share}%)
              <progress value={c.present} max={Math.max(1, c.total)} aria-label={`${locale}: ${share}% translated`} />
            </li>
          )
        })}
      </ul>
    </section>
  )
}
