import { cookies, draftMode } from 'next/headers.js'
import { isLocale, isSlug, isUuid } from '../core/ids.ts'
import { sitePath } from '../core/site-path.ts'
import { apiHeaders, baseOf, PREVIEW_COOKIE, type CmsServer } from './options.ts'

/** The draft as the API answers `GET /{collection}/{uuid}?state=draft`. */
export interface DraftEntry<F = Record<string, any>> {
  uuid: string
  locale: string
  published_at: string | null
  /** The entry's fields (type them with `createDraftModeHandler<PostsFields>`, from `cms types`). */
  fields: F
  [key: string]: unknown
}

export interface DraftModeOptions<F = Record<string, any>> extends CmsServer {
  /** The site path that shows this entry (`(entry) => '/posts/' + entry.fields.slug`). */
  resolvePath: (entry: DraftEntry<F>, collection: string) => string | Promise<string>
}

/**
 * `app/api/draft/route.ts`: `export const GET = createDraftModeHandler({ url, projectId, resolvePath })`.
 * Takes `?collection=&uuid=&locale=&token=` (a preview link's placeholders), checks the preview
 * token by reading that entry's draft with it, enables draft mode, keeps the token in an httpOnly
 * cookie (for `cmsFetch`) and redirects to `resolvePath(entry)`. A missing, invalid, tampered or
 * expired token is a 401, and draft mode stays off.
 */
export function createDraftModeHandler<F = Record<string, any>>(options: DraftModeOptions<F>): (request: Request) => Promise<Response> {
  return async (request) => {
    const q = new URL(request.url).searchParams
    const collection = q.get('collection')
    const uuid = q.get('uuid')
    const locale = q.get('locale')
    const token = q.get('token')
    if (!isSlug(collection)) return text(400, 'collection must be a collection slug.')
    if (!isUuid(uuid)) return text(400, 'uuid must be an entry uuid.')
    if (locale && !isLocale(locale)) return text(400, 'locale must be a locale code.')
    if (!token) return text(401, 'A preview token is needed (token).')
    const query = new URLSearchParams({ state: 'draft' })
    if (locale) query.set('locale', locale)
    let res: Response
    try {
      res = await fetch(`${baseOf(options)}/${collection}/${uuid.toLowerCase()}?${query}`, { headers: apiHeaders(options, token), cache: 'no-store' } as RequestInit)
    } catch {
      return text(502, 'The content server could not be reached.')
    }
    if (res.status === 401 || res.status === 403) return text(401, 'The preview token is invalid or has expired.')
    if (res.status === 404) return text(404, 'No such entry.')
    if (!res.ok) return text(502, `The content server answered ${res.status}.`)
    const entry = ((await res.json()) as { data: DraftEntry<F> }).data
    const path = await options.resolvePath(entry, collection)
    // Only a path on this site: a link must not turn the handler into an open redirect.
    if (sitePath(path) === null) return text(500, 'resolvePath must return a path on this site (starting with one "/", with no backslash or control character).')
    ;(await draftMode()).enable()
    // Like Next's own draft cookie: sent inside the editor's preview frame (SameSite=None needs https).
    const secure = new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https'
    ;(await cookies()).set(PREVIEW_COOKIE, token, { httpOnly: true, path: '/', secure, sameSite: secure ? 'none' : 'lax' })
    return new Response(null, { status: 307, headers: { location: path, 'cache-control': 'no-store' } })
  }
}

const text = (status: number, message: string) => new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
