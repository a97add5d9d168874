import { useParams } from 'react-router'

/** Placeholder: the secondary-screens engineer replaces this screen. */
export default function TranslationsScreen() {
  const params = useParams()
  return (
    <div className="screen">
      <h1>Translations</h1>
      <p className="muted">This screen is coming soon.{params.uuid ? ` (entry ${params.uuid})` : ''}</p>
    </div>
  )
}
