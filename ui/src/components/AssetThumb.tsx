import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { getProjectId } from '../api.ts'
import type { Asset } from '../types.ts'

/**
 * An image's bytes as an object URL. `<img src>` cannot send the project header, so the bytes
 * are fetched like any API call; react-query keeps them while the asset is in view.
 */
function useAssetObjectUrl(asset: Pick<Asset, 'uuid' | 'mime_type'> | null | undefined): string | null {
  const isImage = Boolean(asset?.mime_type?.startsWith('image/'))
  const q = useQuery({
    queryKey: ['assets', 'bytes', asset?.uuid],
    enabled: Boolean(asset && isImage),
    staleTime: Infinity,
    gcTime: 60_000,
    queryFn: async ({ signal }) => {
      const res = await fetch(`/files/${encodeURIComponent(asset!.uuid)}/download`, { headers: { 'project-id': getProjectId() ?? '' }, credentials: 'same-origin', signal })
      if (!res.ok) throw new Error(`Image ${res.status}`)
      return await res.blob()
    },
  })
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!q.data) { setUrl(null); return }
    const u = URL.createObjectURL(q.data)
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [q.data])
  return url
}

/** A thumbnail: the image itself, or the file's extension for other types. */
export function AssetThumb({ asset, alt }: { asset: Asset; alt?: string }) {
  const url = useAssetObjectUrl(asset)
  if (url) return <img src={url} alt={alt ?? asset.metadata?.alt_text ?? ''} loading="lazy" className="media-thumb-img" />
  const ext = (asset.filename.split('.').pop() ?? '').toUpperCase().slice(0, 5)
  return <span className="media-thumb" aria-hidden="true">{ext || 'FILE'}</span>
}

