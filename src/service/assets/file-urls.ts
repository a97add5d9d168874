import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { forbidden, unauthenticated } from '../../core/errors.ts'
import { imageQuery, type ImageOptions } from '../../core/image-url.ts'
import type { AssetRecord, Project } from '../../core/types.ts'

/**
 * The URLs an asset answers with (docs/media.md): `…/files/<uuid>/download?v=<version>` and
 * `…/files/<uuid>/thumbnail?v=…`, which load in `<img>` with no headers. `v` changes when the
 * bytes or the focal point change, so a URL carrying the current `v` may be cached for a year.
 * On a private project the URLs are signed: `exp` (Unix seconds) and `sig`, an HMAC-SHA256 over
 * the path and every other parameter, with a key made on first use in the state folder.
 */

/** What the URLs depend on besides the asset: the project's settings and where the key lives. */
export interface FileUrlSource {
  project: Pick<Project, 'api' | 'signed_urls'>
  stateDir: string
}

export const DEFAULT_SIGNED_TTL = 3600

/** Image types sharp transforms (the prebuilt libvips); others are served as they are. */
const TRANSFORMABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff'])
export const isTransformable = (mime: string): boolean => TRANSFORMABLE.has(mime)

/** The content version: the file's hash and the focal point (a crop's identity). */
export function assetVersion(asset: Pick<AssetRecord, 'sha256' | 'size' | 'uuid' | 'focal_x' | 'focal_y'>): string {
  const content = asset.sha256 || `${asset.uuid}:${asset.size}`
  return createHash('sha256').update(`${content}|${asset.focal_x ?? ''}|${asset.focal_y ?? ''}`).digest('hex').slice(0, 12)
}

export type FileRoute = 'download' | 'thumbnail'
export const filePath = (uuid: string, route: FileRoute): string => `/files/${uuid}/${route}`

export function signedTtl(project: Pick<Project, 'signed_urls'>): number {
  const ttl = project.signed_urls?.ttl
  return typeof ttl === 'number' && Number.isInteger(ttl) && ttl > 0 ? ttl : DEFAULT_SIGNED_TTL
}

/**
 * An expiry that stays the same for half the lifetime: answers (and the browser's cache of the
 * file) stay reusable for that long, and every URL handed out has at least half its life left.
 */
export function expiryFor(ttl: number, nowMs = Date.now()): number {
  const half = Math.max(1, Math.ceil(ttl / 2))
  return (Math.floor(nowMs / 1000 / half) + 2) * half
}

/** `url`, `original_url` and `thumbnail_url` of an asset; `transform` goes into `url`. */
export function fileUrls(asset: AssetRecord, baseUrl: string, source?: FileUrlSource, transform: ImageOptions = {}): { url: string; original_url: string; thumbnail_url: string | null } {
  const base = baseUrl.replace(/\/+$/, '')
  const v = assetVersion(asset)
  const make = (route: FileRoute, query: string) => {
    const path = filePath(asset.uuid, route)
    const q = [`v=${v}`, query].filter(Boolean).join('&')
    return `${base}${path}?${source && source.project.api === 'private' ? signQuery(source, path, q) : q}`
  }
  const original = make('download', '')
  const t = imageQuery(transform)
  return {
    url: t ? make('download', t) : original,
    original_url: original,
    thumbnail_url: isTransformable(asset.mime_type) ? make('thumbnail', '') : null,
  }
}

/** `query` with `exp` and `sig` appended. */
export function signQuery(source: FileUrlSource, path: string, query: string, exp = expiryFor(signedTtl(source.project))): string {
  const q = `${query ? `${query}&` : ''}exp=${exp}`
  return `${q}&sig=${signature(source.stateDir, path, new URLSearchParams(q))}`
}

/**
 * Checks a request's signature: 401 when the URL is not signed, 403 when tampered or expired.
 * `path` is the route's canonical path (`/files/<uuid>/download`), whatever prefix it came by.
 */
export function verifySignedUrl(stateDir: string, path: string, params: URLSearchParams, nowMs = Date.now()): void {
  const sig = params.get('sig')
  const exp = params.get('exp')
  if (sig === null || exp === null) throw unauthenticated('This file belongs to a private project: use the signed URL from the API answer (with exp and sig), or send a token.')
  const rest = new URLSearchParams([...params].filter(([k]) => k !== 'sig'))
  const expected = Buffer.from(signature(stateDir, path, rest))
  const given = Buffer.from(sig)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden('The signature of this file URL does not match: ask the API for a new URL.')
  if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < nowMs) throw forbidden('This file URL has expired: ask the API for a new one.')
}

function signature(stateDir: string, path: string, params: URLSearchParams): string {
  // Sorted, so the order parameters arrive in does not matter; each pair encoded, so none can run into another.
  const canonical = [...params].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).sort().join('&')
  return createHmac('sha256', urlKey(stateDir)).update(`${path}?${canonical}`).digest('base64url')
}

const keys = new Map<string, Buffer>()

/**
 * The signing key, `.cms/media-url-key` (32 random bytes, mode 0600), made on first use. Made with
 * an exclusive create, so two processes racing agree on the one that landed first. Deleting the
 * file (and restarting) makes every signed URL handed out so far invalid.
 */
export function urlKey(stateDir: string): Buffer {
  const cached = keys.get(stateDir)
  if (cached) return cached
  const path = join(stateDir, 'media-url-key')
  let key: Buffer
  try {
    key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url')
  } catch {
    mkdirSync(stateDir, { recursive: true })
    try {
      writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url')
  }
  if (key.length < 32) throw new Error(`${path} holds no usable key: delete it to make a new one.`)
  keys.set(stateDir, key)
  return key
}
