import type { DomainEvent } from '../core/types.ts'
import type { StoreChange } from './content-index.ts'
import { same } from '../core/json-equal.ts'

/**
 * Turns a change the watcher saw (source `file`: a hand edit, `git pull`, a branch switch)
 * into the content events the same change made through the API would have fired, by
 * comparing the entry before and after: created/deleted by presence, trashed/restored by
 * `deleted_at`, published/unpublished by the published snapshot, updated by the draft.
 */
export function eventsFromFileChange(change: StoreChange, at: string, collectionUuid?: string): DomainEvent[] {
  if (change.source !== 'file') return []
  if (change.kind === 'asset') {
    const name = !change.before ? 'asset.created' : !change.after ? 'asset.deleted' : same(change.before, change.after) ? null : 'asset.updated'
    return name ? [{ event: name, source: 'file', asset_uuid: change.uuid, at }] : []
  }
  if (change.kind !== 'entry') return []
  const { before, after } = change
  const base = { source: 'file' as const, collection: { uuid: collectionUuid ?? '', slug: change.slug }, entry_uuid: change.uuid, at }
  const out: DomainEvent[] = []
  const push = (event: string, version: number | null = null) => out.push({ event, ...base, version })
  if (!before && !after) return out
  if (!after) {
    push('content.deleted', before!.published_version)
    return out
  }
  if (!before) {
    push('content.created', after.published_version)
    if (after.published) push('content.published', after.published_version)
    if (after.deleted_at) push('content.trashed', after.published_version)
    return out
  }
  if (!before.deleted_at && after.deleted_at) push('content.trashed', after.published_version)
  if (before.deleted_at && !after.deleted_at) push('content.restored', after.published_version)
  if (!same(before.fields, after.fields) || before.locale !== after.locale) push('content.updated', after.published_version)
  if (after.published && (!before.published || before.published_version !== after.published_version || !same(before.published, after.published))) {
    push('content.published', after.published_version)
  } else if (before.published && !after.published) {
    push('content.unpublished', null)
  }
  return out
}
