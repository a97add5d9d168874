import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '../../api.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { useToast } from '../../components/Toast.tsx'
import type { AssetUsage, LibraryAsset } from './mediaApi.ts'

/**
 * An unused file goes to the trash. A file that entries use is refused by the API (422 naming
 * them); the dialog lists those entries first and deletes only when the person confirms, with
 * `force` (the entries keep a reference that reads leave out).
 */
export function DeleteAssetDialog({ asset, usage, onClose, onDeleted }: { asset: LibraryAsset; usage: AssetUsage[]; onClose(): void; onDeleted(): void }) {
  const qc = useQueryClient()
  const { notify } = useToast()
  const [busy, setBusy] = useState(false)
  /** Entries the server named when it refused (usage may have changed since it was loaded). */
  const [refused, setRefused] = useState<string[] | null>(null)
  const used = usage.length > 0 || refused !== null

  const remove = async (force: boolean) => {
    setBusy(true)
    try {
      await api.delete(`/files/${encodeURIComponent(asset.uuid)}`, { query: force ? { force: 1 } : undefined })
      notify(force ? `“${asset.filename}” was deleted.` : `“${asset.filename}” was moved to the trash.`, 'success')
      onDeleted()
      void qc.invalidateQueries({ queryKey: ['assets'] })
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setRefused(err.errors.asset ?? [err.message])
      else notify(err instanceof ApiError ? err.message : 'The file could not be deleted.', 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open
      title={used ? `“${asset.filename}” is in use` : `Delete “${asset.filename}”?`}
      onClose={onClose}
      actions={<>
        <Button onClick={onClose}>Cancel</Button>
        {used
          ? <Button variant="danger" busy={busy} onClick={() => void remove(true)}>Delete anyway</Button>
          : <Button variant="danger" busy={busy} onClick={() => void remove(false)}>Move to trash</Button>}
      </>}
    >
      {used ? (
        <>
          <p>{usage.length > 0 ? `${usage.length} ${usage.length === 1 ? 'entry uses' : 'entries use'} this file:` : 'Entries use this file:'}</p>
          <ul className="refusal-list" aria-label="Entries using this file">
            {usage.length > 0
              ? usage.map((u) => <li key={`${u.collection}/${u.uuid}/${u.field}`}><strong>{u.title || u.uuid}</strong> <span className="muted">({u.collection}, field {u.field})</span></li>)
              : refused!.map((r) => <li key={r}>{r}</li>)}
          </ul>
          <p>Deleting it removes the file for good. Those entries keep a reference to it, which the API leaves out when it shows them.</p>
        </>
      ) : (
        <p>The file moves to the trash. No entry uses it.</p>
      )}
    </Dialog>
  )
}
