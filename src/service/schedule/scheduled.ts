import type { ContentStore } from '../../storage/store.ts'
import type { EntrySchedule } from '../../core/types.ts'

/** One scheduled change, as `GET /_schedule` lists it. */
export interface ScheduledItem {
  collection: string
  uuid: string
  locale: string
  action: 'publish' | 'unpublish'
  at: string
}

/**
 * The entries that have something scheduled, kept beside the store (one per store, built on
 * first use by one pass over the entries, then following the store's changes), so the
 * scheduler's tick and `GET /_schedule` never scan 100k entries.
 */
export class ScheduledEntries {
  readonly #store: ContentStore
  /** uuid → where and what. */
  readonly #items = new Map<string, { slug: string; locale: string; schedule: EntrySchedule }>()
  #stale = true
  readonly #listeners = new Set<() => void>()

  constructor(store: ContentStore) {
    this.#store = store
    store.onChange((change) => {
      if (change.kind === 'collection') { this.#stale = true; this.#changed(); return }
      if (change.kind !== 'entry' || this.#stale) return
      const after = change.after
      const had = this.#items.delete(change.uuid)
      if (after && after.schedule && !after.deleted_at) this.#items.set(after.uuid, { slug: change.slug, locale: after.locale, schedule: after.schedule })
      if (had || after?.schedule) this.#changed()
    })
  }

  /** Called whenever the scheduled set may have changed (the scheduler re-arms its timer). */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Every scheduled change, soonest first. */
  items(): ScheduledItem[] {
    this.#fresh()
    const out: ScheduledItem[] = []
    for (const [uuid, { slug, locale, schedule }] of this.#items) {
      if (schedule.publish_at) out.push({ collection: slug, uuid, locale, action: 'publish', at: schedule.publish_at })
      if (schedule.unpublish_at) out.push({ collection: slug, uuid, locale, action: 'unpublish', at: schedule.unpublish_at })
    }
    return out.sort((a, b) => a.at.localeCompare(b.at) || (a.action === b.action ? 0 : a.action === 'publish' ? -1 : 1) || a.uuid.localeCompare(b.uuid))
  }

  /** The soonest time anything is scheduled (ms), or null; `after`: only times later than it (ISO). */
  next(after: string | null = null): number | null {
    this.#fresh()
    let min: string | null = null
    for (const { schedule } of this.#items.values()) {
      for (const at of [schedule.publish_at, schedule.unpublish_at]) if (at && (after === null || at > after) && (min === null || at < min)) min = at
    }
    return min === null ? null : Date.parse(min)
  }

  #fresh(): void {
    if (!this.#stale) return
    this.#items.clear()
    for (const [slug, index] of this.#store.collections) {
      for (const entry of index.entries.values()) if (entry.schedule && !entry.deleted_at) this.#items.set(entry.uuid, { slug, locale: entry.locale, schedule: entry.schedule })
    }
    this.#stale = false
  }

  #changed(): void {
    for (const listener of this.#listeners) listener()
  }
}

const BY_STORE = new WeakMap<ContentStore, ScheduledEntries>()

export function scheduledEntries(store: ContentStore): ScheduledEntries {
  let s = BY_STORE.get(store)
  if (!s) BY_STORE.set(store, (s = new ScheduledEntries(store)))
  return s
}
