import { useState } from 'react'
import { Link } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '../../api.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { useToast } from '../../components/Toast.tsx'
import { DeliveryLogTable } from './DeliveryLogTable.tsx'
import { WebhookForm } from './WebhookForm.tsx'
import { SOURCES, type TestResult, type Webhook } from './webhooksApi.ts'

/** One webhook: its settings, a test ping with the receiver's answer, and its delivery log. */
export function WebhookDetail({ webhook, onBack }: { webhook: Webhook; onBack(): void }) {
  const qc = useQueryClient()
  const { notify } = useToast()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [testing, setTesting] = useState(false)
  const [result, setResult] = useState<TestResult | null>(null)
  const [testError, setTestError] = useState<string | null>(null)

  const test = async () => {
    setTesting(true)
    setResult(null)
    setTestError(null)
    try {
      setResult((await api.post<TestResult>(`/webhooks/${encodeURIComponent(webhook.uuid)}/test`)).data)
      await qc.invalidateQueries({ queryKey: ['webhooks', webhook.uuid, 'logs'] })
    } catch (err) {
      setTestError(err instanceof ApiError ? err.message : 'The test could not be sent.')
    } finally {
      setTesting(false)
    }
  }

  const remove = async () => {
    try {
      await api.delete(`/webhooks/${encodeURIComponent(webhook.uuid)}`)
      notify(`Webhook “${webhook.name}” deleted.`, 'success')
      await qc.invalidateQueries({ queryKey: ['webhooks'] })
      onBack()
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'The webhook could not be deleted.', 'error')
    }
  }

  const sourceLabel = (s: string) => SOURCES.find(([v]) => v === s)?.[1] ?? s
  return (
    <div className="screen">
      <nav className="breadcrumbs" aria-label="Breadcrumbs"><Link to="/webhooks">Webhooks</Link></nav>
      <div className="screen-header">
        <div>
          <h1>{webhook.name} {webhook.status ? <span className="badge badge-published">Active</span> : <span className="badge badge-draft">Paused</span>}</h1>
          <p className="subtitle"><code>{webhook.url}</code></p>
        </div>
        <div className="toolbar">
          <Button variant="primary" busy={testing} onClick={() => void test()}>Send test</Button>
          <Button onClick={() => setEditing(true)}>Edit</Button>
          <Button variant="danger" onClick={() => setDeleting(true)}>Delete</Button>
        </div>
      </div>

      {(result || testError) && (
        <section className="card test-result" aria-live="polite" aria-labelledby="test-heading">
          <h2 id="test-heading" className="card-heading">Test delivery</h2>
          {testError ? <p className="status-bad">{testError}</p> : result && (
            <>
              <p>
                <span className={result.ok ? 'status-ok' : 'status-bad'}>
                  {result.ok ? 'Delivered' : 'Failed'}: {result.response ? `HTTP ${result.response.status}` : result.status}
                </span>
                {' '}in {result.duration_ms} ms{result.signed ? ', signed' : ', unsigned'}.
              </p>
              {result.error && <p className="status-bad">{result.error}</p>}
              <h3>Receiver’s answer</h3>
              <pre className="excerpt" data-testid="test-response">{result.response?.body || '(empty body)'}{result.response?.body_truncated ? '…' : ''}</pre>
            </>
          )}
        </section>
      )}

      <section className="card" aria-labelledby="settings-heading">
        <h2 id="settings-heading" className="card-heading">Settings</h2>
        <dl className="kv">
          {webhook.description && <><dt>Description</dt><dd>{webhook.description}</dd></>}
          <dt>Events</dt><dd>{webhook.events.map((e) => <code key={e} className="tag">{e}</code>)}</dd>
          <dt>Sources</dt><dd>{webhook.sources.map(sourceLabel).join(', ')}</dd>
          <dt>Collections</dt><dd>{webhook.collections.length ? webhook.collections.map((c) => c.name).join(', ') : 'All collections'}</dd>
          <dt>Payload</dt><dd>{webhook.payload ? 'The entry’s content is sent with each event' : 'Event only'}</dd>
          <dt>Signing</dt><dd>{webhook.has_secret ? 'Signed with a secret' : 'No secret: deliveries are unsigned'}</dd>
        </dl>
      </section>

      <h2>Deliveries</h2>
      <DeliveryLogTable uuid={webhook.uuid} />

      {editing && <WebhookForm webhook={webhook} onClose={() => setEditing(false)} onSaved={() => { setEditing(false); notify('Webhook saved.', 'success') }} />}
      <Dialog
        open={deleting}
        title={`Delete “${webhook.name}”?`}
        onClose={() => setDeleting(false)}
        actions={<><Button onClick={() => setDeleting(false)}>Cancel</Button><Button variant="danger" onClick={() => void remove()}>Delete webhook</Button></>}
      >
        <p>It stops receiving events at once. Its secret and delivery log are deleted with it.</p>
      </Dialog>
    </div>
  )
}
