/**
 * Image transform parameters on an asset's `url` (docs/media.md): the names, their ranges, the
 * strict parser the server uses, and the URL builders sites use (`imageUrl`, `srcset`, re-exported
 * by the client and the reader). Pure: no I/O, no keys (a private project's URLs are signed by the
 * server: ask `GET /files/{uuid}?w=…` for one).
 */

export const FITS = ['cover', 'contain', 'inside', 'outside', 'fill'] as const
export type ImageFit = (typeof FITS)[number]
export const FORMATS = ['webp', 'avif', 'jpeg', 'png', 'auto'] as const
export type ImageFormat = (typeof FORMATS)[number]

/** The transform options, as `imageUrl` takes them and the server parses them. */
export interface ImageOptions {
  w?: number
  h?: number
  fit?: ImageFit
  format?: ImageFormat
  q?: number
  dpr?: number
}

/** The transform parameters, in the order they are written and signed. */
export const TRANSFORM_PARAMS = ['w', 'h', 'fit', 'format', 'q', 'dpr'] as const
/** The other parameters a file URL may carry: the content version and the signature. */
export const URL_PARAMS = ['v', 'exp', 'sig'] as const

export const MAX_DIMENSION = 8192

const RANGES: Record<'w' | 'h' | 'q' | 'dpr', [number, number]> = { w: [1, MAX_DIMENSION], h: [1, MAX_DIMENSION], q: [1, 100], dpr: [1, 4] }

/** A parameter that is not acceptable: the server answers 400 with `message`, naming `param`. */
export class ImageParamError extends Error {
  override name = 'ImageParamError'
  readonly param: string
  constructor(param: string, message: string) {
    super(message)
    this.param = param
  }
}

/**
 * The transform asked by a file URL's query, checked strictly: an unknown or repeated parameter,
 * or a value out of its range, throws ImageParamError naming it (never clamped). `extra` are the
 * other parameters the route accepts (`v`, `exp`, `sig`).
 */
export function parseImageOptions(params: URLSearchParams, extra: readonly string[] = URL_PARAMS): ImageOptions {
  const seen = new Set<string>()
  for (const name of params.keys()) {
    if (seen.has(name)) throw new ImageParamError(name, `The parameter ${name} is given more than once.`)
    seen.add(name)
    if (!(TRANSFORM_PARAMS as readonly string[]).includes(name) && !extra.includes(name)) {
      throw new ImageParamError(name, `Unknown parameter ${JSON.stringify(name.slice(0, 40))}: file URLs take ${[...TRANSFORM_PARAMS, ...extra].join(', ')}.`)
    }
  }
  const out: ImageOptions = {}
  for (const name of ['w', 'h', 'q', 'dpr'] as const) {
    const raw = params.get(name)
    if (raw === null) continue
    const [min, max] = RANGES[name]
    const n = /^\d{1,5}(\.\d{1,3})?$/.test(raw) ? Number(raw) : Number.NaN
    const integer = name !== 'dpr'
    if (!Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min || n > max) {
      throw new ImageParamError(name, `The parameter ${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, got ${JSON.stringify(raw.slice(0, 20))}.`)
    }
    out[name] = n
  }
  const fit = params.get('fit')
  if (fit !== null) {
    if (!(FITS as readonly string[]).includes(fit)) throw new ImageParamError('fit', `The parameter fit must be one of ${FITS.join(', ')}, got ${JSON.stringify(fit.slice(0, 20))}.`)
    out.fit = fit as ImageFit
  }
  const format = params.get('format')
  if (format !== null) {
    if (!(FORMATS as readonly string[]).includes(format)) throw new ImageParamError('format', `The parameter format must be one of ${FORMATS.join(', ')}, got ${JSON.stringify(format.slice(0, 20))}.`)
    out.format = format as ImageFormat
  }
  const dpr = out.dpr ?? 1
  for (const name of ['w', 'h'] as const) {
    const v = out[name]
    if (v !== undefined && Math.round(v * dpr) > MAX_DIMENSION) {
      throw new ImageParamError(name, `The parameter ${name} times dpr must be at most ${MAX_DIMENSION} (${v} × ${dpr}).`)
    }
  }
  if (out.dpr !== undefined && out.w === undefined && out.h === undefined) throw new ImageParamError('dpr', 'The parameter dpr needs w or h.')
  return out
}

/** Whether any transform is asked. */
export const hasTransform = (o: ImageOptions): boolean => TRANSFORM_PARAMS.some((k) => o[k] !== undefined)

/** The transform parameters as `k=v&…` in the fixed order (part of the signature and of the cache key). */
export function imageQuery(o: ImageOptions): string {
  const parts: string[] = []
  for (const k of TRANSFORM_PARAMS) if (o[k] !== undefined) parts.push(`${k}=${encodeURIComponent(String(o[k]))}`)
  return parts.join('&')
}

/**
 * An asset's URL with transform options: `imageUrl(post.cover, {w: 800, format: 'webp'})`. Takes
 * the asset object of an answer or its `url`. Options replace the ones the URL had; other
 * parameters (`v`) are kept. A signed URL (private project) is refused: its signature covers its
 * parameters, so ask the API for one (`GET /files/{uuid}?w=800&format=webp`, or the client's
 * `assets.imageUrl`).
 */
export function imageUrl(assetOrUrl: string | { url: string }, options: ImageOptions = {}): string {
  const url = typeof assetOrUrl === 'string' ? assetOrUrl : assetOrUrl.url
  const q = url.indexOf('?')
  const base = q < 0 ? url : url.slice(0, q)
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1))
  if (params.has('sig')) throw new Error('imageUrl: this URL is signed (private project); ask the API for a signed URL with these options (GET /files/{uuid}?w=…).')
  for (const k of TRANSFORM_PARAMS) params.delete(k)
  const kept = [...params].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
  const query = [...kept, imageQuery(options)].filter(Boolean).join('&')
  return query ? `${base}?${query}` : base
}

/** `srcset` for a list of widths: `url?w=400 400w, url?w=800 800w`. */
export function srcset(assetOrUrl: string | { url: string }, widths: readonly number[], options: Omit<ImageOptions, 'w' | 'dpr'> = {}): string {
  return widths.map((w) => `${imageUrl(assetOrUrl, { ...options, w })} ${w}w`).join(', ')
}
