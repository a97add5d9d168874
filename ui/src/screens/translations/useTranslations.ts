import { useQuery } from '@tanstack/react-query'
import { ApiError, api, entryPath } from '../../api.ts'
import type { Entry } from '../../types.ts'

/**
 * The entries of this entry's translation group, one per locale (absent locales are null).
 * The API answers a translation by `translation_locale`; a 404 means there is none yet.
 */
export function useTranslations(slug: string, uuid: string, locales: string[], own: Entry | undefined) {
  return useQuery({
    queryKey: ['entries', slug, 'translations', uuid, locales.join(',')],
    enabled: Boolean(own),
    queryFn: async () => {
      const out: Record<string, Entry | null> = {}
      await Promise.all(locales.map(async (locale) => {
        if (own && locale === own.locale) { out[locale] = own; return }
        try {
          out[locale] = (await api.get<{ data: Entry }>(entryPath(slug, uuid), { query: { state: 'draft', translation_locale: locale } })).data.data
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) out[locale] = null
          else throw err
        }
      }))
      return out
    },
  })
}

const names = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(undefined, { type: 'language' }) : null

/** "French (fr)": the language's name where the browser knows it. */
export function localeName(locale: string): string {
  try {
    const name = names?.of(locale)
    return name && name !== locale ? `${name} (${locale})` : locale
  } catch {
    return locale
  }
}
