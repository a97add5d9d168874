import { resolve } from 'node:path'
import type { Collection } from '../core/types.ts'
import type { ContentReader } from '../reader/index.ts'

/**
 * Where the loaders read: a content folder through the server-less reader (no network, no
 * server during `astro build`) or a running server over HTTP. Both answer the same JSON (the
 * reader is the server's own read path), so everything above this file is the same for both.
 */
export interface SourceOptions {
  /** The API's `locale` parameter (default: the project's default locale). */
  locale?: string
  /** The API's `state` parameter: `published` (default), `draft` (drafts where they exist), `only_draft`. */
  state?: 'published' | 'draft' | 'only_draft'
}

export interface DirSource extends SourceOptions {
  /** The content root (the folder holding `project.yaml`), relative to the working directory. */
  dir: string
  /** Origin written into asset URLs, as the server that will serve them (default `http://localhost:3000`). */
  baseUrl?: string
}

export interface UrlSource extends SourceOptions {
  /** The server's URL (with or without a trailing `/api`). */
  url: string
  projectId: string
  /** An API token (`Authorization: Bearer`), for a private project or drafts. */
  token?: string
  /** A preview token ([preview links](./site-builds.md)), sent as `Cms-Preview`: reads drafts without an API token. */
  previewToken?: string
}

/** One entry as the API answers it. */
export interface ApiEntry {
  uuid: string
  locale: string
  published_at: string | null
  fields: Record<string, unknown>
  [key: string]: unknown
}

export interface Source {
  entries(collection: string): Promise<ApiEntry[]>
  collections(): Promise<Collection[]>
  close(): Promise<void>
}

export const isDirSource = (o: DirSource | UrlSource): o is DirSource => typeof (o as DirSource).dir === 'string'

/** Query parameters shared by every read. */
function readParams(o: SourceOptions): URLSearchParams {
  const p = new URLSearchParams()
  if (o.locale) p.set('locale', o.locale)
  if (o.state && o.state !== 'published') p.set('state', o.state)
  return p
}

const withQuery = (path: string, p: URLSearchParams) => (p.size ? `${path}?${p}` : path)
const seg = (s: string) => encodeURIComponent(s)

export async function openSource(o: DirSource | UrlSource): Promise<Source> {
  return isDirSource(o) ? openDir(o) : openUrl(o)
}

/**
 * Readers open on a content folder, shared by the loaders of one sync (each collection has its
 * own loader; opening the store is most of a reader's cost): the last to close it closes it, so
 * the next sync (`astro dev` after a change) opens it again and sees the change.
 */
const openReaders = new Map<string, { reader: Promise<ContentReader>; users: number }>()

async function openDir(o: DirSource): Promise<Source> {
  const key = JSON.stringify([resolve(o.dir), o.baseUrl ?? null])
  let shared = openReaders.get(key)
  if (!shared) {
    // Loaded on use: a site that reads a server never loads the store.
    const reader = import('../reader/index.ts').then(({ openContent }) => openContent(o.dir, o.baseUrl ? { baseUrl: o.baseUrl } : {}))
    shared = { reader, users: 0 }
    openReaders.set(key, shared)
    reader.catch(() => openReaders.delete(key))
  }
  shared.users++
  const slot = shared
  const reader = await slot.reader
  const params = readParams(o)
  let closed = false
  return {
    entries: async (collection) => asList(JSON.parse(reader.raw(withQuery(`/${seg(collection)}`, params)).body)),
    collections: async () => reader.collections().map((c) => reader.collection(String(c.slug)) as unknown as Collection),
    close: async () => {
      if (closed) return
      closed = true
      if (--slot.users > 0) return
      if (openReaders.get(key) === slot) openReaders.delete(key)
      await reader.close()
    },
  }
}

function openUrl(o: UrlSource): Source {
  const base = o.url.replace(/\/+$/, '')
  const headers: Record<string, string> = { accept: 'application/json', 'project-id': o.projectId }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.previewToken) headers['cms-preview'] = o.previewToken
  const params = readParams(o)
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, { headers })
    if (!res.ok) throw new Error(`cms: GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
    return (await res.json()) as T
  }
  return {
    entries: async (collection) => asList(await get(withQuery(`/${seg(collection)}`, params))),
    collections: async () => {
      const list = await get<Array<{ slug: string }>>('/collections')
      return Promise.all(list.map((c) => get<Collection>(`/collections/${seg(c.slug)}`)))
    },
    close: async () => {},
  }
}

/** A list read answers an array, or one object (or null) for a singleton. */
function asList(body: unknown): ApiEntry[] {
  if (Array.isArray(body)) return body as ApiEntry[]
  return body && typeof body === 'object' && 'uuid' in body ? [body as ApiEntry] : []
}
