import type { Collection, EntryRecord } from '../../core/types.ts'
import { changeOrigin } from '../../core/change-origin.ts'
import { Subscribers } from '../../core/subscribers.ts'
import type { ContentStore } from '../../storage/store.ts'
import type { StoreChange } from '../../storage/content-index.ts'
import { eventsFromFileChange } from '../../storage/file-events.ts'
import { same } from '../../core/json-equal.ts'

/** What made a change: the API (the editor included), the CLI through the server, a file edit, a schedule. */
export type ChangeSource = 'api' | 'cli' | 'watcher' | 'schedule'
/** What happened to an entry. */
export type EntryChangeType = 'created' | 'updated' | 'published' | 'unpublished' | 'trashed' | 'restored' | 'deleted'

/** What the editor's event stream sends (see docs/api.md, "Editor support"). */
export type ActivityMessage =
  | { event: 'entry'; data: { type: EntryChangeType; collection: string; uuid: string; locale: string; source: ChangeSource } }
  | { event: 'schema'; data: { collection: string | null } }
  | { event: 'asset'; data: { type: 'created' | 'updated' | 'deleted'; uuid: string } }
  | { event: 'problems'; data: { count: number } }

/** A recent change of an entry (newest first on the editor's home screen). */
export interface RecentChange {
  collection: string
  uuid: string
  title: string | null
  type: EntryChangeType
  source: ChangeSource
  at: string
}

const RECENT_MAX = 30

/**
 * Everything that changes content, whatever made it (API, CLI through the server, a hand
 * edit or `git checkout` seen by the watcher), as messages for the editor's event stream,
 * and the last 30 entry changes (in memory: a restart starts an empty list).
 */
export class ActivityHub {
  readonly #subscribers = new Subscribers<ActivityMessage>('activity')
  readonly #recent: RecentChange[] = []
  readonly #unsubscribe: Array<() => void>

  readonly store: ContentStore

  constructor(store: ContentStore) {
    this.store = store
    this.#unsubscribe = [
      store.onChange((change) => this.#onChange(change)),
      store.onProblemsChange(() => this.#publish({ event: 'problems', data: { count: store.problems.size } })),
    ]
  }

  /** Listens until `unsubscribe()` or the hub closes (`onClose` then runs once). */
  subscribe(listener: (message: ActivityMessage) => void, onClose: () => void): () => void {
    return this.#subscribers.subscribe(listener, onClose)
  }

  get subscribers(): number {
    return this.#subscribers.size
  }

  /** Newest first. */
  recent(): RecentChange[] {
    return [...this.#recent].reverse()
  }

  /** Ends every stream (server stop), so open connections do not hold the shutdown. */
  close(): void {
    if (this.#subscribers.close()) for (const off of this.#unsubscribe) off()
  }

  #publish(message: ActivityMessage): void {
    this.#subscribers.publish(message)
  }

  #onChange(change: StoreChange): void {
    const source: ChangeSource = change.source === 'file' ? 'watcher' : change.source === 'schedule' ? 'schedule' : change.source === 'cli' || changeOrigin.getStore() === 'cli' ? 'cli' : 'api'
    switch (change.kind) {
      case 'entry':
        return this.#onEntry(change, source)
      case 'collection':
        return this.#publish({ event: 'schema', data: { collection: change.slug } })
      case 'project':
        return this.#publish({ event: 'schema', data: { collection: null } })
      case 'asset': {
        const type = !change.before ? 'created' : !change.after ? 'deleted' : same(change.before, change.after) ? null : 'updated'
        if (type) this.#publish({ event: 'asset', data: { type, uuid: change.uuid } })
        return
      }
      default:
    }
  }

  #onEntry(change: Extract<StoreChange, { kind: 'entry' }>, source: ChangeSource): void {
    // The same before/after comparison the webhooks make for file changes, for every source.
    const events = eventsFromFileChange({ ...change, source: 'file' }, new Date().toISOString())
    const record = change.after ?? change.before
    if (!record) return
    const collection = this.store.collection(change.slug)?.collection
    for (const e of events) {
      const type = e.event.slice('content.'.length) as EntryChangeType
      this.#publish({ event: 'entry', data: { type, collection: change.slug, uuid: change.uuid, locale: record.locale, source } })
      this.#recent.push({ collection: change.slug, uuid: change.uuid, title: collection ? entryTitle(collection, record) : null, type, source, at: e.at })
      if (this.#recent.length > RECENT_MAX) this.#recent.shift()
    }
  }
}

/** An entry's title: the value of its collection's first text field (draft values), if any. */
export function entryTitle(collection: Collection, entry: EntryRecord): string | null {
  const field = collection.fields.find((f) => f.type === 'text')
  if (!field) return null
  const value = entry.fields[field.name] ?? entry.published?.[field.name]
  return typeof value === 'string' ? value : value === undefined || value === null ? null : String(value)
}
