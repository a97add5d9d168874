import type { ServiceContext } from '../context.ts'
import type { EntryRecord } from '../../core/types.ts'
import { unprocessable } from '../../core/errors.ts'
import { isUuid, newUuid, now } from '../../core/ids.ts'
import { event, putEntriesTogether, requireCollection, requireEntry, withEntryLock } from './common.ts'
import { lookupsOf } from './lookups.ts'
import type { TranslationLinked } from './entry-answers.ts'

/**
 * `POST /{collection}/{uuid}/link-translation` `{translation_entry_uuid}`: puts both entries
 * (and the groups they were in) into one translation group; this entry's group wins.
 */
export async function linkTranslation(ctx: ServiceContext, slug: string, uuid: string, body: Record<string, unknown>): Promise<TranslationLinked> {
  const index = requireCollection(ctx, slug)
  const anchor = requireEntry(index, uuid)
  const otherId = body.translation_entry_uuid
  if (otherId === undefined || otherId === null || otherId === '') {
    throw unprocessable('The translation entry uuid field is required.', { translation_entry_uuid: ['The translation entry uuid field is required.'] })
  }
  if (!isUuid(otherId)) throw unprocessable('The translation entry uuid must be a valid UUID.', { translation_entry_uuid: ['The translation entry uuid must be a valid UUID.'] })
  return withEntryLock(ctx, anchor.uuid, async () => {
    const self = requireEntry(index, uuid)
    const other = index.entries.get(otherId.toLowerCase())
    const fail = (m: string) => unprocessable(m, { translation_entry_uuid: [m] })
    if (!other || other.deleted_at) throw fail('Translation entry not found in this collection.')
    if (other.uuid === self.uuid) throw fail('Cannot link an entry to itself.')
    if (other.locale === self.locale) throw fail('Translation entry must have a different locale.')
    const group = self.translation_group ?? other.translation_group ?? newUuid()
    // The groups' members from the translation lookup (lookups.ts), not a scan of the collection.
    const lookups = lookupsOf(ctx.store, index.collection.slug, index)
    const candidates = new Map<string, EntryRecord>([[self.uuid, self], [other.uuid, other]])
    for (const group of [self.translation_group, other.translation_group]) if (group) for (const e of lookups.members(group)) candidates.set(e.uuid, e)
    const members = [...candidates.values()].filter((e) => !e.deleted_at)
    const seen = new Map<string, string>()
    for (const e of members) {
      const holder = seen.get(e.locale)
      if (holder && holder !== e.uuid) throw fail(`The translation group already has an entry in locale '${e.locale}'.`)
      seen.set(e.locale, e.uuid)
    }
    const at = now()
    const changed: EntryRecord[] = members.filter((e) => e.translation_group !== group).map((e) => ({ ...e, translation_group: group, updated_at: at }))
    await putEntriesTogether(ctx, index, changed, new Map(members.map((e) => [e.uuid, e])))
    await ctx.events.append(changed.map((e) => event(ctx, index, 'content.updated', e, at)))
    return { message: 'Translation linked successfully.', translation_group_id: group }
  })
}
