import type { LiveLoader } from 'astro/loaders'
import type { Collection } from '../core/types.ts'
import { toQuery } from '../reader/query.ts'
import { planFields, toData, type FieldPlan } from './data.ts'
import type { ApiEntry, UrlSource } from './source.ts'

export type CmsLiveLoaderOptions = UrlSource & {
  /** Our collection's slug. */
  collection: string
  /** Our collection slug → the Astro collection name its references point to (default: the same name). */
  references?: Record<string, string>
}

/** `getLiveEntry('articles', uuid)` or `getLiveEntry('articles', { slug: 'x' })` (a `where` on fields). */
export type CmsEntryFilter = { id: string } | Record<string, unknown>
/** `getLiveCollection('articles', { where: {...}, sort: 'title', limit: 10 })`: the API's list parameters. */
export interface CmsCollectionFilter {
  where?: Record<string, unknown>
  sort?: string
  limit?: number
  offset?: number
  locale?: string
}

/**
 * A live loader (`src/live.config.ts`) for on-demand routes: every call reads the server. Each
 * answer carries cache tags, `<collection>` and `<collection>:<uuid>`, the same tags the Next.js
 * helpers use, for a CDN or Astro's route caching to purge on our webhooks.
 */
export function cmsLiveLoader(options: CmsLiveLoaderOptions): LiveLoader<Record<string, unknown>, CmsEntryFilter, CmsCollectionFilter> {
  const base = options.url.replace(/\/+$/, '')
  const headers: Record<string, string> = { accept: 'application/json', 'project-id': options.projectId }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.previewToken) headers['cms-preview'] = options.previewToken
  const slug = encodeURIComponent(options.collection)
  const get = async <T>(path: string, missing: 'null' | 'error' = 'error'): Promise<T | null> => {
    const res = await fetch(`${base}${path}`, { headers })
    if (res.status === 404 && missing === 'null') return null
    if (!res.ok) throw new Error(`cms: GET ${path} answered ${res.status}`)
    return (await res.json()) as T
  }
  let planned: Promise<FieldPlan> | null = null
  const plan = () => (planned ??= (async () => {
    const all = await Promise.all(((await get<Array<{ slug: string }>>('/collections')) ?? []).map((c) => get<Collection>(`/collections/${encodeURIComponent(c.slug)}`)))
    const cols = all.filter((c): c is Collection => c !== null)
    const collection = cols.find((c) => c.slug === options.collection)
    if (!collection) throw new Error(`cmsLiveLoader: no collection "${options.collection}" on ${options.url}`)
    return planFields(collection, cols, options.references)
  })().catch((error: unknown) => {
    planned = null
    throw error
  }))
  const common = { locale: options.locale, state: options.state === 'published' ? undefined : options.state }
  const tags = (e: ApiEntry) => [options.collection, `${options.collection}:${e.uuid}`]
  const live = async (e: ApiEntry) => ({ id: e.uuid, data: toData(e, await plan()), cacheHint: { tags: tags(e), ...lastModified(e) } })
  return {
    name: 'cms-content-server-live',
    loadEntry: async ({ filter }) => {
      try {
        const id = (filter as { id?: unknown }).id
        const entry = typeof id === 'string' && Object.keys(filter).length === 1
          ? (await get<{ data: ApiEntry }>(`/${slug}/${encodeURIComponent(id)}${toQuery(common)}`, 'null'))?.data
          : await get<ApiEntry>(`/${slug}${toQuery({ ...common, where: filter, first: true })}`, 'null')
        return entry ? await live(entry) : undefined
      } catch (error) {
        return { error: error as Error }
      }
    },
    loadCollection: async ({ filter }) => {
      try {
        const list = (await get<ApiEntry[] | ApiEntry>(`/${slug}${toQuery({ ...common, ...filter })}`)) ?? []
        const entries = await Promise.all((Array.isArray(list) ? list : [list]).map(live))
        return { entries, cacheHint: { tags: [options.collection] } }
      } catch (error) {
        return { error: error as Error }
      }
    },
  }
}

function lastModified(e: ApiEntry): { lastModified?: Date } {
  const at = typeof e.updated_at === 'string' ? e.updated_at : e.published_at
  return at ? { lastModified: new Date(at) } : {}
}
