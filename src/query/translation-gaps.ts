import type { Collection, EntryRecord, FieldValues } from '../core/types.ts'
import type { ReadState } from './params.ts'
import { runNow, slicing, type Steps } from './steps.ts'
import { visibleIn } from './view.ts'
import { searchFieldsOf, textsOf } from './search/fields.ts'

/**
 * Missing translations (docs/locales.md): per collection and locale, the translation groups
 * with no entry in that locale, and the entries whose translatable fields are empty where
 * the group's source (its default-locale entry, else its first by the project's locales) has
 * text. An entry without a translation group is a group of its own; a singleton's entries
 * are one group. Present means listed in the state (published by default; with `draft`,
 * drafts count). Pure: `cms validate --translations` and `GET /_translations` share it.
 */
export interface MissingTranslation {
  collection: string
  locale: string
  translation_group: string | null
  source_uuid: string
}

export interface EmptyTranslation {
  collection: string
  locale: string
  uuid: string
  field: string
  source_uuid: string
}

export interface TranslationGaps {
  missing: MissingTranslation[]
  empty: EmptyTranslation[]
  /** Per locale: translation groups that have an entry in it, of all groups (the editor's completeness). */
  locales: Record<string, { present: number; total: number }>
}

export interface GapsInput {
  locales: readonly string[]
  defaultLocale: string
  collections: ReadonlyArray<{ collection: Collection; entries: Iterable<EntryRecord> }>
  state: ReadState
}

/** Field types whose text is translated (slugs and structured values are not compared). */
const TRANSLATED = new Set(['text', 'longtext', 'richtext', 'markdown'])

export function translationGaps(input: GapsInput): TranslationGaps {
  return runNow(translationGapsSteps(input))
}

/**
 * The report as steps (query/steps.ts): a server runs it in slices (at 100k entries the full
 * report is most of a second: the empty-field check reads every translation's text). With
 * `countsOnly`, only `locales` is filled (the editor's Home): no gap lists, no text read.
 */
export function* translationGapsSteps({ locales, defaultLocale, collections, state }: GapsInput, countsOnly = false): Steps<TranslationGaps> {
  const missing: MissingTranslation[] = []
  const empty: EmptyTranslation[] = []
  const counts: Record<string, { present: number; total: number }> = Object.fromEntries(locales.map((l) => [l, { present: 0, total: 0 }]))
  const rank = new Map(locales.map((l, i) => [l, l === defaultLocale ? -1 : i]))
  const published = state === 'published'
  let n = 0
  for (const { collection, entries } of collections) {
    const fields = countsOnly ? [] : searchFieldsOf(collection).filter((f) => TRANSLATED.has(f.type))
    const groups = new Map<string, { id: string | null; members: EntryRecord[] }>()
    for (const entry of entries) {
      if (++n % slicing.rows === 0) yield
      if (!visibleIn(entry, state)) continue
      const key = collection.is_singleton ? '' : entry.translation_group ?? `entry:${entry.uuid}`
      let group = groups.get(key)
      if (!group) groups.set(key, (group = { id: collection.is_singleton ? null : entry.translation_group, members: [] }))
      group.members.push(entry)
    }
    if (countsOnly) {
      for (const { members } of groups.values()) {
        if (++n % slicing.rows === 0) yield
        for (const locale of locales) {
          counts[locale]!.total++
          if (members.some((m) => m.locale === locale)) counts[locale]!.present++
        }
      }
      continue
    }
    const ordered = [...groups.values()].map((g) => {
      g.members.sort((a, b) => (rank.get(a.locale) ?? 1e9) - (rank.get(b.locale) ?? 1e9) || (a.uuid < b.uuid ? -1 : 1))
      return g
    }).sort((a, b) => (a.members[0]!.uuid < b.members[0]!.uuid ? -1 : 1))
    yield
    for (const { id, members } of ordered) {
      if (++n % slicing.rows === 0) yield
      const source = members[0]!
      const sourceValues = published ? source.published : source.fields
      for (const locale of locales) {
        counts[locale]!.total++
        const member = members.find((m) => m.locale === locale)
        if (!member) {
          missing.push({ collection: collection.slug, locale, translation_group: id, source_uuid: source.uuid })
          continue
        }
        counts[locale]!.present++
        if (member === source) continue
        const values = published ? member.published : member.fields
        for (const field of fields) {
          if (hasText(field, sourceValues) && !hasText(field, values)) {
            empty.push({ collection: collection.slug, locale, uuid: member.uuid, field: field.path.join('.'), source_uuid: source.uuid })
          }
        }
      }
    }
  }
  return { missing, empty, locales: counts }
}

function hasText(field: ReturnType<typeof searchFieldsOf>[number], values: FieldValues | null): boolean {
  return textsOf([field], values).some(([, text]) => text.trim() !== '')
}
