import { randomBytes } from 'node:crypto'
import type { EntryRecord } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'
import type { StoreChange } from '../../storage/content-index.ts'
import { same } from '../../core/json-equal.ts'
import { Subscribers } from '../../core/subscribers.ts'

/**
 * The public change stream's events (`GET /_events`, docs/preview.md): one per entry change in
 * the store, whatever made it (API, CLI, editor, a hand edit or `git pull` seen by the watcher,
 * replica sync, a scheduled publish), derived from the store's own change events, so no write
 * path needs code of its own.
 */
export interface ChangeEvent {
  /** The webhook event name. */
  type: 'content.created' | 'content.updated' | 'content.published' | 'content.unpublished' | 'content.trashed' | 'content.restored' | 'content.deleted'
  collection: string
  uuid: string
  locale: string
  /** `published` when what published reads return changed; `draft` when only the draft did. */
  state: 'draft' | 'published'
  /** The published version number after the change (null while unpublished). */
  version: number | null
  /** Cache tags a site or CDN purges by: the collection's and the entry's. */
  tags: string[]
}

/** One event as kept in the backlog: its sequence number and its SSE message, written once for every client. */
export interface FedEvent {
  seq: number
  event: ChangeEvent
  message: string
}

/** Events kept for clients that reconnect with `Last-Event-ID`. */
export const BACKLOG_MAX = 1000

/** The one change of an entry a store change amounts to, or null when nothing a reader sees changed. */
export function changeEventOf(change: Extract<StoreChange, { kind: 'entry' }>): ChangeEvent | null {
  const { before, after } = change
  const record = after ?? before
  if (!record) return null
  const make = (type: ChangeEvent['type'], state: ChangeEvent['state'], entry: EntryRecord): ChangeEvent => ({
    type, collection: change.slug, uuid: change.uuid, locale: record.locale, state, version: entry.published_version,
    tags: [change.slug, `${change.slug}/${change.uuid}`],
  })
  if (!after) return make('content.deleted', before!.published ? 'published' : 'draft', before!)
  if (!before) return make('content.created', after.published && !after.deleted_at ? 'published' : 'draft', after)
  // Trash and restore hide or show what published reads return (when there is a published snapshot).
  if (!before.deleted_at && after.deleted_at) return make('content.trashed', after.published ? 'published' : 'draft', after)
  if (before.deleted_at && !after.deleted_at) return make('content.restored', after.published ? 'published' : 'draft', after)
  if (after.published && (!before.published || before.published_version !== after.published_version || !same(before.published, after.published))) {
    return make('content.published', 'published', after)
  }
  if (before.published && !after.published) return make('content.unpublished', 'published', after)
  if (same(before.fields, after.fields) && before.locale === after.locale && before.translation_group === after.translation_group) return null
  return make('content.updated', 'draft', after)
}

/**
 * The stream's source: numbers each event, keeps the last BACKLOG_MAX for reconnects, and tells
 * listeners. Ids are `<boot>-<seq>`: an id from another run of the server (a restart) cannot be
 * resumed and gets the reset event, as does one older than the backlog.
 */
export class ChangeFeed {
  readonly boot = randomBytes(4).toString('hex')
  readonly #backlog: FedEvent[] = []
  readonly #subscribers = new Subscribers<FedEvent>('change stream')
  readonly #off: () => void
  readonly #max: number
  #seq = 0

  constructor(store: ContentStore, options: { backlog?: number } = {}) {
    this.#max = options.backlog ?? BACKLOG_MAX
    this.#off = store.onChange((change) => {
      if (change.kind !== 'entry') return
      const event = changeEventOf(change)
      if (event) this.#publish(event)
    })
  }

  get subscribers(): number {
    return this.#subscribers.size
  }

  /** Listens until the returned function runs or the feed closes (`onClose` then runs once). */
  subscribe(listener: (fed: FedEvent) => void, onClose: () => void): () => void {
    return this.#subscribers.subscribe(listener, onClose)
  }

  /** The events after `lastEventId`, or `reset` when they cannot be told (another run, beyond the backlog, malformed). */
  since(lastEventId: string): FedEvent[] | 'reset' {
    const m = /^([0-9a-f]{8})-(\d{1,15})$/.exec(lastEventId.trim())
    if (!m || m[1] !== this.boot) return 'reset'
    const seq = Number(m[2])
    if (seq > this.#seq) return 'reset'
    const oldest = this.#backlog[0]?.seq ?? this.#seq + 1
    // Events seq+1 .. oldest-1 were dropped from the backlog: the client missed some.
    if (seq + 1 < oldest) return 'reset'
    return this.#backlog.filter((f) => f.seq > seq)
  }

  /** The id a client holds when it has seen everything so far. */
  get lastId(): string {
    return `${this.boot}-${this.#seq}`
  }

  close(): void {
    if (this.#subscribers.close()) this.#off()
  }

  #publish(event: ChangeEvent): void {
    const seq = ++this.#seq
    const fed: FedEvent = { seq, event, message: `event: change\nid: ${this.boot}-${seq}\ndata: ${JSON.stringify(event)}\n\n` }
    this.#backlog.push(fed)
    if (this.#backlog.length > this.#max) this.#backlog.shift()
    this.#subscribers.publish(fed)
  }
}

const feeds = new WeakMap<object, ChangeFeed>()

/** Ends every stream of a context's feed, if it has one (a server stopping: open streams must not hold it). */
export function closeChangeFeed(ctx: object): void {
  feeds.get(ctx)?.close()
}

/** The change feed of a context, made on first use (a server makes it when it starts, so its backlog covers every change since). */
export function changeFeed(ctx: { readonly store: ContentStore; disposers: Array<() => Promise<void> | void> }, options?: { backlog?: number }): ChangeFeed {
  let feed = feeds.get(ctx)
  if (!feed) {
    const made = (feed = new ChangeFeed(ctx.store, options))
    feeds.set(ctx, made)
    ctx.disposers.push(() => made.close())
  }
  return feed
}
