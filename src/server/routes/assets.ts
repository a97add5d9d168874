import { apiBase } from '../http/api-prefix.ts'
import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'
import parseRanges from 'range-parser'
import type { IncomingMessage } from 'node:http'
import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { CmsError } from '../../core/errors.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { decodeParam } from '../http/route-param.ts'
import { readJsonBody } from '../http/body.ts'
import { limitText } from '../../service/assets/files.ts'
// Exception to the layering: the asset route streams the file itself (ranges, no buffering), opened
// with the store's own no-symlink flag (allowed by name in scripts/import-layers.mjs).
import { READ_NOFOLLOW } from '../../storage/contained.ts'
import { receiveMultipart } from '../../service/assets/upload.ts'
import { toAssetJson, urlSource, type AssetBatch } from '../../service/assets/view.ts'
import type { AssetJson } from '../../core/types.ts'
import { transformOf } from './image-params.ts'
import {
  bulkUpdateMetadata, deleteAsset, findAssetByName, listAssets, requireAsset, restoreAsset, updateAssetMetadata,
} from '../../service/assets/manage.ts'
import { jsonResponse } from '../http/json-text.ts'

/** Room for multipart boundaries and small fields on top of the file itself. */
const MULTIPART_OVERHEAD = 1024 * 1024

/**
 * `/files`: the hosted service's asset routes, plus a download route that streams the bytes.
 * Like the hosted service, every asset route needs a token, even on a public project.
 */
export function registerAssetRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/files', ability: 'read', token: 'always',
      summary: 'List assets, newest first (`search`, `type=image|video|audio|document`, `paginate`, `page`)',
      answer: 'AssetList',
      handler: (event) => {
        const q = event.url.searchParams
        return listAssets(ctx, { search: q.get('search'), type: q.get('type'), paginate: q.get('paginate') ?? q.get('per_page'), page: q.get('page'), trashed: q.get('trashed') }, apiBase(event), '/files')
      },
    },
    {
      method: 'POST', path: '/files', status: 201, ability: 'create', token: 'always',
      summary: 'Upload one file (multipart field `file`, optional `metadata` JSON) → 201 asset',
      answer: 'Asset',
      handler: async (event) => {
        refuseOversized(event, ctx)
        const [asset] = await receiveMultipart(ctx, requestStream(event), event.req.headers.get('content-type') ?? '', { mode: 'single' })
        return created(toAssetJson(asset!, apiBase(event), urlSource(ctx.store)))
      },
    },
    {
      method: 'POST', path: '/files/bulk/upload', status: 201, ability: 'create', token: 'always',
      summary: 'Upload several files in one multipart request → 201 `{message, data}`',
      answer: 'AssetBatch',
      handler: async (event) => {
        refuseOversized(event, ctx, 'bulk')
        const assets = await receiveMultipart(ctx, requestStream(event), event.req.headers.get('content-type') ?? '', { mode: 'bulk', totalLimit: ctx.config.bulkUploadLimit })
        return created({ message: 'Bulk assets uploaded successfully.', data: assets.map((a) => toAssetJson(a, apiBase(event), urlSource(ctx.store))) })
      },
    },
    {
      serial: true, method: 'PATCH', path: '/files/bulk/metadata', ability: 'update', token: 'always',
      summary: 'Update metadata of several assets `{items: [{uuid, alt_text, ...}]}`',
      input: 'BulkMetadataInput', answer: 'AssetBatch',
      handler: async (event) => {
        const assets = await bulkUpdateMetadata(ctx, await readJsonBody(event, ctx))
        return { message: 'Bulk asset metadata updated successfully.', data: assets.map((a) => toAssetJson(a, apiBase(event), urlSource(ctx.store))) }
      },
    },
    {
      method: 'GET', path: '/files/name/:filename', ability: 'read', token: 'always',
      summary: 'The newest asset with this original file name',
      answer: 'Asset',
      handler: (event) => toAssetJson(findAssetByName(ctx, decodeParam(event, 'filename')), apiBase(event), urlSource(ctx.store)),
    },
    {
      method: 'GET', path: '/files/:uuid', ability: 'read', token: 'always',
      summary: 'One asset; with `w`, `h`, `fit`, `format`, `q`, `dpr` its `url` asks for that image (signed on a private project)',
      answer: 'Asset',
      handler: (event) => toAssetJson(requireAsset(ctx, decodeParam(event, 'uuid')), apiBase(event), urlSource(ctx.store), transformOf(event.url.searchParams)),
    },
    ...(['PUT', 'PATCH'] as const).map((method) => ({
      method, path: '/files/:uuid', ability: 'update' as const, token: 'always' as const,
      summary: 'Update an asset\'s metadata (alt_text, title, caption, description, author, copyright, focal_x, focal_y)',
      input: 'AssetMetadataInput' as const, answer: 'Asset' as const,
      handler: async (event: H3Event) => toAssetJson(await updateAssetMetadata(ctx, decodeParam(event, 'uuid'), await readJsonBody(event, ctx)), apiBase(event), urlSource(ctx.store)),
    })),
    {
      serial: true, method: 'POST', path: '/files/:uuid/restore', ability: 'update', token: 'always', summary: 'Take an asset out of the trash',
      answer: 'Asset',
      handler: async (event) => toAssetJson(await restoreAsset(ctx, decodeParam(event, 'uuid')), apiBase(event), urlSource(ctx.store)),
    },
    {
      serial: true, method: 'DELETE', path: '/files/:uuid', ability: 'delete', token: 'always',
      summary: 'Trash an asset (`?force=1` deletes it and its bytes); 422 while entries reference it',
      answer: 'AssetDeleted',
      handler: (event) => {
        const force = /^(1|true|yes)$/i.test(event.url.searchParams.get('force') ?? '')
        return deleteAsset(ctx, decodeParam(event, 'uuid'), { force })
      },
    },
  ])
}

/** The raw Node request when served by Node (cheapest, and it drains cleanly after an early answer); else the web body. */
function requestStream(event: H3Event): Readable {
  const node = (event.req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req
  if (node) return node
  const body = event.req.body
  if (!body) return Readable.from([])
  return Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>)
}

/** A declared length far over the limit is refused before a byte is read. */
function refuseOversized(event: H3Event, ctx: AppContext, mode: 'single' | 'bulk' = 'single'): void {
  const length = Number(event.req.headers.get('content-length') ?? Number.NaN)
  if (mode === 'bulk' && Number.isFinite(length) && length > ctx.config.bulkUploadLimit + MULTIPART_OVERHEAD) {
    throw new CmsError('payload_too_large', bulkTooLarge(ctx), { headers: { connection: 'close' } })
  }
  if (mode === 'single' && Number.isFinite(length) && length > ctx.config.uploadLimit + MULTIPART_OVERHEAD) {
    throw new CmsError('payload_too_large', `The file is larger than the upload limit of ${limitText(ctx.config.uploadLimit)} (set CMS_UPLOAD_LIMIT to raise it).`, { headers: { connection: 'close' } })
  }
}

const bulkTooLarge = (ctx: AppContext) =>
  `The upload is larger than the bulk upload limit of ${limitText(ctx.config.bulkUploadLimit)} (set CMS_BULK_UPLOAD_LIMIT to raise it, or send fewer files per request).`

/**
 * Sends a file with its headers: 304 on a matching `If-None-Match`, one byte range (206/416),
 * else the whole file, streamed. Used by the file routes (asset-files.ts) for originals and derivatives.
 */
export function sendFile(event: H3Event, path: string, size: number, etag: string, headers: Record<string, string>): Response {
  headers.etag = etag
  headers['accept-ranges'] = 'bytes'
  const inm = event.req.headers.get('if-none-match')
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) {
    const keep: Record<string, string> = { etag }
    for (const name of ['cache-control', 'vary', 'access-control-allow-origin', 'cross-origin-resource-policy']) if (headers[name]) keep[name] = headers[name]
    return new Response(null, { status: 304, headers: keep })
  }
  let start = 0
  let end = size - 1
  let status = 200
  const range = event.req.headers.get('range')
  const ifRange = event.req.headers.get('if-range')
  if (range && (!ifRange || ifRange.trim() === etag)) {
    const parsed = parseRange(range, size)
    if (parsed === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' } })
    }
    if (parsed) {
      ;[start, end] = parsed
      status = 206
      headers['content-range'] = `bytes ${start}-${end}/${size}`
    }
  }
  headers['content-length'] = String(size === 0 ? 0 : end - start + 1)
  if (size === 0) return new Response(null, { status: 200, headers })
  return new Response(fileStream(path, start, end), { status, headers })
}

/**
 * One `bytes=` range as [start, end] inclusive; null when the header is not one we honour
 * (several ranges, another unit, malformed: the whole file is sent, as RFC 9110 allows).
 */
export function parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | null {
  // range-parser refuses a suffix longer than the file; RFC 9110 §14.1.2 sends the whole file.
  const suffix = /^\s*bytes=\s*-\s*(\d+)\s*$/i.exec(header)
  const ranges = parseRanges(size, suffix && Number(suffix[1]) > size ? `bytes=-${size}` : header)
  if (ranges === -1) return 'unsatisfiable'
  if (ranges === -2 || ranges.type.toLowerCase() !== 'bytes' || ranges.length !== 1) return null
  return [ranges[0]!.start, ranges[0]!.end]
}

/** A pull-based stream over a byte range: reads only as fast as the client takes it. */
function fileStream(path: string, start: number, end: number): ReadableStream<Uint8Array> {
  let position = start
  let handle: Awaited<ReturnType<typeof open>> | undefined
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // O_NOFOLLOW: a link swapped in after the checks is still not followed.
      handle ??= await open(path, READ_NOFOLLOW)
      const want = Math.min(256 * 1024, end - position + 1)
      const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(want), 0, want, position)
      if (bytesRead === 0) {
        await handle.close()
        controller.close()
        return
      }
      position += bytesRead
      controller.enqueue(new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead))
      if (position > end) {
        await handle.close()
        handle = undefined
        controller.close()
      }
    },
    async cancel() {
      await handle?.close().catch(() => {})
    },
  }, { highWaterMark: 1 })
}

/** A 201 answer of an upload: the asset, or the batch of them. */
function created(body: AssetJson | AssetBatch): Response {
  return jsonResponse(201, body)
}
