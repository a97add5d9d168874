import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '../../api.ts'
import { AssetThumb } from '../../components/AssetThumb.tsx'
import { Button } from '../../components/Button.tsx'
import { useToast } from '../../components/Toast.tsx'
import { assetSummary, type LibraryAsset } from './mediaApi.ts'

/** A file in the grid: opens its details; in the trash, offers to restore it instead. */
export function AssetCard({ asset, onOpen, trashed, canRestore }: { asset: LibraryAsset; onOpen(): void; trashed?: boolean; canRestore?: boolean }) {
  const qc = useQueryClient()
  const { notify } = useToast()
  const [busy, setBusy] = useState(false)
  const restore = async () => {
    setBusy(true)
    try {
      await api.post(`/files/${encodeURIComponent(asset.uuid)}/restore`)
      notify(`“${asset.filename}” is back in the library.`, 'success')
      await qc.invalidateQueries({ queryKey: ['assets'] })
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'The file could not be restored.', 'error')
    } finally {
      setBusy(false)
    }
  }
  const body = (
    <>
      <span className="asset-thumb-box"><AssetThumb asset={asset} /></span>
      <span className="asset-info">
        <span className="asset-name" title={asset.filename}>{asset.filename}</span>
        <span className="asset-meta">{assetSummary(asset)}</span>
      </span>
    </>
  )
  return (
    <li className="asset-card" data-asset={asset.uuid}>
      {trashed ? (
        <>
          <div className="asset-open asset-trashed">{body}</div>
          {canRestore && <div className="asset-actions"><Button size="small" busy={busy} onClick={() => void restore()} aria-label={`Restore ${asset.filename}`}>Restore</Button></div>}
        </>
      ) : (
        <button type="button" className="asset-open" onClick={onOpen}>{body}</button>
      )}
    </li>
  )
}
