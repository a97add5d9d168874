import type { EntryRecord, Project } from '../../core/types.ts'
import type { ReadState } from '../../query/params.ts'
import { visibleIn } from '../../query/view.ts'
import type { EntryLookups } from './lookups.ts'

/**
 * Locale fallbacks (`fallback=true`, docs/locales.md): a locale's chain is itself, then the
 * locales project.yaml's `fallbacks:` names for it, or else the default locale. A read answers,
 * for every translation group (an entry without one is a group of its own), the entry of the
 * first locale in the chain that the read's state lists: a draft never stands in for a
 * missing published translation unless the read asks for drafts.
 */
export function chainOf(project: Project, locale: string): string[] {
  const rest = project.fallbacks?.[locale] ?? [project.default_locale]
  return [...new Set([locale, ...rest])]
}

/** Whether an entry is its group's answer for a chain and state (the first chain locale the state lists). */
export function chosenIn(chain: readonly string[], state: ReadState, lookups: EntryLookups): (entry: EntryRecord) => boolean {
  const rank = new Map(chain.map((l, i) => [l, i]))
  return (entry) => {
    const mine = rank.get(entry.locale)
    if (mine === undefined) return false
    if (mine === 0 || !entry.translation_group) return true
    for (const other of lookups.members(entry.translation_group)) {
      if (other === entry || !visibleIn(other, state)) continue
      const theirs = rank.get(other.locale)
      if (theirs !== undefined && theirs < mine) return false
    }
    return true
  }
}

/** The answer of a group for a chain: its member in the first chain locale the state lists, or undefined. */
export function pickInChain(members: readonly EntryRecord[], chain: readonly string[], state: ReadState): EntryRecord | undefined {
  for (const locale of chain) {
    const found = members.find((m) => m.locale === locale && visibleIn(m, state))
    if (found) return found
  }
  return undefined
}
