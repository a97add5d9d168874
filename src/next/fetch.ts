import { cookies, draftMode } from 'next/headers.js'
import { apiHeaders, baseOf, PREVIEW_COOKIE, type CmsServer } from './options.ts'
import { isEntryPath, tagsOfPath } from './tags.ts'

/** `fetch` as Next.js extends it (`cache`, `next.tags`; Node's own typings lack `cache`). */
type NextRequestInit = RequestInit & { cache?: 'force-cache' | 'no-store'; next?: { tags?: string[] } }

export interface CmsFetchOptions extends CmsServer {
  /** More cache tags for this read. */
  tags?: string[]
}

/** A read the server refused: `status` is its HTTP status, `body` its answer. */
export class CmsFetchError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(path: string, status: number, body: unknown) {
    super(`cms: GET ${path} answered ${status}`)
    this.name = 'CmsFetchError'
    this.status = status
    this.body = body
  }
}

/**
 * Reads an API path (`/articles?where[slug]=x&first=1`) from a server component: cached, tagged
 * `cms`, `<collection>` and (for `/<collection>/<uuid>`) `<collection>:<uuid>`, the tags the
 * revalidation handler expires. In draft mode it reads `state=draft` with the preview token the
 * draft handler stored, uncached. Resolves to the parsed JSON; a refusal rejects with a `CmsFetchError`.
 */
export async function cmsFetch<T = unknown>(path: string, options: CmsFetchOptions): Promise<T> {
  if (!path.startsWith('/') || path.startsWith('//')) throw new TypeError(`cmsFetch: path must be an API path starting with one "/", got ${JSON.stringify(path)}`)
  const preview = await previewToken()
  if (preview) {
    const url = new URL(`${baseOf(options)}${path}`)
    url.searchParams.set('state', 'draft')
    const draft = await read(url, { headers: apiHeaders(options, preview), cache: 'no-store' })
    // A preview token for one entry reads that entry only (403 on lists): the rest of the page reads published content, uncached.
    if (draft.status !== 403 || isEntryPath(path)) return answer(path, draft)
    return answer(path, await read(new URL(`${baseOf(options)}${path}`), { headers: apiHeaders(options), cache: 'no-store' }))
  }
  const tags = [...tagsOfPath(path), ...(options.tags ?? [])]
  return answer(path, await read(new URL(`${baseOf(options)}${path}`), { headers: apiHeaders(options), cache: 'force-cache', next: { tags } }))
}

async function read(url: URL, init: NextRequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, init)
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: kept as text for the error.
  }
  return { status: res.status, body }
}

function answer<T>(path: string, res: { status: number; body: unknown }): T {
  if (res.status < 200 || res.status > 299) throw new CmsFetchError(path, res.status, res.body)
  return res.body as T
}

/** The preview token, when draft mode is on (outside a request, e.g. while prerendering, there is none). */
async function previewToken(): Promise<string | null> {
  try {
    if (!(await draftMode()).isEnabled) return null
    return (await cookies()).get(PREVIEW_COOKIE)?.value ?? null
  } catch {
    return null
  }
}
