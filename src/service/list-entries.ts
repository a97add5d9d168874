import type { AppContext } from '../context.ts'
import { notFound } from '../core/errors.ts'
import { toEntryOutput } from './entry-view.ts'

/** A read answer, pre-serialised: routes send `body` as is; the CLI parses it. */
export interface ReadResult {
  body: string
  etag: string
}

/**
 * `GET /{collection}` as a service, shared by the HTTP route and `cms entry list`.
 * `query` is the raw query string (no leading `?`); `baseUrl` builds pagination links.
 * The listing issue replaces this with the full query language.
 */
export function listEntries(ctx: AppContext, slug: string, query: string, baseUrl: string): ReadResult {
  void baseUrl
  const index = ctx.store.collection(slug)
  if (!index) throw notFound('Collection not found.')
  const locale = new URLSearchParams(query).get('locale')
  const entries = [...index.entries.values()].filter((e) => e.published && !e.deleted_at && (!locale || e.locale === locale))
  return { body: JSON.stringify(entries.map((e) => toEntryOutput(e, index.collection, 'published'))), etag: `"${index.revision}"` }
}

/** `GET /{collection}/{uuid}` as a service. */
export function getEntry(ctx: AppContext, slug: string, uuid: string, query: string, baseUrl: string): ReadResult {
  void query
  void baseUrl
  const index = ctx.store.collection(slug)
  if (!index) throw notFound('Collection not found.')
  const entry = index.entries.get(uuid)
  if (!entry || !entry.published || entry.deleted_at) throw notFound('Content not found.')
  return { body: JSON.stringify({ data: toEntryOutput(entry, index.collection, 'published') }), etag: `"${index.revision}"` }
}
