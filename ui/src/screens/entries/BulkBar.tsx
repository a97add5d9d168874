import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { api, ApiError, entryPath } from '../../api.ts'
import { plural } from '../../schema.ts'
import { useSession } from '../../session.tsx'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { useToast } from '../../components/Toast.tsx'
import type { ListRow } from '../../entries.ts'

type BulkAction = 'publish' | 'unpublish' | 'delete'

/**
 * What to do with the entries ticked in the list: publish and delete go through the bulk API
 * (one request, all or nothing); unpublish has no bulk route, so it is one request per
 * published entry, a few at a time. Scheduling many at once is left to the scheduling
 * feature: it adds its action here (`extra`).
 */
export function BulkBar({ slug, rows, singular, many, onDone, extra }: { slug: string; rows: ListRow[]; singular: string; many: string; onDone(): void; extra?: React.ReactNode }) {
  const { can } = useSession()
  const qc = useQueryClient()
  const { notify } = useToast()
  const [busy, setBusy] = useState<BulkAction | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const count = rows.length
  const words = (n: number) => plural(n, singular.toLowerCase(), many.toLowerCase())
  const what = words(count)

  async function run(action: BulkAction) {
    setBusy(action)
    try {
      if (action === 'publish') {
        await api.patch(`/bulk/${encodeURIComponent(slug)}/entries`, { items: rows.map((r) => ({ uuid: r.entry.uuid, data: {}, state: 'published' })) })
        notify(`Published ${what}.`, 'success')
      } else if (action === 'delete') {
        await api.delete(`/bulk/${encodeURIComponent(slug)}/entries`, { body: { uuids: rows.map((r) => r.entry.uuid) } })
        notify(`Moved ${what} to the trash.`, 'success')
      } else {
        const live = rows.filter((r) => r.state !== 'draft')
        for (let i = 0; i < live.length; i += 4) {
          await Promise.all(live.slice(i, i + 4).map((r) => api.post(entryPath(slug, r.entry.uuid, 'unpublish'))))
        }
        notify(live.length ? `Unpublished ${words(live.length)}.` : 'None of them was published.', 'success')
      }
      onDone()
    } catch (err) {
      notify(err instanceof ApiError ? err.message : String(err), 'error')
    } finally {
      setBusy(null)
      setConfirmDelete(false)
      void qc.invalidateQueries({ queryKey: ['entries', slug] })
      void qc.invalidateQueries({ queryKey: ['overview'] })
    }
  }

  if (count === 0) return null
  return (
    <div className="bulk-bar" role="region" aria-label="Selected entries">
      <strong aria-live="polite">{count} selected</strong>
      <div className="toolbar">
        {can('update') && <Button size="small" variant="primary" busy={busy === 'publish'} disabled={Boolean(busy)} onClick={() => void run('publish')}>Publish</Button>}
        {can('update') && <Button size="small" busy={busy === 'unpublish'} disabled={Boolean(busy)} onClick={() => void run('unpublish')}>Unpublish</Button>}
        {extra}
        {can('delete') && <Button size="small" variant="danger" disabled={Boolean(busy)} onClick={() => setConfirmDelete(true)}>Delete</Button>}
        <Button size="small" variant="ghost" disabled={Boolean(busy)} onClick={onDone}>Clear selection</Button>
      </div>
      <Dialog
        open={confirmDelete}
        title={`Delete ${what}?`}
        onClose={() => setConfirmDelete(false)}
        actions={<>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button variant="danger" busy={busy === 'delete'} onClick={() => void run('delete')}>Move to the trash</Button>
        </>}
      >
        <p>They stop being served and go to the trash; each can be restored from its page.</p>
      </Dialog>
    </div>
  )
}
