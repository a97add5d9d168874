import type { AssetJson, AssetRecord } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'
import { humanSize } from './files.ts'

/**
 * The asset object that media fields and `/files` answer with: the hosted service's shape
 * (`uuid`, `filename` = the original name, `mime_type`, `size` as a human string, `url`,
 * `original_url`, `thumbnail_url`, `pending_image_processing`, `metadata`) plus what we know
 * exactly (`bytes`, `sha256`, `extension`, timestamps). `null` for a missing or trashed asset
 * (pass `trashed` to render trashed ones too). `baseUrl` is the server origin the `url` is built on.
 */
export function assetJson(store: Pick<ContentStore, 'assets'>, uuid: string, baseUrl: string, options: { trashed?: boolean } = {}): Record<string, unknown> | null {
  const asset = store.assets.get(uuid)
  if (!asset || (asset.deleted_at !== null && !options.trashed)) return null
  return toAssetJson(asset, baseUrl)
}

export function toAssetJson(asset: AssetRecord, baseUrl: string): Record<string, unknown> {
  const url = downloadUrl(asset, baseUrl)
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
    url,
    original_url: url,
    thumbnail_url: null,
    pending_image_processing: false,
    metadata: {
      alt_text: asset.alt_text, title: asset.title, caption: asset.caption, description: asset.description,
      author: asset.author, copyright: asset.copyright, width: asset.width, height: asset.height,
    },
    created_at: asset.created_at,
    updated_at: asset.updated_at,
    deleted_at: asset.deleted_at,
  } satisfies AssetJson
}

/** `GET /files/{uuid}/download` on the server at `baseUrl` (no trailing slash). */
export function downloadUrl(asset: Pick<AssetRecord, 'uuid'>, baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/files/${asset.uuid}/download`
}
