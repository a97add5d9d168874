import { join, sep } from 'node:path'
import { CmsError } from '../core/errors.ts'
import type { WriteOptions } from './atomic.ts'
import type { ContentIndex } from './content-index.ts'
import type { FileWriter } from './file-writer.ts'
import type { Layout } from './paths.ts'

/**
 * Options of a store write. `owner` is the key a schema change got from
 * `withCollectionsClosed`: only writes carrying it reach a closed collection.
 */
export interface StoreWriteOptions extends WriteOptions {
  owner?: symbol
}

/** What the store's writers (entry-writes.ts, record-writes.ts) share, built once by the store. */
export interface WriteParts {
  readonly layout: Layout
  readonly index: ContentIndex
  readonly writer: FileWriter
  readonly closed: ClosedCollections
}

/** Collections closed to other writes while a schema change rewrites their files. */
export class ClosedCollections {
  readonly #closed = new Map<string, { what: string; owner: symbol }>()
  readonly #layout: Layout
  readonly #writer: FileWriter

  constructor(layout: Layout, writer: FileWriter) {
    this.#layout = layout
    this.#writer = writer
  }

  /** Refuses a write to a closed collection (409, nothing changed) unless it carries the closer's key. */
  checkOpen(slug: string, owner?: symbol): void {
    const closed = this.#closed.get(slug)
    if (closed && closed.owner !== owner) {
      throw new CmsError('conflict', `The collection "${slug}" is locked while it is ${closed.what}; nothing was changed. Try again when it finishes.`, { headers: { 'retry-after': '2' } })
    }
  }

  /**
   * Runs a schema change that rewrites many files of `slugs` with those collections closed:
   * writes already in flight land first, then every other write to them is refused (409,
   * nothing changed) until `fn` settles. `fn` passes the owner key it gets to its own writes.
   */
  async withCollectionsClosed<T>(slugs: string[], what: string, fn: (owner: symbol) => Promise<T>): Promise<T> {
    for (const slug of slugs) this.checkOpen(slug)
    const owner = Symbol(what)
    for (const slug of slugs) this.#closed.set(slug, { what, owner })
    try {
      await this.drain(slugs)
      return await fn(owner)
    } finally {
      for (const slug of slugs) if (this.#closed.get(slug)?.owner === owner) this.#closed.delete(slug)
    }
  }

  /** What is running on a closed collection, or undefined when it is open. */
  closedFor(slug: string): string | undefined {
    return this.#closed.get(slug)?.what
  }

  /** Waits until no write to the files of `slugs` is in flight. */
  drain(slugs: string[]): Promise<void> {
    const layout = this.#layout
    return this.#writer.drain(slugs.flatMap((slug) => [layout.entryDir(slug) + sep, join(layout.versionsDir, slug) + sep, layout.collection(slug)]))
  }
}
