import { useParams } from 'react-router'

/** Placeholder: the secondary-screens engineer replaces this screen. */
export default function WebhooksScreen() {
  const params = useParams()
  return (
    <div className="screen">
      <h1>Webhooks</h1>
      <p className="muted">This screen is coming soon.{params.uuid ? ` (entry ${params.uuid})` : ''}</p>
    </div>
  )
}
