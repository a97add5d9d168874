import type { ContentStore } from '../../storage/store.ts'
import { createReadStream } from 'node:fs'
import { lstat, readdir, rmdir, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { CmsError, ValidationError, badRequest, notFound, unprocessable } from '../../core/errors.ts'
import { isUuid, now } from '../../core/ids.ts'
import type { AssetJson, AssetRecord, Field, FieldValues, Page } from '../../core/types.ts'
import type { ServiceContext } from '../context.ts'
import { ASSET_TYPES, assetType, isPlainFileName, limitText, type AssetType } from './files.ts'
import { assertContained } from '../../storage/contained.ts'
import { commitUpload, stageUpload, type AssetMetadata } from './ingest.ts'
import { checkMetadata } from './upload.ts'
import { toAssetJson, urlSource } from './view.ts'
import { focalOf, pickFocal, withoutFocal } from './image-metadata.ts'

/**
 * The asset service: everything `/files` and `cms asset` do, over the store. Uploads stream
 * through ingest.ts; this module lists, reads, edits, deletes and checks references.
 */

export const assetNotFound = (): CmsError => notFound('Asset not found.')

/** A live (not trashed) asset, or 404. */
export function requireAsset(ctx: ServiceContext, uuid: string, options: { trashed?: boolean } = {}): AssetRecord {
  const asset = isUuid(uuid) ? ctx.store.assets.get(uuid.toLowerCase()) : undefined
  if (!asset || (asset.deleted_at !== null && !options.trashed)) throw assetNotFound()
  return asset
}

export interface ListQuery {
  search?: string | null
  type?: string | null
  paginate?: string | null
  page?: string | null
  /** `only`: the trash; `with`: both. */
  trashed?: string | null
}

/**
 * `GET /files`: newest first, filtered by `search` (file name, original name, mime type, title,
 * alt text; case-insensitive; or an exact sha256) and `type`, always paginated (default 25, 1..100) like the hosted service.
 */
export function listAssets(ctx: ServiceContext, query: ListQuery, baseUrl: string, path: string): Page<AssetJson> {
  const type = query.type?.trim().toLowerCase() || null
  if (type && !(ASSET_TYPES as readonly string[]).includes(type)) {
    throw badRequest(`Unknown type ${JSON.stringify(query.type)}: use one of ${ASSET_TYPES.join(', ')}.`)
  }
  const perPage = intParam(query.paginate, 'paginate', 25, 1, 100)
  const page = intParam(query.page, 'page', 1, 1, Number.MAX_SAFE_INTEGER)
  const trashed = query.trashed ?? ''
  if (!['', 'only', 'with', '0', 'false'].includes(trashed)) throw badRequest('trashed must be `only` or `with`.')
  const needle = query.search?.trim().toLowerCase() ?? ''
  const rows = [...ctx.store.assets.values()].filter((a) => {
    if (trashed === 'only' ? a.deleted_at === null : trashed !== 'with' && a.deleted_at !== null) return false
    if (type && assetType(a.mime_type) !== (type as AssetType)) return false
    if (!needle) return true
    return a.sha256 === needle || [a.filename, a.original_filename, a.mime_type, a.title, a.alt_text].some((v) => v?.toLowerCase().includes(needle))
  })
  rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.uuid < b.uuid ? 1 : -1))
  const total = rows.length
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const start = (page - 1) * perPage
  const source = urlSource(ctx.store)
  const data = rows.slice(start, start + perPage).map((a) => toAssetJson(a, baseUrl, source))
  const link = (p: number) => {
    const params = new URLSearchParams()
    if (query.search) params.set('search', query.search)
    if (type) params.set('type', type)
    if (trashed) params.set('trashed', trashed)
    params.set('paginate', String(perPage))
    params.set('page', String(p))
    return `${baseUrl}${path}?${params}`
  }
  return {
    data,
    links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
    meta: {
      current_page: page, from: data.length ? start + 1 : null, last_page: lastPage,
      path: `${baseUrl}${path}`, per_page: perPage, to: data.length ? start + data.length : null, total,
    },
  }
}

/** `GET /files/name/{filename}`: the newest live asset with that original (or stored) file name. */
export function findAssetByName(ctx: ServiceContext, name: string): AssetRecord {
  let found: AssetRecord | undefined
  for (const a of ctx.store.assets.values()) {
    if (a.deleted_at !== null || (a.original_filename !== name && a.filename !== name)) continue
    if (!found || a.created_at > found.created_at) found = a
  }
  if (!found) throw assetNotFound()
  return found
}

/** The metadata an asset's edit takes (`PUT`/`PATCH /files/{uuid}`): the fields themselves, or under `metadata`; other keys are ignored. */
export type AssetMetadataInput = AssetMetadata | { metadata: AssetMetadata }

/** One asset of a bulk metadata edit: its uuid with the fields, or with them under `metadata`. */
export type AssetMetadataItem = (AssetMetadata & { uuid: string }) | { uuid: string; metadata: AssetMetadata }

/** `PATCH /files/bulk/metadata`: the assets to edit (`assets` or `files` are taken for `items` too); all or nothing. */
export interface BulkMetadataInput {
  items: AssetMetadataItem[]
}

/** Updates the descriptive metadata of one asset; other keys of the body are ignored. */
export async function updateAssetMetadata(ctx: ServiceContext, uuid: string, body: unknown): Promise<AssetRecord> {
  assertWritable(ctx)
  const asset = requireAsset(ctx, uuid)
  const source = body && typeof body === 'object' && !Array.isArray(body) && 'metadata' in body ? (body as { metadata: unknown }).metadata : body
  const patch = checkMetadata(source, 'metadata')
  return writeMetadata(ctx, asset, patch)
}

/** `PATCH /files/bulk/metadata` `{items: [{uuid, alt_text?, ...} | {uuid, metadata: {...}}]}`; all or nothing. */
export async function bulkUpdateMetadata(ctx: ServiceContext, body: Record<string, unknown>): Promise<AssetRecord[]> {
  assertWritable(ctx)
  const items = body.items ?? body.assets ?? body.files
  if (!Array.isArray(items) || items.length === 0) throw new ValidationError({ items: ['The items field must be a non-empty array.'] })
  if (items.length > 500) throw new ValidationError({ items: ['At most 500 items per request.'] })
  const errors: Record<string, string[]> = {}
  const plan: Array<{ asset: AssetRecord; patch: AssetMetadata }> = []
  items.forEach((item, i) => {
    if (!item || typeof item !== 'object') {
      errors[`items.${i}`] = ['Each item must be an object.']
      return
    }
    const { uuid, metadata, ...rest } = item as Record<string, unknown>
    const asset = typeof uuid === 'string' && isUuid(uuid) ? ctx.store.assets.get(uuid.toLowerCase()) : undefined
    if (!asset || asset.deleted_at !== null) {
      errors[`items.${i}.uuid`] = ['Asset not found.']
      return
    }
    try {
      plan.push({ asset, patch: checkMetadata(metadata ?? rest, `items.${i}`) })
    } catch (error) {
      if (error instanceof ValidationError) Object.assign(errors, error.errors)
      else throw error
    }
  })
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  const out: AssetRecord[] = []
  for (const { asset, patch } of plan) out.push(await writeMetadata(ctx, ctx.store.assets.get(asset.uuid) ?? asset, patch))
  return out
}

async function writeMetadata(ctx: ServiceContext, asset: AssetRecord, patch: AssetMetadata): Promise<AssetRecord> {
  const at = now()
  const { focal_x: _x, focal_y: _y, ...rest } = patch
  const next: AssetRecord = { ...withoutFocal(asset), ...rest, ...focalOf({ focal_x: asset.focal_x, focal_y: asset.focal_y, ...pickFocal(patch) }), updated_at: at }
  await ctx.store.putAsset(next, ctx.source)
  await ctx.events.append([{ event: 'asset.updated', source: ctx.source, asset_uuid: asset.uuid, at }])
  return next
}

/** Where an asset is used: one row per entry and media field (draft or published values). */
export interface AssetReference {
  collection: string
  entry_uuid: string
  locale: string
  field: string
}

export function findAssetReferences(ctx: ServiceContext, uuid: string): AssetReference[] {
  const refs: AssetReference[] = []
  for (const [slug, index] of ctx.store.collections) {
    const mediaPaths = mediaFields(index.collection.fields)
    if (mediaPaths.length === 0) continue
    for (const entry of index.entries.values()) {
      if (entry.deleted_at !== null) continue
      for (const path of mediaPaths) {
        if (holds(entry.fields, path, uuid) || (entry.published && holds(entry.published, path, uuid))) {
          refs.push({ collection: slug, entry_uuid: entry.uuid, locale: entry.locale, field: path.join('.') })
        }
      }
    }
  }
  return refs
}

/** An asset trashed, or deleted for good (`force`). */
export interface AssetDeleted {
  success: true
  message: string
}

/**
 * `DELETE /files/{uuid}`: moves the asset to the trash (metadata kept, `deleted_at` set), or
 * with `force` removes its metadata and bytes. Refused with a 422 naming the entries that
 * still reference it, unless `force`.
 */
export async function deleteAsset(ctx: ServiceContext, uuid: string, options: { force?: boolean } = {}): Promise<AssetDeleted> {
  assertWritable(ctx)
  const asset = requireAsset(ctx, uuid, { trashed: options.force === true })
  if (!options.force) {
    const refs = findAssetReferences(ctx, asset.uuid)
    if (refs.length > 0) {
      const shown = refs.slice(0, 10).map((r) => `${r.collection}/${r.entry_uuid} (${r.field})`).join(', ')
      const more = refs.length > 10 ? ` and ${refs.length - 10} more` : ''
      throw unprocessable(`The asset is used by ${refs.length} entr${refs.length === 1 ? 'y' : 'ies'}: ${shown}${more}. Remove those references first, or delete with force=1.`, {
        asset: refs.map((r) => `${r.collection}/${r.entry_uuid} (${r.field})`),
      })
    }
  }
  const at = now()
  if (options.force) await ctx.store.removeAsset(asset.uuid, ctx.source, { bytes: true })
  else await ctx.store.putAsset({ ...asset, deleted_at: at, updated_at: at }, ctx.source)
  await ctx.events.append([{ event: 'asset.deleted', source: ctx.source, asset_uuid: asset.uuid, at }])
  return { success: true, message: options.force ? 'Asset permanently deleted' : 'Asset deleted successfully' }
}

/** Takes an asset out of the trash. */
export async function restoreAsset(ctx: ServiceContext, uuid: string): Promise<AssetRecord> {
  assertWritable(ctx)
  const asset = requireAsset(ctx, uuid, { trashed: true })
  if (asset.deleted_at === null) return asset
  const at = now()
  const next: AssetRecord = { ...asset, deleted_at: null, updated_at: at }
  await ctx.store.putAsset(next, ctx.source)
  await ctx.events.append([{ event: 'asset.updated', source: ctx.source, asset_uuid: asset.uuid, at }])
  return next
}

/** Adds a file from disk (the CLI's local path): same checks and layout as an HTTP upload. */
export async function addAssetFromPath(
  ctx: ServiceContext, path: string, metadata: AssetMetadata = {}, onBytes?: (total: number) => void,
): Promise<AssetRecord> {
  assertWritable(ctx)
  const info = await stat(path).catch(() => null)
  if (!info?.isFile()) throw badRequest(`Not a readable file: ${basename(path)}`)
  if (info.size > ctx.config.uploadLimit) {
    // Fail before reading a byte; the streaming check still guards files that grow meanwhile.
    throw new CmsError('payload_too_large', `The file is larger than the upload limit of ${limitText(ctx.config.uploadLimit)} (set CMS_UPLOAD_LIMIT to raise it).`)
  }
  const staged = await stageUpload(ctx, createReadStream(path), basename(path), { ...(onBytes ? { onBytes } : {}) })
  return commitUpload(ctx, staged, checkMetadata(metadata))
}

/** The stored file of an asset, for the download route. */
export async function assetFile(ctx: ServiceContext, uuid: string): Promise<{ asset: AssetRecord; path: string; size: number; mtimeMs: number }> {
  const asset = requireAsset(ctx, uuid)
  // `filename` comes from a file anyone can edit: one plain name, inside the tree, no link.
  if (!isPlainFileName(asset.filename)) throw new CmsError('not_found', `The asset's filename in assets/${asset.uuid}.yaml is not a plain file name.`)
  const path = join(ctx.store.layout.assetDir(asset.uuid), asset.filename)
  assertContained(ctx.store.layout.root, path, 'read')
  const info = await lstat(path).catch(() => null)
  if (info?.isSymbolicLink()) throw new CmsError('conflict', `Refused to read assets/${asset.uuid}/${asset.filename}: it is a symbolic link. Content must stay inside the content folder; symbolic links are not followed.`)
  if (!info?.isFile()) throw new CmsError('not_found', 'The asset file is missing from content/assets.')
  return { asset, path, size: info.size, mtimeMs: info.mtimeMs }
}

/**
 * Removes empty `assets/<uuid>/` folders that have no metadata: what an upload interrupted by
 * a crash leaves once the loader has deleted its temp file. A folder with any file in it is
 * never touched (it may be a hand-added asset whose YAML is still to come).
 */
export async function removeOrphanUploadDirs(store: Pick<ContentStore, 'layout' | 'assets'>): Promise<number> {
  const root = store.layout.assetsDir
  const items = await readdir(root, { withFileTypes: true }).catch(() => [])
  let removed = 0
  for (const item of items) {
    if (!item.isDirectory() || !isUuid(item.name) || store.assets.has(item.name)) continue
    // rmdir refuses a non-empty folder, which is exactly the guard we want.
    if (await rmdir(join(root, item.name)).then(() => true, () => false)) removed++
  }
  return removed
}

function assertWritable(ctx: ServiceContext): void {
  if (ctx.readOnly) throw new CmsError('forbidden', 'This server is read-only.')
}

/** Paths of media fields, groups included (`gallery`, `hero.image`). */
function mediaFields(fields: Field[], prefix: string[] = []): string[][] {
  const out: string[][] = []
  for (const f of fields) {
    if (f.type === 'media') out.push([...prefix, f.name])
    else if (f.type === 'group' && f.children) out.push(...mediaFields(f.children, [...prefix, f.name]))
  }
  return out
}

/** Whether the value at `path` (walking through group arrays) is or contains `uuid`. */
function holds(values: FieldValues | unknown, path: string[], uuid: string): boolean {
  if (Array.isArray(values)) return values.some((v) => holds(v, path, uuid))
  if (!values || typeof values !== 'object') return false
  const [head, ...rest] = path
  const value = (values as Record<string, unknown>)[head!]
  if (rest.length > 0) return holds(value, rest, uuid)
  if (typeof value === 'string') return value.toLowerCase() === uuid
  if (Array.isArray(value)) return value.some((v) => typeof v === 'string' ? v.toLowerCase() === uuid : (v as { uuid?: unknown } | null)?.uuid === uuid)
  return (value as { uuid?: unknown } | null)?.uuid === uuid
}

function intParam(raw: string | null | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === null || raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n)) throw badRequest(`${name} must be an integer.`)
  return Math.min(max, Math.max(min, n))
}
