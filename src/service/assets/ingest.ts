import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform, type Readable, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { CmsError, ValidationError } from '../../core/errors.ts'
import { newUuid, now } from '../../core/ids.ts'
import type { AssetRecord } from '../../core/types.ts'
import type { ServiceContext } from '../context.ts'
import { TEMP_MARK } from '../../storage/paths.ts'
import { assertContained } from '../../storage/contained.ts'
import { makeDirs } from '../../storage/atomic.ts'
import { isMimeAllowed, limitText, resolveMime, sanitizeFilename } from './files.ts'
import { isTransformable } from './file-urls.ts'
import { focalOf, readImage } from './image-metadata.ts'

/** Bytes kept in memory for signature sniffing and image dimensions; the rest only streams through. */
const HEAD_BYTES = 128 * 1024
/** Buffering per stream stage: large enough for few, big disk writes; small enough to bound memory. */
export const STREAM_HWM = 1024 * 1024

/** An upload written to its temp file and checked, not yet visible: `commitUpload` or `discardUpload`. */
export interface StagedUpload {
  uuid: string
  dir: string
  tmp: string
  filename: string
  originalFilename: string
  mime: string
  size: number
  sha256: string
  width: number | null
  height: number | null
  /** A tiny blurred image (data URL) for layout, when the image could be read within the limits. */
  placeholder?: string | null
}

export interface AssetMetadata {
  alt_text?: string | null
  title?: string | null
  caption?: string | null
  description?: string | null
  author?: string | null
  copyright?: string | null
  focal_x?: number | null
  focal_y?: number | null
}
export const METADATA_KEYS = ['alt_text', 'title', 'caption', 'description', 'author', 'copyright'] as const

/**
 * Streams `source` into a temp file under `assets/<new uuid>/`, hashing as it goes and
 * keeping only the first bytes in memory. Checks the size limit while streaming (413) and the
 * type from the bytes' signature once complete (422). On any failure, including the source
 * erroring because the client went away, the temp file and folder are removed.
 * `errorKey` names the form field in a 422 (`file`, `files.2`).
 */
export async function stageUpload(
  ctx: ServiceContext, source: Readable, originalName: string,
  options: { errorKey?: string; onBytes?: (total: number) => void } = {},
): Promise<StagedUpload> {
  const uuid = newUuid()
  const dir = ctx.store.layout.assetDir(uuid)
  const filename = sanitizeFilename(originalName)
  const tmp = join(dir, `.upload${TEMP_MARK}${randomBytes(6).toString('hex')}`)
  const key = options.errorKey ?? 'file'
  const limit = ctx.config.uploadLimit
  const meter = new Meter(limit, options.onBytes)
  try {
    assertContained(ctx.store.layout.root, tmp, 'write')
    await makeDirs(dir)
    assertContained(ctx.store.layout.root, tmp, 'write')
    await pipeline(source, meter, createWriteStream(tmp, { flags: 'wx', mode: 0o644, flush: true, highWaterMark: STREAM_HWM }))
    if (meter.size === 0) throw new ValidationError({ [key]: ['The file is empty.'] })
    const { fileTypeFromBuffer, supportedExtensions } = await import('file-type')
    const head = meter.head()
    const signature = await fileTypeFromBuffer(head)
    const resolved = resolveMime({ signature, isText: meter.isText() }, filename, supportedExtensions)
    if ('error' in resolved) throw new ValidationError({ [key]: [resolved.error] })
    if (!isMimeAllowed(resolved.mime, ctx.config.uploadMimeAllow)) {
      throw new ValidationError({ [key]: [`Files of type ${resolved.mime} are not allowed (set CMS_UPLOAD_MIME_ALLOW to allow more types).`] })
    }
    let { width, height } = resolved.mime.startsWith('image/') ? await dimensions(head) : { width: null, height: null }
    let placeholder: string | null | undefined
    if (isTransformable(resolved.mime)) {
      const read = await readImage(tmp)
      if (read.width !== null) ({ width, height } = read)
      placeholder = read.placeholder
    }
    return {
      uuid, dir, tmp, filename, originalFilename: originalName, mime: resolved.mime,
      size: meter.size, sha256: meter.digest(), width, height, ...(placeholder !== undefined ? { placeholder } : {}),
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true }).catch(() => {})
    if (meter.overLimit) {
      throw new CmsError('payload_too_large', `The file is larger than the upload limit of ${limitText(limit)} (set CMS_UPLOAD_LIMIT to raise it).`)
    }
    throw error
  }
}

/** Moves a staged upload into place and writes its metadata; the asset exists from here on. */
export async function commitUpload(ctx: ServiceContext, staged: StagedUpload, metadata: AssetMetadata = {}): Promise<AssetRecord> {
  try {
    assertContained(ctx.store.layout.root, staged.tmp, 'write')
    await rename(staged.tmp, join(staged.dir, staged.filename))
    const at = now()
    const record: AssetRecord = {
      uuid: staged.uuid,
      filename: staged.filename,
      original_filename: staged.originalFilename,
      mime_type: staged.mime,
      size: staged.size,
      sha256: staged.sha256,
      width: staged.width,
      height: staged.height,
      alt_text: metadata.alt_text ?? null,
      title: metadata.title ?? null,
      caption: metadata.caption ?? null,
      description: metadata.description ?? null,
      author: metadata.author ?? null,
      copyright: metadata.copyright ?? null,
      ...focalOf(metadata),
      ...(staged.placeholder !== undefined ? { placeholder: staged.placeholder } : {}),
      created_at: at,
      updated_at: at,
      deleted_at: null,
    }
    await ctx.store.putAsset(record, ctx.source)
    await ctx.events.append([{ event: 'asset.created', source: ctx.source, asset_uuid: record.uuid, at }])
    return record
  } catch (error) {
    if (!ctx.store.assets.has(staged.uuid)) await discardUpload(staged)
    throw error
  }
}

export async function discardUpload(staged: Pick<StagedUpload, 'dir'>): Promise<void> {
  await rm(staged.dir, { recursive: true, force: true }).catch(() => {})
}

async function dimensions(head: Uint8Array): Promise<{ width: number | null; height: number | null }> {
  try {
    const { imageSize } = await import('image-size')
    const size = imageSize(head)
    const rotated = size.orientation !== undefined && size.orientation >= 5
    const width = (rotated ? size.height : size.width) ?? null
    const height = (rotated ? size.width : size.height) ?? null
    return { width, height }
  } catch {
    // Dimensions beyond the first bytes (or an unknown format) are simply not recorded.
    return { width: null, height: null }
  }
}

/** Counts, hashes and checks the bytes as they pass; keeps the first HEAD_BYTES for sniffing. */
class Meter extends Transform {
  size = 0
  overLimit = false
  readonly #hash = createHash('sha256')
  readonly #head: Buffer[] = []
  #headSize = 0
  #text = true
  readonly #decoder = new TextDecoder('utf-8', { fatal: true })
  readonly #limit: number
  readonly #onBytes: ((total: number) => void) | undefined

  constructor(limit: number, onBytes?: (total: number) => void) {
    super({ highWaterMark: STREAM_HWM })
    this.#limit = limit
    this.#onBytes = onBytes
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length
    if (this.size > this.#limit) {
      this.overLimit = true
      callback(new Error('upload limit exceeded'))
      return
    }
    this.#hash.update(chunk)
    if (this.#headSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.#headSize)
      this.#head.push(Buffer.from(part))
      this.#headSize += part.length
    }
    if (this.#text) {
      try {
        if (chunk.includes(0)) this.#text = false
        else this.#decoder.decode(chunk, { stream: true })
      } catch {
        this.#text = false
      }
    }
    this.#onBytes?.(this.size)
    callback(null, chunk)
  }

  override _flush(callback: TransformCallback): void {
    if (this.#text) {
      try {
        this.#decoder.decode()
      } catch {
        this.#text = false
      }
    }
    callback()
  }

  head(): Uint8Array {
    return Buffer.concat(this.#head, this.#headSize)
  }

  isText(): boolean {
    return this.#text
  }

  digest(): string {
    return this.#hash.digest('hex')
  }
}
