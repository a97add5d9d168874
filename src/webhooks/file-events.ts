import type { DomainEvent } from '../core/types.ts'
import type { StoreChange } from '../storage/content-index.ts'

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

/** Deep equality of plain JSON values, key order ignored. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const bb = b as unknown[]
    return a.length === bb.length && a.every((v, i) => same(v, bb[i]))
  }
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}
