import type { ContentStore } from '../../storage/store.ts'

/** A release as its file holds it (`content/releases/<id>.json`, docs/scheduling.md). */
export interface Release {
  id: string
  name: string
  /** `draft`: being put together; `scheduled`: goes live at `publish_at`; `published`: live. */
  state: 'draft' | 'scheduled' | 'published'
  publish_at: string | null
  published_at: string | null
  created_at: string
  updated_at: string
  items: ReleaseItem[]
}

export interface ReleaseItem {
  collection: string
  uuid: string
  action: 'publish' | 'unpublish'
}

/**
 * The releases of a store in memory, read from their files on first use and changed only after
 * their file was written. Operations on releases run one at a time per store (`serial`), so a
 * publish and an edit of the same release never interleave.
 */
export class ReleaseBook {
  readonly #store: ContentStore
  #loaded: Promise<Map<string, Release>> | null = null
  #tail: Promise<unknown> = Promise.resolve()
  readonly #listeners = new Set<() => void>()

  constructor(store: ContentStore) {
    this.#store = store
  }

  all(): Promise<Map<string, Release>> {
    this.#loaded ??= this.#store.releases.readAll().then((list) => new Map(list.filter(isRelease).map((r) => [r.id, r])))
    return this.#loaded
  }

  async put(release: Release): Promise<void> {
    const map = await this.all()
    await this.#store.releases.put(release.id, release as unknown as Record<string, unknown>)
    map.set(release.id, release)
    for (const listener of this.#listeners) listener()
  }

  /** Called after a release changed (the scheduler re-arms its timer). */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  async remove(id: string): Promise<void> {
    const map = await this.all()
    await this.#store.releases.remove(id)
    map.delete(id)
  }

  serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#tail.catch(() => {}).then(fn)
    this.#tail = run.catch(() => {})
    return run
  }
}

function isRelease(value: Record<string, unknown>): value is Release & Record<string, unknown> {
  return typeof value.id === 'string' && typeof value.name === 'string' && Array.isArray(value.items)
    && (value.state === 'draft' || value.state === 'scheduled' || value.state === 'published')
}

const BOOKS = new WeakMap<ContentStore, ReleaseBook>()

export function releaseBook(store: ContentStore): ReleaseBook {
  let book = BOOKS.get(store)
  if (!book) BOOKS.set(store, (book = new ReleaseBook(store)))
  return book
}
