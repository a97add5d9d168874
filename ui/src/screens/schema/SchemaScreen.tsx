import { useParams } from 'react-router'

/** Placeholder: the secondary-screens engineer replaces this screen. */
export default function SchemaScreen() {
  const params = useParams()
  return (
    <div className="screen">
      <h1>Schema</h1>
      <p className="muted">This screen is coming soon.{params.uuid ? ` (entry ${params.uuid})` : ''}</p>
    </div>
  )
}
