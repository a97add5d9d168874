import type { AssetJson, AssetRecord } from '../../core/types.ts'
import type { ImageOptions } from '../../core/image-url.ts'
import type { ContentStore } from '../../storage/store.ts'
import { humanSize } from './files.ts'
import { fileUrls, isTransformable, type FileUrlSource } from './file-urls.ts'

/**
 * The asset object that media fields and `/files` answer with: the hosted service's shape
 * (`uuid`, `filename` = the original name, `mime_type`, `size` as a human string, `url`,
 * `original_url`, `thumbnail_url`, `pending_image_processing`, `metadata`) plus what we know
 * exactly (`bytes`, `sha256`, `extension`, timestamps). `null` for a missing or trashed asset
 * (pass `trashed` to render trashed ones too). `baseUrl` is the server origin the `url` is built on.
 */
export function assetJson(store: Pick<ContentStore, 'assets' | 'project' | 'layout'>, uuid: string, baseUrl: string, options: { trashed?: boolean } = {}): AssetJson | null {
  const asset = store.assets.get(uuid)
  if (!asset || (asset.deleted_at !== null && !options.trashed)) return null
  return toAssetJson(asset, baseUrl, urlSource(store))
}

/** What the file URLs of a store's assets are built with (signed on a private project). */
export const urlSource = (store: Pick<ContentStore, 'project' | 'layout'>): FileUrlSource => ({ project: store.project, stateDir: store.layout.stateDir })

/** `source` signs the URLs of a private project (none: plain URLs); `transform` goes into `url`. */
export function toAssetJson(asset: AssetRecord, baseUrl: string, source?: FileUrlSource, transform?: ImageOptions): AssetJson {
  const urls = fileUrls(asset, baseUrl, source, transform)
  const dot = asset.filename.lastIndexOf('.')
  return {
    uuid: asset.uuid,
    filename: asset.original_filename,
    stored_filename: asset.filename,
    extension: dot > 0 ? asset.filename.slice(dot + 1).toLowerCase() : '',
    mime_type: asset.mime_type,
    size: humanSize(asset.size),
    bytes: asset.size,
    sha256: asset.sha256,
    ...urls,
    // Processing is the metadata read at upload (size, placeholder); derivatives are made on request.
    pending_image_processing: isTransformable(asset.mime_type) && asset.width === null,
    metadata: {
      alt_text: asset.alt_text, title: asset.title, caption: asset.caption, description: asset.description,
      author: asset.author, copyright: asset.copyright, width: asset.width, height: asset.height,
      focal_x: asset.focal_x ?? null, focal_y: asset.focal_y ?? null, placeholder: asset.placeholder ?? null,
    },
    created_at: asset.created_at,
    updated_at: asset.updated_at,
    deleted_at: asset.deleted_at,
  }
}

/** Several assets changed by one request (`POST /files/bulk/upload`, `PATCH /files/bulk/metadata`), with a message. */
export interface AssetBatch {
  message: string
  data: AssetJson[]
}
