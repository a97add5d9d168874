import { join, resolve } from 'node:path'
import type { AssetRecord, Project } from '../core/types.ts'
import { isPlainFileName } from '../service/assets/files.ts'
import { rememberCollection } from './edit-attributes.ts'
import { loadConfig } from '../config.ts'
import { nullSink } from '../core/events.ts'
import { isSlug, isUuid } from '../core/ids.ts'
import { badRequest, notFound } from '../core/errors.ts'
import { ContentStore } from '../storage/store.ts'
import type { StoreChange } from '../storage/content-index.ts'
import { watchContent, type ContentWatcher } from '../storage/watcher.ts'
import { getEntry, listEntries } from '../service/entries/list.ts'
import { ReadModel } from '../service/entries/read-model.ts'
import type { ServiceContext } from '../service/context.ts'
import { collectionSummary, collectionWithFields, projectInfoWith } from '../service/collections/view.ts'
import { toQuery, type ReadParams } from './query.ts'

export { toQuery, type ReadParams }
export { imageUrl, srcset, type ImageOptions, type ImageFit, type ImageFormat } from '../core/image-url.ts'
export { editAttributes } from './edit-attributes.ts'

/**
 * The server-less reader: the read API answered straight from `content/`, with the same
 * store, query engine and serialisation as `cms serve` (service/entries/list.ts), so every
 * answer is the same bytes the server sends. For site builds with no server running.
 */
export interface ReaderOptions {
  /**
   * Origin written into pagination links and asset URLs, as the server would write its own
   * (e.g. `https://cms.example.org`). @default 'http://localhost:3000'
   */
  baseUrl?: string
  /** Follow changes to the files (hand edits, a running server's writes, `git pull`). @default false */
  watch?: boolean
  /** Directory for the index cache; defaults to `.cms/` beside the content root. */
  stateDir?: string
}

/** One answer as the server sends it: the JSON text and its ETag. */
export interface RawAnswer {
  body: string
  etag: string
}

export interface EntriesReader<E = unknown> {
  /** `GET /{collection}`: an array, `{data, links, meta}` with `paginate`, `{count}` with `count`, one object for a singleton or `first`. */
  list<R = E[]>(params?: ReadParams): R
  /** `GET /{collection}/{uuid}`: the entry as `{data}`. */
  get(uuid: string, params?: ReadParams): { data: E }
}

export interface ContentReader<C extends Record<string, unknown> = Record<string, unknown>> {
  /** `GET /`: the project; `{ with: 'collections' }` or `'fields'` embeds them. */
  project(params?: { with?: string }): Record<string, unknown>
  /** `GET /collections`. */
  collections(): Array<Record<string, unknown>>
  /** `GET /collections/{slug}`. */
  collection(slug: string): Record<string, unknown>
  entries<S extends keyof C & string>(slug: S): EntriesReader<C[S]>
  /**
   * Any read path with its query string (`/articles?where[featured]=1&paginate=10`), answered
   * as the exact bytes the server sends. Otherwise throws the API's error: the same message, and a
   * `code` (`not_found`, `bad_request`) where the server would answer its status.
   */
  raw(pathAndQuery: string): RawAnswer
  /**
   * The live assets with their stored files and the project's `media` setting (what `cms
   * export` copies and derives; docs/media.md), and the state folder that caches derivatives.
   */
  media(): { settings: Project['media']; stateDir: string; files: Array<{ asset: AssetRecord; path: string }> }
  /** Called after each change the reader applies (with `watch`). Returns an unsubscribe function. */
  onChange(listener: (change: StoreChange) => void): () => void
  /** Resolves once watching has started (at once without `watch`). */
  ready: Promise<void>
  close(): Promise<void>
}

/** Opens a content root (the folder holding `project.yaml`) for reading. */
export async function openContent<C extends Record<string, unknown> = Record<string, unknown>>(dir: string, options: ReaderOptions = {}): Promise<ContentReader<C>> {
  const config = loadConfig({ dir: resolve(dir), ...(options.stateDir ? { env: { ...process.env, CMS_STATE_DIR: options.stateDir } } : {}) })
  const store = await ContentStore.open(config.contentDir, { stateDir: config.stateDir })
  const watcher: ContentWatcher | null = options.watch ? watchContent(store.ingestion) : null
  // The service layer's reads need only the store; the rest of the context stays inert (no writes, no webhooks).
  const ctx: ServiceContext = {
    config,
    store,
    events: nullSink,
    source: 'cli',
    readOnly: true,
    readModel: new ReadModel(store, { background: false }),
  }
  const close = async () => {
    await watcher?.close()
    ctx.readModel.close()
  }
  const origin = (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '')

  const raw = (pathAndQuery: string): RawAnswer => {
    const q = pathAndQuery.indexOf('?')
    const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q)
    const query = q === -1 ? '' : pathAndQuery.slice(q + 1)
    // Segments are decoded as the server's router decodes them; each is then checked (slug, uuid) or only looked up.
    let parts: string[]
    try {
      parts = path.split('/').filter(Boolean).map(decodeURIComponent)
    } catch {
      throw notFound('Not Found.')
    }
    if (parts.length === 0) return answer(projectInfoWith(store, new URLSearchParams(query).get('with') ?? ''))
    if (parts[0] === 'collections' && parts.length === 1) return answer(store.sortedCollections().map(collectionSummary))
    if (parts[0] === 'collections' && parts.length === 2) {
      const index = store.collection(parts[1]!)
      if (!index) throw notFound('Collection not found.')
      return answer(collectionWithFields(index.collection))
    }
    const [slug, uuid] = parts
    if (parts.length > 2 || !isSlug(slug!) || (uuid !== undefined && !isUuid(uuid))) throw notFound('Not Found.')
    return uuid === undefined ? listEntries(ctx, slug!, query, origin) : getEntry(ctx, slug!, uuid, query, origin)
  }
  const json = <T>(pathAndQuery: string): T => JSON.parse(raw(pathAndQuery).body) as T

  return {
    project: (params = {}) => json(`/${toQuery(params)}`),
    collections: () => json('/collections'),
    collection: (slug) => json(`/collections/${encodeURIComponent(slug)}`),
    // The caller's slug and uuid go to the service as values, never spliced into a path that
    // is parsed again (`<uuid>?state=draft` would have read the draft); a malformed one is refused first.
    entries: (slug) => {
      if (!isSlug(slug)) throw badRequest(`collection slug must be a collection's slug (lowercase letters, digits, "-" and "_"), got ${JSON.stringify(slug)}`)
      const read = (text: string) => JSON.parse(text) as never
      return {
        list: (params = {}) => rememberCollection(read(listEntries(ctx, slug, toQuery(params).slice(1), origin).body), slug),
        get: (uuid, params = {}) => {
          if (!isUuid(uuid)) throw badRequest(`uuid must be an entry uuid (8-4-4-4-12 hex digits), got ${JSON.stringify(uuid)}`)
          return rememberCollection(read(getEntry(ctx, slug, uuid, toQuery(params).slice(1), origin).body), slug)
        },
      }
    },
    raw,
    media: () => ({
      settings: store.project.media,
      stateDir: config.stateDir,
      files: [...store.assets.values()].filter((a) => a.deleted_at === null && isPlainFileName(a.filename))
        .map((asset) => ({ asset, path: join(store.layout.assetDir(asset.uuid), asset.filename) })),
    }),
    onChange: (listener) => store.onChange(listener),
    ready: watcher ? watcher.ready : Promise.resolve(),
    close,
  }
}

function answer(value: unknown): RawAnswer {
  return { body: JSON.stringify(value), etag: '' }
}
