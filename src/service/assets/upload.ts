import type { Readable } from 'node:stream'
import { CmsError, ValidationError, badRequest } from '../../core/errors.ts'
import type { AssetRecord } from '../../core/types.ts'
import type { ServiceContext } from '../context.ts'
import { commitUpload, discardUpload, stageUpload, METADATA_KEYS, STREAM_HWM, type AssetMetadata, type StagedUpload } from './ingest.ts'
import { limitText } from './files.ts'

export interface MultipartOptions {
  /** `single`: exactly one file (POST /files); `bulk`: one or more (POST /files/bulk/upload). */
  mode: 'single' | 'bulk'
  /** Most bytes the whole body may carry (bulk); over it → 413 while streaming. */
  totalLimit?: number
  /** Most files one bulk request may carry. @default 50 */
  maxFiles?: number
}

/**
 * Reads a multipart/form-data upload with busboy, streaming each file part straight to a temp
 * file (never buffering a file in memory). Form fields: `file` (or any file field in bulk),
 * `metadata` (a JSON object, or in bulk a JSON array aligned with the files), and the
 * metadata keys as plain fields. Nothing becomes visible until every part has arrived and
 * passed its checks; if the request fails or the client goes away, every temp file goes.
 */
export async function receiveMultipart(ctx: ServiceContext, body: Readable, contentType: string, options: MultipartOptions): Promise<AssetRecord[]> {
  if (!/^multipart\/form-data\b/i.test(contentType) || !/boundary=/i.test(contentType)) {
    throw new CmsError('unsupported_media_type', 'Uploads must be sent as multipart/form-data with a `file` field.')
  }
  const maxFiles = options.mode === 'single' ? 1 : options.maxFiles ?? 50
  const { default: Busboy } = await import('busboy')
  const staged: Array<Promise<StagedUpload>> = []
  const fields = new Map<string, string>()
  let tooMany = false

  const parsed = new Promise<void>((resolve, reject) => {
    let busboy: ReturnType<typeof Busboy>
    try {
      busboy = Busboy({
        headers: { 'content-type': contentType },
        limits: { files: maxFiles, fields: 40, fieldSize: 64 * 1024, parts: maxFiles + 40, headerPairs: 200 },
        preservePath: true,
        fileHwm: STREAM_HWM,
        highWaterMark: STREAM_HWM,
        defParamCharset: 'utf8',
      })
    } catch (error) {
      reject(badRequest(`Malformed multipart body: ${(error as Error).message}.`))
      return
    }
    let failed = false
    const fail = (error: unknown) => {
      if (failed) return
      failed = true
      body.unpipe(busboy)
      // Discard the rest of the body (no buffering), so the client can finish sending and read the answer.
      body.resume()
      busboy.removeAllListeners('close')
      reject(error)
      // Tears down the file part still streaming, so its stage fails and cleans up.
      busboy.destroy(new Error('upload aborted'))
    }
    busboy.on('file', (name, stream, info) => {
      const index = staged.length
      if (options.mode === 'single' && name !== 'file') {
        stream.resume()
        return
      }
      const key = options.mode === 'single' ? 'file' : `files.${index}`
      const task = stageUpload(ctx, stream, info.filename || 'file', { errorKey: key })
      // A failed file stops the whole request at once (its stream is already torn down).
      task.catch(fail)
      staged.push(task)
    })
    busboy.on('field', (name, value) => { fields.set(name, value) })
    if (options.totalLimit !== undefined) {
      // A body without Content-Length (chunked) is counted as it arrives.
      const limit = options.totalLimit
      let total = 0
      body.on('data', (chunk: Buffer) => {
        total += chunk.length
        if (total > limit) fail(new CmsError('payload_too_large', `The upload is larger than the bulk upload limit of ${limitText(limit)} (set CMS_BULK_UPLOAD_LIMIT to raise it, or send fewer files per request).`, { headers: { connection: 'close' } }))
      })
    }
    busboy.on('filesLimit', () => { tooMany = true })
    busboy.on('error', (error) => fail(badRequest(`Malformed multipart body: ${(error as Error).message}.`)))
    busboy.on('close', () => resolve())
    // The client going away mid-upload errors or closes the body before it completes.
    body.on('error', () => fail(new CmsError('bad_request', 'The upload was interrupted.')))
    body.on('close', () => {
      if ((body as { complete?: boolean }).complete === false) fail(new CmsError('bad_request', 'The upload was interrupted.'))
    })
    body.pipe(busboy)
  })

  try {
    await parsed
    const files = await Promise.all(staged)
    if (tooMany) throw new ValidationError({ files: [`At most ${maxFiles} file${maxFiles > 1 ? 's' : ''} per request.`] })
    if (files.length === 0) {
      throw new ValidationError(options.mode === 'single' ? { file: ['The file field is required.'] } : { files: ['At least one file is required.'] })
    }
    const metadata = readMetadata(fields, files.length, options.mode)
    const records: AssetRecord[] = []
    for (const [i, file] of files.entries()) {
      records.push(await commitUpload(ctx, file, metadata[i] ?? {}))
    }
    return records
  } catch (error) {
    // Stages still running finish (or fail) on their own; remove whatever they left.
    const settled = await Promise.allSettled(staged)
    for (const s of settled) if (s.status === 'fulfilled' && !ctx.store.assets.has(s.value.uuid)) await discardUpload(s.value)
    throw error
  }
}

/** `metadata` JSON (object, or array per file in bulk) merged over plain metadata fields. */
function readMetadata(fields: Map<string, string>, count: number, mode: 'single' | 'bulk'): AssetMetadata[] {
  const plain: AssetMetadata = {}
  for (const key of METADATA_KEYS) {
    const v = fields.get(key)
    if (v !== undefined) plain[key] = v
  }
  const raw = fields.get('metadata')
  if (raw === undefined || raw.trim() === '') return Array.from({ length: count }, () => ({ ...plain }))
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw new ValidationError({ metadata: ['The metadata field must be valid JSON.'] })
  }
  const list = Array.isArray(value) && mode === 'bulk' ? value : Array.from({ length: count }, () => value)
  return list.slice(0, count).map((item, i) => ({ ...plain, ...checkMetadata(item, mode === 'bulk' && Array.isArray(value) ? `metadata.${i}` : 'metadata') }))
}

/** Validates a metadata object: known keys only, each a string (≤ 2000 chars) or null. */
export function checkMetadata(value: unknown, key = 'metadata'): AssetMetadata {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ValidationError({ [key]: ['The metadata must be an object.'] })
  const out: AssetMetadata = {}
  const errors: Record<string, string[]> = {}
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k === 'focal_x' || k === 'focal_y') {
      // The focal point, 0..1 from the left (x) and the top (y); null takes it away (the centre).
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v
      if (n !== null && (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1)) errors[`${key}.${k}`] = [`The ${k} must be a number from 0 to 1, or null.`]
      else out[k] = n === null ? null : Math.round(n * 10000) / 10000
      continue
    }
    if (!(METADATA_KEYS as readonly string[]).includes(k)) {
      // Clients written for the hosted service send extra keys (e.g. SDK 0.3); ignore what we don't store.
      continue
    }
    if (v !== null && typeof v !== 'string') errors[`${key}.${k}`] = [`The ${k} must be a string or null.`]
    else if (typeof v === 'string' && v.length > 2000) errors[`${key}.${k}`] = [`The ${k} may not be greater than 2000 characters.`]
    else out[k as (typeof METADATA_KEYS)[number]] = v
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  return out
}
