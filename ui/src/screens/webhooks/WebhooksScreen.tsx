import { Link, useSearchParams } from 'react-router'
import { useSession } from '../../session.tsx'
import { Button } from '../../components/Button.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { useToast } from '../../components/Toast.tsx'
import { WebhookDetail } from './WebhookDetail.tsx'
import { WebhookForm } from './WebhookForm.tsx'
import { useWebhooks } from './webhooksApi.ts'
import '../versions/secondary.css'

/**
 * Webhooks: the list, and one webhook with its deliveries (`?webhook=<uuid>`); `?new=1` opens
 * the form for a new one. Managing webhooks needs the admin ability.
 */
export default function WebhooksScreen() {
  const { can } = useSession()
  const [params, setParams] = useSearchParams()
  const { notify } = useToast()
  const admin = can('admin')
  const hooks = useWebhooks()
  const selected = params.get('webhook')
  const go = (next: Record<string, string>) => setParams(new URLSearchParams(next))

  if (!admin) {
    return (
      <div className="screen">
        <h1>Webhooks</h1>
        <div className="notice notice-info" role="status">Managing webhooks needs a session with the admin ability.</div>
      </div>
    )
  }
  if (hooks.isLoading) return <Loading label="Loading webhooks" />
  if (hooks.error) return <div className="screen"><h1>Webhooks</h1><ErrorView error={hooks.error} /></div>
  const list = hooks.data ?? []
  const current = selected ? list.find((w) => w.uuid === selected) : undefined
  if (selected && current) return <WebhookDetail key={current.uuid} webhook={current} onBack={() => go({})} />

  return (
    <div className="screen">
      <div className="screen-header">
        <div>
          <h1>Webhooks</h1>
          <p className="subtitle">Signed calls to your services when content or media change.</p>
        </div>
        <Button variant="primary" onClick={() => go({ new: '1' })}>New webhook</Button>
      </div>
      {selected && !current && <div className="notice notice-warning" role="alert">That webhook no longer exists.</div>}
      {list.length === 0 ? (
        <div className="card empty">
          <p>No webhooks yet.</p>
          <p className="muted">A webhook calls a URL of yours when entries are published, changed or deleted — to rebuild a site, for example.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Webhooks</caption>
            <thead><tr><th scope="col">Name</th><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Collections</th><th scope="col">State</th></tr></thead>
            <tbody>
              {list.map((w) => (
                <tr key={w.uuid}>
                  <td className="cell-title"><Link to={`/webhooks?webhook=${encodeURIComponent(w.uuid)}`}>{w.name}</Link></td>
                  <td className="cell-clip"><code>{w.url}</code></td>
                  <td>{w.events.length <= 2 ? w.events.join(', ') : `${w.events.length} events`}</td>
                  <td>{w.collections.length ? w.collections.map((c) => c.name).join(', ') : 'All'}</td>
                  <td>{w.status ? <span className="badge badge-published">Active</span> : <span className="badge badge-draft">Paused</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {params.get('new') && (
        <WebhookForm webhook={null} onClose={() => go({})} onSaved={(w) => { notify('Webhook created.', 'success'); go({ webhook: w.uuid }) }} />
      )}
    </div>
  )
}
