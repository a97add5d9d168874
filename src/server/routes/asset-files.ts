import type { H3Event } from 'h3'
import { create as contentDisposition } from 'content-disposition'
import type { AppContext } from '../../context.ts'
import { badRequest, notFound, unprocessable } from '../../core/errors.ts'
import { isUuid } from '../../core/ids.ts'
import { URL_PARAMS, hasTransform, type ImageOptions } from '../../core/image-url.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { admitFileRequest } from '../access/media-access.ts'
import { assetFile } from '../../service/assets/manage.ts'
import { assetVersion, isTransformable, type FileRoute } from '../../service/assets/file-urls.ts'
import { mediaWorks, type OutputFormat } from '../../service/assets/derivatives.ts'
import { decodeParam } from '../http/route-param.ts'
import { sendFile } from './assets.ts'
import { fileUrlOptions } from './image-params.ts'

/**
 * The file URLs of assets (docs/media.md): what `url`, `original_url` and `thumbnail_url` point
 * at, loadable by `<img>`, `<video>` and `<a download>` from any origin with no headers. Access
 * is decided here (media-access.ts: public project, signed URL, or a token), not by the guard:
 * the routes take no Project-Id header.
 */
export function registerAssetFileRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/files/:uuid/download', ability: null,
      summary: 'The file (no headers needed on a public project; signed `exp`/`sig` on a private one); `w`, `h`, `fit`, `format`, `q`, `dpr` transform an image (ETag, Range, Cache-Control)',
      produces: 'file',
      handler: (event) => serveFile(event, ctx, 'download'),
    },
    {
      method: 'GET', path: '/files/:uuid/thumbnail', ability: null,
      summary: 'A WebP thumbnail of an image: at most 400 px on its longer side and 30 KB',
      produces: 'file',
      handler: (event) => serveFile(event, ctx, 'thumbnail'),
    },
  ])
}

/** The year a URL carrying the file's current version may be kept. */
const IMMUTABLE = 'max-age=31536000, immutable'

async function serveFile(event: H3Event, ctx: AppContext, route: FileRoute): Promise<Response> {
  const uuid = decodeParam(event, 'uuid').toLowerCase()
  if (!isUuid(uuid)) throw notFound('Asset not found.')
  const params = event.url.searchParams
  const options = fileUrlOptions(params, URL_PARAMS)
  if (route === 'thumbnail' && hasTransform(options)) throw badRequest(`The thumbnail takes no transform parameters (${Object.keys(options).join(', ')}): use the asset's url with them.`)
  const how = admitFileRequest(event, ctx, uuid, route)
  const { asset, path, size } = await assetFile(ctx, uuid)

  const current = params.get('v') === assetVersion(asset)
  const scope = how === 'public' ? 'public' : 'private'
  let cacheControl = `${scope}, no-cache`
  if (current && how === 'public') cacheControl = `public, ${IMMUTABLE}`
  if (current && how === 'signed') cacheControl = `private, max-age=${Math.max(0, Number(params.get('exp')) - Math.floor(Date.now() / 1000))}`
  const headers: Record<string, string> = {
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    // An SVG (or HTML) opened from its URL runs no script and loads nothing.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'cross-origin-resource-policy': 'cross-origin',
    'access-control-allow-origin': '*',
  }

  const transformable = isTransformable(asset.mime_type)
  if (route === 'thumbnail' || hasTransform(options)) {
    if (!transformable) {
      // SVG is never rasterised: the original is what any size of it looks like.
      if (asset.mime_type === 'image/svg+xml') return original()
      throw unprocessable(route === 'thumbnail'
        ? `There is no thumbnail of a ${asset.mime_type} file.`
        : `Transform parameters apply to JPEG, PNG, WebP, AVIF, GIF and TIFF images; this file is ${asset.mime_type}. Use its url without them.`)
    }
    const format = route === 'thumbnail' ? 'webp' : outputFormat(options, asset.mime_type, event.req.headers.get('accept'))
    const works = mediaWorks(ctx.store.layout.stateDir, ctx.config.env)
    const made = await works.get(asset, path, route === 'thumbnail' ? { format: 'webp', thumbnail: true } : { ...options, format })
    if (options.format === 'auto') headers.vary = 'Accept'
    headers['content-type'] = made.mime
    headers['content-disposition'] = contentDisposition(`${stem(asset.original_filename)}.${format === 'jpeg' ? 'jpg' : format}`, { type: 'inline' })
    headers['x-media-cache'] = made.cache
    return sendFile(event, made.path, made.size, `"d-${made.key}"`, headers)
  }
  return original()

  function original(): Response {
    headers['content-type'] = /^(text\/|application\/json)/.test(asset.mime_type) ? `${asset.mime_type}; charset=utf-8` : asset.mime_type
    headers['content-disposition'] = contentDisposition(asset.original_filename, { type: 'inline' })
    return sendFile(event, path, size, `"${asset.sha256 || `${asset.uuid}-${size}`}"`, headers)
  }
}

/** `format` as asked; `auto` by the Accept header (AVIF, then WebP, else the original's kind); none: the original's. */
function outputFormat(options: ImageOptions, mime: string, accept: string | null): OutputFormat {
  if (options.format && options.format !== 'auto') return options.format
  if (options.format === 'auto') {
    if (mime !== 'image/gif' && accept?.includes('image/avif')) return 'avif'
    if (accept?.includes('image/webp')) return 'webp'
  }
  switch (mime) {
    case 'image/png': return 'png'
    case 'image/webp': return 'webp'
    case 'image/avif': return 'avif'
    case 'image/gif': return 'gif'
    default: return 'jpeg'
  }
}

const stem = (name: string): string => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(0, dot) : name
}
