import { useState } from 'react'
import { Link } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { api, ApiError, entryPath } from '../../api.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { useToast } from '../../components/Toast.tsx'
import { useSession } from '../../session.tsx'
import type { Collection } from '../../types.ts'
import { REVIEW_LABELS, formatAt, fromLocalInput, toLocalInput, useEntryPending, type ReviewState } from './schedulingApi.ts'

/**
 * The entry form's "Schedule" card: when the entry goes live (or offline) on its own, set with a
 * date and time picker; and, on collections with a review, its review state with the buttons to
 * move it. Lives beside the form's actions (inserted by EntryScreen).
 */
export function ScheduleCard({ collection, uuid, onChanged }: { collection: Collection; uuid: string; onChanged?: () => void }) {
  const pending = useEntryPending(collection.slug, uuid)
  const { can } = useSession()
  const queryClient = useQueryClient()
  const { notify } = useToast()
  const [open, setOpen] = useState(false)
  const [publishAt, setPublishAt] = useState('')
  const [unpublishAt, setUnpublishAt] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const schedule = pending.data?.schedule
  const review = collection.workflow === 'review' ? pending.data?.review : undefined

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['entry-pending', collection.slug, uuid] }),
      queryClient.invalidateQueries({ queryKey: ['schedule'] }),
    ])
    onChanged?.()
  }
  const openDialog = () => {
    setPublishAt(toLocalInput(schedule?.publish_at))
    setUnpublishAt(toLocalInput(schedule?.unpublish_at))
    setProblem(null)
    setOpen(true)
  }
  const save = async () => {
    setBusy(true)
    setProblem(null)
    try {
      const body = { publish_at: fromLocalInput(publishAt), unpublish_at: fromLocalInput(unpublishAt) }
      if (!body.publish_at && !body.unpublish_at) await api.delete(entryPath(collection.slug, uuid, 'schedule'))
      else await api.put(entryPath(collection.slug, uuid, 'schedule'), body)
      setOpen(false)
      notify(body.publish_at || body.unpublish_at ? 'Scheduled.' : 'Schedule cleared.', 'success')
      await refresh()
    } catch (err) {
      setProblem(err instanceof ApiError ? Object.values(err.errors).flat()[0] ?? err.message : 'The schedule could not be saved.')
    } finally {
      setBusy(false)
    }
  }
  const clear = async () => {
    setBusy(true)
    try {
      await api.delete(entryPath(collection.slug, uuid, 'schedule'))
      notify('Schedule cleared.', 'success')
      await refresh()
    } finally {
      setBusy(false)
    }
  }
  const move = async (state: ReviewState) => {
    setBusy(true)
    try {
      await api.post(entryPath(collection.slug, uuid, 'review'), { state })
      notify(state === 'approved' ? 'Approved.' : state === 'in_review' ? 'Sent for review.' : 'Back to draft.', 'success')
      await refresh()
    } catch (err) {
      notify(err instanceof Error ? err.message : 'The review state could not be changed.', 'error')
    } finally {
      setBusy(false)
    }
  }

  if (!can('update')) return null
  return (
    <div className="card schedule-card">
      {review && (
        <div className="review-box">
          <div>Review: <span className={`badge badge-review-${review.state}`}>{REVIEW_LABELS[review.state]}</span></div>
          {review.by && <div className="muted">by {review.by}, {formatAt(review.at)}</div>}
          <div className="toolbar">
            {review.state !== 'in_review' && <Button size="small" disabled={busy} onClick={() => void move('in_review')}>Ask for review</Button>}
            {review.state !== 'approved' && can('admin') && <Button size="small" variant="primary" disabled={busy} onClick={() => void move('approved')}>Approve</Button>}
            {review.state !== 'draft' && <Button size="small" variant="ghost" disabled={busy} onClick={() => void move('draft')}>Back to draft</Button>}
          </div>
        </div>
      )}
      <div className="schedule-box">
        {schedule?.publish_at && <div>Goes live <strong>{formatAt(schedule.publish_at)}</strong></div>}
        {schedule?.unpublish_at && <div>Goes offline <strong>{formatAt(schedule.unpublish_at)}</strong></div>}
        {!schedule && <div className="muted">Not scheduled.</div>}
        <div className="toolbar">
          <Button size="small" disabled={busy} onClick={openDialog}>Schedule…</Button>
          {schedule && <Button size="small" variant="ghost" disabled={busy} onClick={() => void clear()}>Clear schedule</Button>}
          <Link to="/upcoming" className="small-link">Upcoming</Link>
        </div>
      </div>
      <Dialog
        open={open}
        title="Schedule this entry"
        onClose={() => setOpen(false)}
        cancel="Cancel"
        actions={<Button variant="primary" busy={busy} onClick={() => void save()}>Save schedule</Button>}
      >
        <p className="muted">The server publishes the saved draft at this time, in your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).</p>
        <label className="field-label" htmlFor="schedule-publish">Publish at</label>
        <input id="schedule-publish" className="input" type="datetime-local" value={publishAt} onChange={(e) => setPublishAt(e.target.value)} />
        <label className="field-label" htmlFor="schedule-unpublish">Unpublish at (optional)</label>
        <input id="schedule-unpublish" className="input" type="datetime-local" value={unpublishAt} onChange={(e) => setUnpublishAt(e.target.value)} />
        {problem && <p className="field-error" role="alert">{problem}</p>}
      </Dialog>
    </div>
  )
}
