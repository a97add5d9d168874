import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '../../api.ts'
import { Button } from '../../components/Button.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { useToast } from '../../components/Toast.tsx'
import { formatDate } from '../versions/useEntryData.ts'
import { isSuccess, useDeliveryLogs } from './webhooksApi.ts'

/** Every attempt, newest first: event, answer, time taken, the start of the receiver's reply; redeliver any. */
export function DeliveryLogTable({ uuid }: { uuid: string }) {
  const [page, setPage] = useState(1)
  const logs = useDeliveryLogs(uuid, page)
  const qc = useQueryClient()
  const { notify } = useToast()
  const [busy, setBusy] = useState<string | null>(null)

  const redeliver = async (deliveryId: string) => {
    setBusy(deliveryId)
    try {
      await api.post(`/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`)
      notify('Queued for delivery again.', 'success')
      await qc.invalidateQueries({ queryKey: ['webhooks', uuid, 'logs'] })
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'It could not be queued again.', 'error')
    } finally {
      setBusy(null)
    }
  }

  if (logs.isLoading) return <Loading label="Loading deliveries" />
  if (logs.error) return <ErrorView error={logs.error} />
  const data = logs.data
  if (!data || data.data.length === 0) return <div className="card empty">No deliveries yet. Send a test to see one here.</div>
  return (
    <>
      <div className="table-wrap">
        <table className="table delivery-table">
          <caption className="visually-hidden">Delivery attempts, newest first</caption>
          <thead>
            <tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">Response</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
          </thead>
          <tbody>
            {data.data.map((log) => (
              <tr key={log.id} data-delivery={log.delivery_id}>
                <td className="nowrap">{formatDate(log.created_at)}{log.attempt > 1 && <div className="muted">attempt {log.attempt}</div>}</td>
                <td><code>{log.action}</code>{log.redelivery_of && <div className="muted">redelivery</div>}</td>
                <td>
                  <span className={isSuccess(log.status) ? 'status-ok' : 'status-bad'}>{log.status}</span>
                  {log.next_attempt_at && <div className="muted">retry {formatDate(log.next_attempt_at)}</div>}
                </td>
                <td className="nowrap">{log.duration_ms} ms</td>
                <td>
                  {log.error && <div className="status-bad">{log.error}</div>}
                  {log.response?.body ? <pre className="excerpt">{log.response.body.slice(0, 300)}{log.response.body.length > 300 || log.response.body_truncated ? '…' : ''}</pre> : !log.error && <span className="muted">(empty)</span>}
                </td>
                <td>
                  {log.action !== 'webhook.test' && (
                    <Button size="small" busy={busy === log.delivery_id} onClick={() => void redeliver(log.delivery_id)} aria-label={`Redeliver ${log.action} of ${formatDate(log.created_at)}`}>Redeliver</Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.meta.last_page > 1 && (
        <nav className="pager" aria-label="Delivery pages">
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>Newer</Button>
          <span>Page {data.meta.current_page} of {data.meta.last_page}</span>
          <Button size="small" disabled={page >= data.meta.last_page} onClick={() => setPage(page + 1)}>Older</Button>
        </nav>
      )}
    </>
  )
}
