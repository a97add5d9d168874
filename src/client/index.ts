import { createFetch, ofetch, type $Fetch } from 'ofetch'
import { apiErrorOf } from './transport.ts'
import { queryString } from '../core/query-string.ts'
import { imageQuery, type ImageOptions } from '../core/image-url.ts'
import type { PageLinks, PageMeta } from '../core/types.ts'

export { imageUrl, srcset, type ImageOptions, type ImageFit, type ImageFormat } from '../core/image-url.ts'
import { editAttributes, rememberCollection } from '../reader/edit-attributes.ts'

export { editAttributes }
export { ApiError } from './transport.ts'

/**
 * The typed client (`<package>/client`), on ofetch. Typed by the `Collections` map that
 * `cms types` generates:
 *
 *   import type { Collections } from './cms-types.ts'
 *   const cms = createClient<Collections>({ baseUrl, projectId, token })
 *   const posts = await cms.entries('articles').list({ locale: 'en', where: { featured: true } })
 */
export interface ClientOptions {
  /** The server's URL, with or without a trailing `/api`. */
  baseUrl: string
  projectId: string
  token?: string
  /** Extra headers on every request. */
  headers?: Record<string, string>
  /**
   * The fetch that carries the requests (default: the global one). The CLI and the MCP server
   * pass one that hands each Request to the app in process when no server runs.
   */
  fetch?: typeof globalThis.fetch
}

/** Options of one `request`: a query object and a body (JSON, or FormData for uploads). */
export interface RequestOptions {
  query?: Record<string, unknown>
  body?: unknown
  /** Milliseconds before the request is given up (default: none). */
  timeout?: number
}

type AnyEntry = { uuid: string; fields: unknown }
type FieldsOf<E> = E extends { fields: infer F } ? F : Record<string, unknown>
/** What create/update accept in `data`: field values by name (relations and media as uuids, repeatable text as `[{value}]`). */
export type EntryInput<E> = { [K in keyof FieldsOf<E>]?: unknown }

export interface ListParams {
  locale?: string
  state?: 'published' | 'draft' | 'only_draft'
  sort?: string | string[]
  page?: number
  limit?: number
  offset?: number
  timestamps?: boolean
  exclude?: string | string[]
}

export type { PageLinks, PageMeta } from '../core/types.ts'

export interface EntriesClient<E, W> {
  list(params?: ListParams & { where?: W; paginate?: undefined; count?: false; first?: false }): Promise<E[]>
  list(params: ListParams & { where?: W; paginate: number }): Promise<{ data: E[]; links: PageLinks; meta: PageMeta }>
  list(params: ListParams & { where?: W; count: true }): Promise<{ count: number }>
  list(params: ListParams & { where?: W; first: true }): Promise<E>
  get(uuid: string, params?: { state?: ListParams['state']; timestamps?: boolean; exclude?: string | string[]; translation_locale?: string }): Promise<{ data: E }>
  create(data: EntryInput<E>, options?: { state?: 'draft' | 'published'; locale?: string }): Promise<{ data: E }>
  update(uuid: string, data: EntryInput<E>, options?: { state?: 'draft' | 'published'; locale?: string }): Promise<{ data: E }>
  replace(uuid: string, data: EntryInput<E>, options?: { state?: 'draft' | 'published'; locale?: string }): Promise<{ data: E }>
  publish(uuid: string): Promise<{ data: E }>
  unpublish(uuid: string): Promise<{ data: E }>
  delete(uuid: string, options?: { force?: boolean }): Promise<void>
}

export interface CmsClient<C, W> {
  entries<S extends keyof C & string>(slug: S): EntriesClient<C[S], S extends keyof W ? W[S] : Record<string, unknown>>
  project(params?: { with?: string }): Promise<Record<string, unknown>>
  collections(): Promise<Array<Record<string, unknown>>>
  collection(slug: keyof C & string): Promise<Record<string, unknown>>
  /**
   * An image URL with transform options, asked of the API (`GET /files/{uuid}?w=…`): signed for
   * those options on a private project (needs a token with `read`). On a public project the
   * pure `imageUrl(asset, options)` gives the same without a request.
   */
  imageUrl(asset: string | { uuid: string }, options?: ImageOptions): Promise<string>
  /** Any route of the API: `method` and `path` (from the root, e.g. `/webhooks`), answer parsed as JSON. */
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<T>
  /** The underlying ofetch instance (base URL and headers set). */
  fetch: $Fetch
}

/**
 * `C`: the generated `Collections`; `W`: the generated `CollectionWhere` (each collection's
 * `Where<Fields>`), so `where` accepts only valid fields and operators.
 */
/**
 * Entry uuids are checked before any request: put into a path unchecked, `../files` would read
 * another route and `<uuid>?state=draft` would add a query (core/ids.ts's rule, repeated here
 * because the client imports no server code).
 */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A path segment from the caller: encoded, and never `.` or `..`, which URL parsing resolves even encoded (`%2e%2e`). */
function segment(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '' || value === '.' || value === '..') throw new TypeError(`${what} must be a non-empty name, got ${JSON.stringify(value)}`)
  return encodeURIComponent(value)
}

function uuidSegment(value: unknown): string {
  if (typeof value !== 'string' || !UUID_RE.test(value)) throw new TypeError(`uuid must be an entry uuid (8-4-4-4-12 hex digits), got ${JSON.stringify(value)}`)
  return value
}

export function createClient<C = Record<string, AnyEntry>, W = Record<string, never>>(options: ClientOptions): CmsClient<C, W> {
  const base = options.baseUrl.replace(/\/+$/, '')
  const fetcher = options.fetch ? createFetch({ fetch: options.fetch }) : ofetch
  const raw = fetcher.create({
    // Both forms work: the server answers at the root and (where configured) under `/api`.
    baseURL: base,
    headers: {
      accept: 'application/json',
      'project-id': options.projectId,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  })
  // A refusal rejects with the ApiError every caller shares (transport.ts): status, the API's
  // message, its JSON body as `data`, a 422's `errors`. No answer at all rejects as fetch did.
  const api = (<T>(path: string, init?: Parameters<$Fetch>[1]) => raw<T>(path, init as never).catch((error: unknown) => {
    const answer = error as { response?: Response; data?: unknown }
    throw answer.response ? Object.assign(apiErrorOf(answer.response.status, answer.data), { cause: error }) : error
  })) as $Fetch
  const get = <T>(path: string, params: Record<string, unknown> = {}) => api<T>(`${path}${queryString(params)}`)
  return {
    entries: (slug) => {
      const at = `/${segment(slug, 'collection slug')}`
      const one = (uuid: string) => `${at}/${uuidSegment(uuid)}`
      // Refusals are rejected promises, like every other failure of these methods.
      const write = async (method: 'POST' | 'PATCH' | 'PUT', path: () => string, data: unknown, extra: Record<string, unknown> = {}) => api(path(), { method, body: { data, ...extra } })
      return {
        list: (async (params: object = {}) => rememberCollection(await get(at, params as Record<string, unknown>), slug)) as unknown as EntriesClient<never, never>['list'],
        get: async (uuid: string, params: object = {}) => rememberCollection(await get(one(uuid), params as Record<string, unknown>), slug),
        create: (data, extra = {}) => write('POST', () => at, data, extra),
        update: (uuid, data, extra = {}) => write('PATCH', () => one(uuid), data, extra),
        replace: (uuid, data, extra = {}) => write('PUT', () => one(uuid), data, extra),
        publish: async (uuid) => api(`${one(uuid)}/publish`, { method: 'POST' }),
        unpublish: async (uuid) => api(`${one(uuid)}/unpublish`, { method: 'POST' }),
        delete: async (uuid, extra = {}) => { await api(`${one(uuid)}${extra.force ? '?force=1' : ''}`, { method: 'DELETE' }) },
      } as EntriesClient<never, never>
    },
    project: (params = {}) => get('/', params),
    collections: () => get('/collections'),
    collection: async (slug) => get(`/collections/${segment(slug, 'collection slug')}`),
    imageUrl: async (asset, imageOptions = {}) => {
      const uuid = uuidSegment(typeof asset === 'string' ? asset : asset.uuid)
      const query = imageQuery(imageOptions)
      return (await api<{ url: string }>(`/files/${uuid}${query ? `?${query}` : ''}`)).url
    },
    request: <T>(method: string, path: string, extra: RequestOptions = {}) => api<T>(path, {
      method: method as 'GET',
      retry: 0,
      ...(extra.query ? { query: extra.query } : {}),
      ...(extra.body !== undefined ? { body: extra.body as Record<string, unknown> } : {}),
      ...(extra.timeout ? { timeout: extra.timeout } : {}),
    }),
    fetch: raw,
  }
}
