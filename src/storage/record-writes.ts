import { join } from 'node:path'
import { CmsError } from '../core/errors.ts'
import type { AssetRecord, Collection, EventSource, Project, TokenRecord, WebhookRecord } from '../core/types.ts'
import { syncDir } from './atomic.ts'
import type { StoreWriteOptions, WriteParts } from './closed-collections.ts'
import { serializeYaml } from './codec.ts'
import { stampKey } from './content-index.ts'
import { withFileLock } from './file-lock.ts'
import { moveTree } from './move-tree.ts'
import { readChecked } from './read-files.ts'
import { collectionDocument, projectDocument, toToken } from './records.ts'
import { putAssetFilesBack, setAssetFilesAside } from './removals.ts'

/**
 * Writes of the project, collections, tokens, webhooks and assets. Each changes memory only
 * once its file is durably written: a failed write (a full disk) changes nothing, and nothing
 * acknowledged in between can depend on a change that is not on disk. Each write is checked
 * against the record it was computed from; if another write of the same file landed first, it
 * is refused (409) rather than silently undoing that one.
 */
export class RecordWrites {
  readonly #parts: WriteParts

  constructor(parts: WriteParts) {
    this.#parts = parts
  }

  async putProject(project: Project, source: EventSource): Promise<void> {
    const index = this.#parts.index
    const base = index.project
    await this.#parts.writer.write(this.#parts.layout.project, () => {
      expectUnchanged(base === index.project, 'the project settings')
      return serializeYaml(projectDocument(project))
    }, undefined, () => {
      index.project = project
      index.emit({ kind: 'project', source })
    })
  }

  async putCollection(collection: Collection, source: EventSource, options?: StoreWriteOptions): Promise<void> {
    this.#parts.closed.checkOpen(collection.slug, options?.owner)
    const index = this.#parts.index
    const current = () => index.collections.get(collection.slug)?.collection ?? null
    const base = current()
    await this.#parts.writer.write(this.#parts.layout.collection(collection.slug), () => {
      expectUnchanged(base === current(), `the collection "${collection.slug}"`)
      return serializeYaml(collectionDocument(collection))
    }, undefined, () => {
      const before = index.setCollection(collection)
      index.emit({ kind: 'collection', slug: collection.slug, before, after: collection, source })
    })
  }

  /** Removes a collection with all its entries and versions. */
  async removeCollection(slug: string, source: EventSource, options?: StoreWriteOptions): Promise<void> {
    this.#parts.closed.checkOpen(slug, options?.owner)
    const index = this.#parts.index
    if (index.collections.has(slug)) {
      await this.#parts.writer.remove(this.#parts.layout.collection(slug), () => {
        const removed = index.collections.get(slug)
        if (!removed) return
        index.collections.delete(slug)
        index.emit({ kind: 'collection', slug, before: removed.collection, after: null, source })
      })
    }
    // Also when the file is already gone: finishing a deletion a crash interrupted (schema journal).
    await this.#parts.writer.removeDir(this.#parts.layout.entryDir(slug))
    await this.#parts.writer.removeDir(join(this.#parts.layout.versionsDir, slug))
  }

  /**
   * Renames collection `from`'s entry and version folders to `to` (one rename each, not a copy:
   * entry files do not name their collection) and moves its index records over, then removes
   * `collections/<from>.yaml`. `collections/<to>.yaml` must have been written first. Safe to
   * run again on any state a crash in between leaves (schema journal replay).
   */
  async moveCollectionFiles(from: string, to: string, source: EventSource, owner: symbol): Promise<void> {
    this.#parts.closed.checkOpen(from, owner)
    this.#parts.closed.checkOpen(to, owner)
    const index = this.#parts.index
    const layout = this.#parts.layout
    const target = index.requireCollection(to)
    await this.#parts.closed.drain([from, to])
    moveTree(layout.entryDir(from), layout.entryDir(to))
    moveTree(join(layout.versionsDir, from), join(layout.versionsDir, to))
    // The index follows in the same synchronous stretch: a watcher batch must never find
    // entries/<from> gone while the index still holds it (it would drop every entry).
    const old = index.collections.get(from)
    if (old) {
      for (const [uuid, entry] of old.entries) {
        target.entries.set(uuid, entry)
        const stamp = index.fileStamps.get(stampKey(from, uuid))
        index.fileStamps.delete(stampKey(from, uuid))
        if (stamp) index.fileStamps.set(stampKey(to, uuid), stamp)
      }
      index.collections.delete(from)
      index.emit({ kind: 'collection', slug: from, before: old.collection, after: null, source })
      index.emit({ kind: 'collection', slug: to, before: target.collection, after: target.collection, source })
    }
    await syncDir(layout.entriesDir)
    await syncDir(layout.versionsDir)
    await this.#parts.writer.remove(layout.collection(from))
  }

  /**
   * Changes tokens.yaml as it is on disk now, under a lock: two `cms token create` run at once
   * both land. A tokens.yaml that does not parse is an error, never overwritten.
   */
  async updateTokens<T>(change: (current: TokenRecord[]) => { tokens: TokenRecord[]; result: T }, source: EventSource): Promise<T> {
    return withFileLock(join(this.#parts.layout.stateDir, 'tokens.lock'), 'tokens.yaml', async () => {
      const fresh = await readChecked(this.#parts.layout.tokens, 'tokens.yaml', 'tokens')
      if (!fresh.ok && !fresh.missing) {
        const p = fresh.problem
        throw new CmsError('conflict', `tokens.yaml${p.line ? `:${p.line}` : ''}: ${p.message} (fix the file first; nothing was changed)`)
      }
      const current = fresh.ok ? (fresh.value.tokens as Record<string, unknown>[]).map(toToken) : []
      const { tokens, result } = change(current)
      await this.putTokens(tokens, source)
      return result
    })
  }

  async putTokens(tokens: TokenRecord[], source: EventSource): Promise<void> {
    await this.#parts.writer.write(this.#parts.layout.tokens, () => serializeYaml({ tokens: tokens.map((t) => ({ ...t })) }), undefined, () => {
      this.#parts.index.tokens = tokens
      this.#parts.index.emit({ kind: 'tokens', source })
    })
  }

  async putWebhook(webhook: WebhookRecord, source: EventSource): Promise<void> {
    const webhooks = this.#parts.index.webhooks
    const base = webhooks.get(webhook.uuid) ?? null
    await this.#parts.writer.write(this.#parts.layout.webhook(webhook.uuid), () => {
      expectUnchanged(base === (webhooks.get(webhook.uuid) ?? null), 'the webhook')
      return serializeYaml({ ...webhook })
    }, undefined, () => {
      const before = webhooks.get(webhook.uuid) ?? null
      webhooks.set(webhook.uuid, webhook)
      this.#parts.index.emit({ kind: 'webhook', uuid: webhook.uuid, before, after: webhook, source })
    })
  }

  async removeWebhook(uuid: string, source: EventSource): Promise<void> {
    const webhooks = this.#parts.index.webhooks
    await this.#parts.writer.remove(this.#parts.layout.webhook(uuid), () => {
      const before = webhooks.get(uuid) ?? null
      webhooks.delete(uuid)
      if (before) this.#parts.index.emit({ kind: 'webhook', uuid, before, after: null, source })
    })
  }

  async putAsset(asset: AssetRecord, source: EventSource): Promise<void> {
    const assets = this.#parts.index.assets
    const base = assets.get(asset.uuid) ?? null
    await this.#parts.writer.write(this.#parts.layout.assetMeta(asset.uuid), () => {
      expectUnchanged(base === (assets.get(asset.uuid) ?? null), 'the asset')
      return serializeYaml({ ...asset })
    }, undefined, () => {
      const before = assets.get(asset.uuid) ?? null
      assets.set(asset.uuid, asset)
      this.#parts.index.emit({ kind: 'asset', uuid: asset.uuid, before, after: asset, source })
    })
    // The stored file was moved into its folder before (service/assets/ingest.ts): it is part of this write.
    this.#parts.writer.observer?.(this.#parts.layout.assetDir(asset.uuid), true)
  }

  /**
   * Removes an asset's metadata and, when `bytes`, its stored file with it, as one step a crash
   * cannot split (removals.ts). Memory changes once the metadata file is gone.
   */
  async removeAsset(uuid: string, source: EventSource, options: { bytes?: boolean } = {}): Promise<void> {
    if (!options.bytes) return this.#removeAssetMeta(uuid, source)
    const layout = this.#parts.layout
    const task = this.#parts.writer.removeWithFolder(layout.assetDir(uuid), () => setAssetFilesAside(layout, uuid), () => putAssetFilesBack(layout, uuid),
      () => this.#removeAssetMeta(uuid, source))
    // Tracked as a whole, under the folder: the watcher takes its events there for our own.
    this.#parts.writer.track(layout.assetDir(uuid), task)
    return task
  }

  #removeAssetMeta(uuid: string, source: EventSource): Promise<void> {
    const assets = this.#parts.index.assets
    return this.#parts.writer.remove(this.#parts.layout.assetMeta(uuid), () => {
      const before = assets.get(uuid) ?? null
      assets.delete(uuid)
      if (before) this.#parts.index.emit({ kind: 'asset', uuid, before, after: null, source })
    })
  }
}

/** Refuses a write computed from a record another write has replaced since (lost update). */
function expectUnchanged(unchanged: boolean, what: string): void {
  if (!unchanged) throw new CmsError('conflict', `${what[0]!.toUpperCase()}${what.slice(1)} changed while this request was being handled; nothing was saved. Try again.`)
}
