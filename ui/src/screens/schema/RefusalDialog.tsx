import { Link } from 'react-router'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import type { Refusal } from './refusal.ts'

/** What the API said the change would break, before anything changed; applying it needs a second, explicit yes. */
export function RefusalDialog({ refusal, collection, busy, onCancel, onForce }: {
  refusal: Refusal; collection: string; busy: boolean; onCancel(): void; onForce(): void
}) {
  return (
    <Dialog
      open
      wide
      title="This change affects existing entries"
      onClose={onCancel}
      actions={<>
        <Button onClick={onCancel}>Cancel, change nothing</Button>
        <Button variant="danger" busy={busy} onClick={onForce}>Apply anyway</Button>
      </>}
    >
      <p>{refusal.message}</p>
      <p className="muted">Nothing has been changed yet. {refusal.entries.length === 1 ? 'The entry is listed below.' : refusal.entries.length > 1 ? 'The entries are listed below.' : ''}</p>
      <ul className="refusal-list" aria-label="Affected entries">
        {refusal.entries.map((e) => (
          <li key={e.uuid}>
            <Link to={`/c/${encodeURIComponent(collection)}/${encodeURIComponent(e.uuid)}`} target="_blank" rel="noreferrer">Entry {e.uuid.slice(0, 8)}</Link>
            {': '}{e.problems.join('; ')}
          </li>
        ))}
      </ul>
      <p>Applying it anyway changes the schema; values that no longer fit are dropped and those entries need fixing before their next save.</p>
    </Dialog>
  )
}
