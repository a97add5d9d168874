import type { ServiceContext } from '../context.ts'
import { badRequest } from '../../core/errors.ts'
import type { ReadState } from '../../query/params.ts'
import { visibleIn } from '../../query/view.ts'
import { lookupsOf } from './lookups.ts'

/** `GET /_translations?entries=…`: per entry asked for, the project locales its translation group has no entry in. */
export interface EntryGaps {
  entries: Record<string, string[]>
}

/** A list page or a form asks for its own entries (a page is at most 100); more is a report, not a lookup. */
export const MAX_ENTRIES = 200

/**
 * The missing locales of a few entries (the editor's lists and forms): each entry's group read
 * from the translation-group lookups (a singleton's entries are one group, an entry without a
 * group is its own), so the cost follows the entries asked for, not the collection's size.
 * Present means visible in `state`, as in the full report; entries that are unknown, trashed or
 * not in `state` are left out of the answer.
 */
export function missingByEntry(ctx: ServiceContext, slugs: string[], raw: unknown, state: ReadState): EntryGaps {
  if (typeof raw !== 'string') throw badRequest('The entries parameter must be given once, as a comma-separated list of uuids.')
  const uuids = [...new Set(raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))]
  if (uuids.length > MAX_ENTRIES) throw badRequest(`The entries parameter takes at most ${MAX_ENTRIES} uuids.`)
  const { locales } = ctx.store.project
  const out: Record<string, string[]> = {}
  for (const slug of slugs) {
    const index = ctx.store.collection(slug)
    if (!index) continue
    for (const uuid of uuids) {
      const entry = index.entries.get(uuid)
      if (!entry || out[uuid] || !visibleIn(entry, state)) continue
      const members = index.collection.is_singleton ? index.entries.values()
        : entry.translation_group ? lookupsOf(ctx.store, slug, index).members(entry.translation_group) : [entry]
      const present = new Set<string>()
      for (const member of members) if (visibleIn(member, state)) present.add(member.locale)
      out[uuid] = locales.filter((l) => !present.has(l))
    }
  }
  return { entries: out }
}
