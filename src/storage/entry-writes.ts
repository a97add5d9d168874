import { rmdir } from 'node:fs/promises'
import type { EntryRecord, EventSource, VersionRecord } from '../core/types.ts'
import { stampOf } from './atomic.ts'
import type { StoreWriteOptions, WriteParts } from './closed-collections.ts'
import { serializeEntry, serializeVersion } from './codec.ts'
import { stampKey, type CollectionIndex } from './content-index.ts'
import { finishRemovals, putVersionsBack, setVersionsAside } from './removals.ts'

/**
 * Writes of entries and their versions. An entry is the one kind that goes into memory before
 * its file (ARCHITECTURE.md, "One writer"): the unique checks of a concurrent request must see
 * an entry being written, or two creates with one unique value would both pass. A write that
 * fails takes it back out of memory before the error reaches the caller. Removals change
 * memory after the disk, like every other kind.
 */
export class EntryWrites {
  readonly #parts: WriteParts

  constructor(parts: WriteParts) {
    this.#parts = parts
  }

  /**
   * Puts an entry in the index at once (so a concurrent request sees it, e.g. for unique
   * checks) and resolves once the file is durably on disk. If the write fails the index is
   * rolled back and the error rethrown.
   */
  async putEntry(slug: string, entry: EntryRecord, source: EventSource, options?: StoreWriteOptions): Promise<void> {
    this.#parts.closed.checkOpen(slug, options?.owner)
    const index = this.#parts.index.requireCollection(slug)
    const before = index.entries.get(entry.uuid) ?? null
    index.entries.set(entry.uuid, entry)
    this.#parts.index.emit({ kind: 'entry', slug, uuid: entry.uuid, before, after: entry, source })
    const key = stampKey(slug, entry.uuid)
    this.#parts.index.fileStamps.delete(key)
    try {
      const stamp = await this.#parts.writer.write(this.#parts.layout.entry(slug, entry.uuid), () => serializeEntry(entry, index.collection), options)
      if (index.entries.get(entry.uuid) === entry) this.#parts.index.fileStamps.set(key, stamp)
    } catch (error) {
      if (index.entries.get(entry.uuid) === entry) {
        if (before) index.entries.set(entry.uuid, before)
        else index.entries.delete(entry.uuid)
        this.#parts.index.emit({ kind: 'entry', slug, uuid: entry.uuid, before: entry, after: before, source })
      }
      throw error
    }
  }

  /**
   * New entries, each with its first version when it is created published. They are in the
   * index at once (as putEntry puts them, so unique checks see them); on disk every version is
   * written before any entry file, so no entry is ever there without the version it names. A
   * write that fails takes them all back, files and index, before the error is rethrown:
   * a failed create (a full disk) leaves none of its entries, on disk or in memory.
   */
  async putNewEntries(slug: string, items: ReadonlyArray<{ entry: EntryRecord; version: VersionRecord | null }>, source: EventSource, options?: StoreWriteOptions): Promise<void> {
    this.#parts.closed.checkOpen(slug, options?.owner)
    const index = this.#parts.index.requireCollection(slug)
    const stamps = this.#parts.index.fileStamps
    for (const { entry } of items) {
      index.entries.set(entry.uuid, entry)
      stamps.delete(stampKey(slug, entry.uuid))
      this.#parts.index.emit({ kind: 'entry', slug, uuid: entry.uuid, before: null, after: entry, source })
    }
    const versions = items.flatMap((i) => (i.version ? [i.version] : []))
    let failure: { error: unknown } | null = null
    // Every write settles before the next step or the roll-back: none may land after it.
    const settle = async (tasks: Array<Promise<unknown>>) => {
      for (const r of await Promise.allSettled(tasks)) if (r.status === 'rejected') failure ??= { error: r.reason }
    }
    await settle(versions.map((v) => this.#parts.writer.write(this.#parts.layout.version(slug, v.entry_uuid, v.version_number), () => serializeVersion(v, index.collection), options)))
    if (!failure) {
      await settle(items.map(async ({ entry }) => {
        const stamp = await this.#parts.writer.write(this.#parts.layout.entry(slug, entry.uuid), () => serializeEntry(entry, index.collection), options)
        if (index.entries.get(entry.uuid) === entry) stamps.set(stampKey(slug, entry.uuid), stamp)
      }))
    }
    if (!failure) return
    // Only what is still ours: an entry a later write already changed keeps that write.
    const ours = items.filter(({ entry }) => index.entries.get(entry.uuid) === entry)
    await Promise.allSettled(ours.map(({ entry }) => this.#parts.writer.remove(this.#parts.layout.entry(slug, entry.uuid))))
    await Promise.allSettled(ours.flatMap(({ version }) => (version ? [this.#parts.writer.remove(this.#parts.layout.version(slug, version.entry_uuid, version.version_number))
      .then(() => rmdir(this.#parts.layout.versionDir(slug, version.entry_uuid)))] : [])))
    for (const { entry } of ours) {
      index.entries.delete(entry.uuid)
      stamps.delete(stampKey(slug, entry.uuid))
      this.#parts.index.emit({ kind: 'entry', slug, uuid: entry.uuid, before: entry, after: null, source })
    }
    throw (failure as { error: unknown }).error
  }

  /**
   * Existing entries (a release) changed together so that no reader sees some changed and not
   * the others: unlike putEntry, the files come first (versions, then entries), and memory
   * changes after the last of them, for all of them, in one synchronous step. A write that
   * fails puts back the entry files that landed, changes nothing in memory, and rethrows.
   */
  async putEntriesAtOnce(items: ReadonlyArray<{ slug: string; entry: EntryRecord; version: VersionRecord | null }>, source: EventSource, options?: StoreWriteOptions): Promise<void> {
    for (const { slug } of items) this.#parts.closed.checkOpen(slug, options?.owner)
    const indexes = items.map(({ slug }) => this.#parts.index.requireCollection(slug))
    let failure: { error: unknown } | null = null
    const settle = async <T>(tasks: Array<Promise<T>>): Promise<Array<T | null>> => {
      const results = await Promise.allSettled(tasks)
      return results.map((r) => {
        if (r.status === 'fulfilled') return r.value
        failure ??= { error: r.reason }
        return null
      })
    }
    await settle(items.flatMap(({ slug, version }, i) => (version ? [this.#parts.writer.write(this.#parts.layout.version(slug, version.entry_uuid, version.version_number), () => serializeVersion(version, indexes[i]!.collection), options)] : [])))
    const stamps = failure ? [] : await settle(items.map(({ slug, entry }, i) => this.#parts.writer.write(this.#parts.layout.entry(slug, entry.uuid), () => serializeEntry(entry, indexes[i]!.collection), options)))
    if (failure) {
      // Put back what landed, from the records memory still holds.
      await Promise.allSettled(items.map(({ slug, entry }, i) => {
        const before = indexes[i]!.entries.get(entry.uuid)
        return stamps[i] && before ? this.#parts.writer.write(this.#parts.layout.entry(slug, entry.uuid), () => serializeEntry(before, indexes[i]!.collection), options) : Promise.resolve()
      }))
      throw (failure as { error: unknown }).error
    }
    // One synchronous step: a read runs before all of these or after all of them.
    items.forEach(({ slug, entry }, i) => {
      const index = indexes[i]!
      const before = index.entries.get(entry.uuid) ?? null
      index.entries.set(entry.uuid, entry)
      const stamp = stamps[i]
      if (stamp) this.#parts.index.fileStamps.set(stampKey(slug, entry.uuid), stamp)
      this.#parts.index.emit({ kind: 'entry', slug, uuid: entry.uuid, before, after: entry, source })
    })
  }

  /**
   * Removes an entry, its versions with it, as one step a crash cannot split (removals.ts).
   * Memory changes once the entry's file is gone: a removal that fails changes nothing.
   */
  async removeEntry(slug: string, uuid: string, source: EventSource, options?: StoreWriteOptions): Promise<void> {
    this.#parts.closed.checkOpen(slug, options?.owner)
    const index = this.#parts.index.requireCollection(slug)
    const task = this.#removeEntryAndVersions(index, slug, uuid, source)
    // Tracked as a whole: a schema change's drain waits for the versions too, not only the file.
    this.#parts.writer.track(this.#parts.layout.versionDir(slug, uuid), task)
    return task
  }

  #removeEntryAndVersions(index: CollectionIndex, slug: string, uuid: string, source: EventSource): Promise<void> {
    const layout = this.#parts.layout
    return this.#parts.writer.removeWithFolder(layout.versionDir(slug, uuid), () => setVersionsAside(layout, slug, uuid), () => putVersionsBack(layout, slug, uuid),
      () => this.#parts.writer.remove(layout.entry(slug, uuid), () => {
        const before = index.entries.get(uuid) ?? null
        index.entries.delete(uuid)
        this.#parts.index.fileStamps.delete(stampKey(slug, uuid))
        if (before) this.#parts.index.emit({ kind: 'entry', slug, uuid, before, after: null, source })
      }))
  }

  /** Finishes the entry and asset removals a stop interrupted (the tree's writer, before it serves anything). */
  finishRemovals(): Promise<{ removed: number; restored: number }> {
    const layout = this.#parts.layout
    return finishRemovals(layout,
      // In memory under any collection (one renamed since), or a file there that did not load (a broken one keeps its history).
      (slug, uuid) => this.#parts.index.findEntry(uuid)?.slug ?? (stampOf(layout.entry(slug, uuid)) !== null ? slug : null),
      (uuid) => this.#parts.index.assets.has(uuid) || stampOf(layout.assetMeta(uuid)) !== null)
  }

  async putVersion(slug: string, version: VersionRecord, options?: StoreWriteOptions): Promise<void> {
    this.#parts.closed.checkOpen(slug, options?.owner)
    const index = this.#parts.index.requireCollection(slug)
    await this.#parts.writer.write(this.#parts.layout.version(slug, version.entry_uuid, version.version_number), () => serializeVersion(version, index.collection))
  }

  async removeVersion(slug: string, uuid: string, n: number, options?: StoreWriteOptions): Promise<void> {
    this.#parts.closed.checkOpen(slug, options?.owner)
    await this.#parts.writer.remove(this.#parts.layout.version(slug, uuid, n))
  }
}
