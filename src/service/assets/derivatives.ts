import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { availableParallelism } from 'node:os'
import { CmsError, unprocessable } from '../../core/errors.ts'
import { imageQuery, type ImageOptions } from '../../core/image-url.ts'
import type { AssetRecord } from '../../core/types.ts'

/**
 * Image derivatives (docs/media.md): made with sharp (libvips) once, kept on disk in the state
 * folder (`.cms/media-cache/`), keyed by the file's content, the parameters and the focal point,
 * bounded in size (least recently used out). Concurrent first requests for one derivative share
 * one transform; transforms run a few at a time (libvips works in the thread pool, the event
 * loop only waits); an input over the pixel limit is refused from its header, before decoding.
 */

export type OutputFormat = 'webp' | 'avif' | 'jpeg' | 'png' | 'gif'

/** A transform with its format decided (`auto` resolved by the request's Accept). */
export interface DerivativeSpec extends Omit<ImageOptions, 'format'> {
  format: OutputFormat
  /** The editor's thumbnail: WebP within 400 px, made smaller until it fits THUMB_MAX_BYTES. */
  thumbnail?: true
}

export interface Derivative {
  path: string
  size: number
  mime: string
  /** Its identity (the cache key): the ETag. */
  key: string
  /** `hit`: from the cache; `miss`: made by this request; `shared`: made by a concurrent one. */
  cache: 'hit' | 'miss' | 'shared'
}

export interface MediaLimits {
  /** Largest input (width × height × frames) decoded. */
  maxInputPixels: number
  /** Most frames of an animated image kept. */
  maxFrames: number
  /** Transforms running at once. */
  concurrency: number
  /** Transforms waiting; beyond, 429. */
  maxQueue: number
  /** Bytes of derivatives kept on disk. */
  cacheBytes: number
}

export const THUMB_SIZE = 400
export const THUMB_MAX_BYTES = 30 * 1024

/** Limits from the environment (`CMS_IMAGE_MAX_PIXELS`, `CMS_IMAGE_CONCURRENCY`, `CMS_MEDIA_CACHE_BYTES`). */
export function mediaLimits(env: Readonly<Record<string, string | undefined>>): MediaLimits {
  const int = (name: string, fallback: number) => {
    const n = Number(env[name])
    return env[name] !== undefined && Number.isInteger(n) && n > 0 ? n : fallback
  }
  return {
    maxInputPixels: int('CMS_IMAGE_MAX_PIXELS', 100_000_000),
    maxFrames: int('CMS_IMAGE_MAX_FRAMES', 300),
    // One core stays free for the event loop: on 2 cores, one transform at a time.
    concurrency: int('CMS_IMAGE_CONCURRENCY', Math.max(1, availableParallelism() - 1)),
    maxQueue: int('CMS_IMAGE_QUEUE', 200),
    cacheBytes: int('CMS_MEDIA_CACHE_BYTES', 1024 * 1024 * 1024),
  }
}

const MIME: Record<OutputFormat, string> = { webp: 'image/webp', avif: 'image/avif', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' }

/** One state folder's derivative cache, transform queue and in-flight transforms. */
class MediaWorks {
  readonly dir: string
  limits: MediaLimits
  /** key → bytes, least recently used first (Map keeps insertion order). */
  readonly #entries = new Map<string, { file: string; size: number }>()
  #total = 0
  #loaded: Promise<void> | null = null
  readonly #inflight = new Map<string, Promise<{ file: string; size: number }>>()
  #running = 0
  readonly #waiting: Array<() => void> = []
  /** Transforms made since start (the bench counts them). */
  made = 0

  constructor(stateDir: string, limits: MediaLimits) {
    this.dir = join(stateDir, 'media-cache')
    this.limits = limits
  }

  async get(asset: AssetRecord, source: string, spec: DerivativeSpec): Promise<Derivative> {
    const key = derivativeKey(asset, spec)
    const mime = MIME[spec.format]
    await (this.#loaded ??= this.#load())
    const known = this.#entries.get(key)
    if (known) {
      const info = await stat(join(this.dir, known.file)).catch(() => null)
      if (info) {
        this.#entries.delete(key)
        this.#entries.set(key, known)
        return { path: join(this.dir, known.file), size: known.size, mime, key, cache: 'hit' }
      }
      this.#forget(key)
    }
    const running = this.#inflight.get(key)
    if (running) {
      const made = await running
      return { path: join(this.dir, made.file), size: made.size, mime, key, cache: 'shared' }
    }
    const task = this.#make(key, asset, source, spec)
    this.#inflight.set(key, task)
    try {
      const made = await task
      return { path: join(this.dir, made.file), size: made.size, mime, key, cache: 'miss' }
    } finally {
      this.#inflight.delete(key)
    }
  }

  async #make(key: string, asset: AssetRecord, source: string, spec: DerivativeSpec): Promise<{ file: string; size: number }> {
    await this.#slot()
    try {
      const bytes = await transform(source, asset, spec, this.limits)
      const file = `${key}.${spec.format}`
      const tmp = join(this.dir, `.${key}.${randomBytes(4).toString('hex')}.tmp`)
      await mkdir(this.dir, { recursive: true })
      await writeFile(tmp, bytes)
      await rename(tmp, join(this.dir, file))
      this.made++
      this.#remember(key, file, bytes.length)
      return { file, size: bytes.length }
    } finally {
      this.#release()
    }
  }

  #slot(): Promise<void> {
    if (this.#running < this.limits.concurrency) {
      this.#running++
      return Promise.resolve()
    }
    if (this.#waiting.length >= this.limits.maxQueue) {
      return Promise.reject(new CmsError('rate_limited', 'Too many images are being made right now: retry in a moment.', { headers: { 'retry-after': '2' } }))
    }
    return new Promise((resolve) => this.#waiting.push(() => { this.#running++; resolve() }))
  }

  #release(): void {
    this.#running--
    this.#waiting.shift()?.()
  }

  #remember(key: string, file: string, size: number): void {
    this.#forget(key)
    this.#entries.set(key, { file, size })
    this.#total += size
    // Least recently used out, never the one just made.
    for (const [k, e] of this.#entries) {
      if (this.#total <= this.limits.cacheBytes || k === key) break
      this.#forget(k)
      unlink(join(this.dir, e.file)).catch(() => {})
    }
  }

  #forget(key: string): void {
    const e = this.#entries.get(key)
    if (!e) return
    this.#total -= e.size
    this.#entries.delete(key)
  }

  /** What an earlier run left, oldest access first. */
  async #load(): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[])
    const found: Array<{ key: string; file: string; size: number; at: number }> = []
    for (const name of names) {
      const m = /^([0-9a-f]{40})\.(webp|avif|jpeg|png|gif)$/.exec(name)
      if (!m) {
        if (name.endsWith('.tmp')) await rm(join(this.dir, name), { force: true }).catch(() => {})
        continue
      }
      const info = await stat(join(this.dir, name)).catch(() => null)
      if (info) found.push({ key: m[1]!, file: name, size: info.size, at: info.atimeMs })
    }
    found.sort((a, b) => a.at - b.at)
    for (const f of found) {
      this.#entries.set(f.key, { file: f.file, size: f.size })
      this.#total += f.size
    }
  }
}

const works = new Map<string, MediaWorks>()

/** The derivative cache of a state folder (one per process and folder). */
export function mediaWorks(stateDir: string, env: Readonly<Record<string, string | undefined>> = {}): MediaWorks {
  let w = works.get(stateDir)
  if (!w) works.set(stateDir, (w = new MediaWorks(stateDir, mediaLimits(env))))
  return w
}
export type { MediaWorks }

/** The cache key: content, parameters, focal point (a crop's identity), and the kind. */
export function derivativeKey(asset: Pick<AssetRecord, 'sha256' | 'uuid' | 'size' | 'focal_x' | 'focal_y'>, spec: DerivativeSpec): string {
  const content = asset.sha256 || `${asset.uuid}:${asset.size}`
  const params = spec.thumbnail ? 'thumbnail' : `${imageQuery({ ...spec, format: undefined })}&format=${spec.format}`
  return createHash('sha1').update(`v1|${content}|${params}|${asset.focal_x ?? ''},${asset.focal_y ?? ''}`).digest('hex')
}

type Sharp = typeof import('sharp').default
let sharpModule: Promise<Sharp> | null = null
/** sharp, loaded on first use (the server starts without it), with its own cache off: ours is on disk. */
export function loadSharp(): Promise<Sharp> {
  return (sharpModule ??= import('sharp').then((m) => {
    const sharp = m.default
    sharp.cache(false)
    // One libvips thread per transform: transforms never take the cores the event loop needs.
    sharp.concurrency(1)
    return sharp
  }))
}

/** What the header says, checked against the limits before anything is decoded. */
export async function checkedInput(source: string, limits: Pick<MediaLimits, 'maxInputPixels' | 'maxFrames'>): Promise<{ width: number; height: number; pages: number; format: string; orientation: number }> {
  const sharp = await loadSharp()
  let meta: import('sharp').Metadata
  try {
    meta = await sharp(source, { limitInputPixels: false, animated: true }).metadata()
  } catch {
    throw unprocessable('This image could not be read (damaged or not an image format the server transforms); the original is still served without transform parameters.')
  }
  const pages = meta.pages ?? 1
  const width = meta.width ?? 0
  const height = (meta.pageHeight ?? meta.height ?? 0)
  if (!width || !height) throw unprocessable('This image has no dimensions the server can read; the original is still served without transform parameters.')
  if (width * height > limits.maxInputPixels) {
    throw unprocessable(`This image is too large to transform (${width}×${height} pixels; the limit is ${limits.maxInputPixels} pixels, CMS_IMAGE_MAX_PIXELS); the original is still served without transform parameters.`)
  }
  if (pages > 1 && (pages > limits.maxFrames || (Number.isFinite(limits.maxFrames) && width * height * pages > limits.maxInputPixels))) {
    throw unprocessable(`This animated image has too many frames to transform (${pages}; the limit is ${limits.maxFrames} frames and ${limits.maxInputPixels} pixels in all); the original is still served without transform parameters.`)
  }
  return { width, height, pages, format: meta.format ?? '', orientation: meta.orientation ?? 1 }
}

/** Runs one transform to bytes. Metadata (EXIF, GPS, XMP) is not carried over: sharp drops it unless asked. */
async function transform(source: string, asset: AssetRecord, spec: DerivativeSpec, limits: MediaLimits): Promise<Buffer> {
  const sharp = await loadSharp()
  // A thumbnail decodes the first frame only: the frame count does not limit it.
  const input = await checkedInput(source, spec.thumbnail ? { ...limits, maxFrames: Number.POSITIVE_INFINITY, maxInputPixels: limits.maxInputPixels } : limits)
  const animated = input.pages > 1
  if (animated && !spec.thumbnail && spec.format !== 'webp' && spec.format !== 'gif') {
    throw unprocessable(`This image is animated: ask for format=webp (or no format) to keep its frames; ${spec.format} holds one frame.`)
  }
  const open = () => sharp(source, { limitInputPixels: limits.maxInputPixels, sequentialRead: true, animated, failOn: 'error' }).timeout({ seconds: 30 })
  try {
    // An animated thumbnail keeps its first frame: a grid of moving pictures helps no one.
    if (spec.thumbnail) return await thumbnail(() => sharp(source, { limitInputPixels: limits.maxInputPixels, failOn: 'error' }).timeout({ seconds: 30 }).rotate())
    let image = open()
    if (!animated) image = image.rotate()
    const dpr = spec.dpr ?? 1
    const w = spec.w !== undefined ? Math.round(spec.w * dpr) : undefined
    const h = spec.h !== undefined ? Math.round(spec.h * dpr) : undefined
    const fit = spec.fit ?? 'cover'
    // Oriented size: EXIF orientation 5..8 swaps width and height.
    const oriented = input.orientation >= 5 ? { W: input.height, H: input.width } : { W: input.width, H: input.height }
    const out = outputSize(oriented.W, oriented.H, w, h, fit)
    if (out.width * out.height > 8192 * 8192 || out.width > 16384 || out.height > 16384) {
      throw unprocessable(`The asked size would make an image of ${out.width}×${out.height} pixels, over the limit of ${8192 * 8192} pixels: ask for a smaller w or h.`)
    }
    if (w !== undefined && h !== undefined && fit === 'cover' && !animated) {
      // Cover around the focal point: scale to cover, then cut the window centred on it (clamped to the image).
      const scale = Math.max(w / oriented.W, h / oriented.H)
      const rw = Math.max(w, Math.round(oriented.W * scale))
      const rh = Math.max(h, Math.round(oriented.H * scale))
      const fx = asset.focal_x ?? 0.5
      const fy = asset.focal_y ?? 0.5
      const left = Math.min(rw - w, Math.max(0, Math.round(fx * rw - w / 2)))
      const top = Math.min(rh - h, Math.max(0, Math.round(fy * rh - h / 2)))
      image = image.resize(rw, rh, { fit: 'fill' }).extract({ left, top, width: w, height: h })
    } else if (w !== undefined || h !== undefined) {
      const opaque = spec.format === 'jpeg'
      image = image.resize(w ?? null, h ?? null, { fit, background: { r: 255, g: 255, b: 255, alpha: opaque ? 1 : 0 } })
    }
    return await encode(image, spec.format, spec.q).toBuffer()
  } catch (error) {
    if (error instanceof CmsError) throw error
    throw unprocessable(`This image could not be transformed (${String((error as Error).message).split('\n')[0]!.slice(0, 120)}); the original is still served without transform parameters.`)
  }
}

/** The size sharp's resize gives (for the output limit), without decoding. */
function outputSize(W: number, H: number, w: number | undefined, h: number | undefined, fit: string): { width: number; height: number } {
  if (w === undefined && h === undefined) return { width: W, height: H }
  if (w === undefined) return { width: Math.round((W * h!) / H), height: h! }
  if (h === undefined) return { width: w, height: Math.round((H * w) / W) }
  if (fit === 'inside') { const s = Math.min(w / W, h / H); return { width: Math.round(W * s), height: Math.round(H * s) } }
  if (fit === 'outside') { const s = Math.max(w / W, h / H); return { width: Math.round(W * s), height: Math.round(H * s) } }
  return { width: w, height: h }
}

function encode(image: import('sharp').Sharp, format: OutputFormat, q: number | undefined): import('sharp').Sharp {
  switch (format) {
    case 'webp': return image.webp({ quality: q ?? 80, effort: 3 })
    case 'avif': return image.avif({ quality: q ?? 55, effort: 2 })
    case 'jpeg': return image.jpeg({ quality: q ?? 80, mozjpeg: false })
    case 'png': return image.png({ compressionLevel: 8, ...(q !== undefined ? { quality: q, palette: q < 100 } : {}) })
    case 'gif': return image.gif()
  }
}

/** WebP within 400 px; lower quality, then smaller, until it fits THUMB_MAX_BYTES. */
async function thumbnail(open: () => import('sharp').Sharp): Promise<Buffer> {
  const tries: Array<[number, number]> = [[THUMB_SIZE, 70], [THUMB_SIZE, 50], [THUMB_SIZE, 30], [300, 30], [200, 25]]
  let last: Buffer | null = null
  for (const [size, quality] of tries) {
    last = await open().resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality, effort: 3 }).toBuffer()
    if (last.length <= THUMB_MAX_BYTES) return last
  }
  return last!
}
