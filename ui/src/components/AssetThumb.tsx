import type { Asset } from '../types.ts'

/**
 * A thumbnail: the asset's `thumbnail_url` (a WebP of at most 400 px and 30 KB, made by the
 * server), an image without one (SVG) as itself, or the file's extension for other types. The
 * URLs load in `<img>` with no headers (signed on a private project), so no bytes pass through
 * scripts. The placeholder shows while the thumbnail loads.
 */
export function AssetThumb({ asset, alt }: { asset: Asset; alt?: string }) {
  const src = asset.thumbnail_url ?? (asset.mime_type?.startsWith('image/') ? asset.url : null)
  if (src) {
    const placeholder = asset.metadata?.placeholder
    return (
      <img
        src={src}
        alt={alt ?? asset.metadata?.alt_text ?? ''}
        loading="lazy"
        decoding="async"
        className="media-thumb-img"
        style={placeholder ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' } : undefined}
      />
    )
  }
  const ext = (asset.filename.split('.').pop() ?? '').toUpperCase().slice(0, 5)
  return <span className="media-thumb" aria-hidden="true">{ext || 'FILE'}</span>
}
