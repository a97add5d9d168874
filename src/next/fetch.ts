import { cookies, draftMode } from 'next/headers.js'
import { apiHeaders, baseOf, PREVIEW_COOKIE, type CmsServer } from './options.ts'
import { tagsOfPath } from './tags.ts'

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
  const url = new URL(`${baseOf(options)}${path}`)
  let init: NextRequestInit
  if (preview) {
    url.searchParams.set('state', 'draft')
    init = { headers: apiHeaders(options, preview), cache: 'no-store' }
  } else {
    init = { headers: apiHeaders(options), cache: 'force-cache', next: { tags: [...tagsOfPath(path), ...(options.tags ?? [])] } }
  }
  const res = await fetch(url, init)
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: kept as text for the error.
  }
  if (!res.ok) throw new CmsFetchError(path, res.status, body)
  return body as T
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
