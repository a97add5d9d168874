const names = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(['en'], { type: 'language' }) : null

/** "German" for `de`: the language's English name (the editor's words are English), else the code. */
export function languageName(locale: string): string {
  try {
    const name = names?.of(locale)
    return name && name !== locale ? name : locale
  } catch {
    return locale
  }
}

/** "German", "German or French", "German, French or Spanish": the languages an entry is not yet in. */
export function languageList(locales: string[]): string {
  const words = locales.map(languageName)
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`
}
