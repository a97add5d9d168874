import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { api, entryPath } from '../../api.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import type { Entry } from '../../types.ts'
import { entryTitle } from '../versions/fieldText.ts'
import type { Refusal } from './refusal.ts'

/** The API speaks to scripts ("pass force"); the person gets a button for that instead. */
const forPeople = (message: string) => message.replace(/\s*Fix them first, or pass "force": true to apply it anyway\.?/, '')

/** What the API said the change would break, before anything changed; applying it needs a second, explicit yes. */
export function RefusalDialog({ refusal, collection, busy, onCancel, onForce }: {
  refusal: Refusal; collection: string; busy: boolean; onCancel(): void; onForce(): void
}) {
  const uuids = refusal.entries.map((e) => e.uuid)
  // Name the entries by their titles (one request for all the listed uuids).
  const titles = useQuery({
    queryKey: ['entries', collection, 'titles', uuids.join(',')],
    enabled: uuids.length > 0,
    queryFn: async () => {
      const { data } = await api.get<Entry[]>(entryPath(collection), { query: { state: 'draft', 'where[uuid][in]': uuids.join(','), limit: uuids.length } })
      return new Map(data.map((e) => [e.uuid, `${entryTitle(e)} (${e.locale})`]))
    },
  })
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
      <p>{forPeople(refusal.message)}</p>
      <p className="muted">Nothing has been changed yet. You can fix {refusal.entries.length === 1 ? 'this entry' : 'these entries'} first, or apply the change anyway.</p>
      <ul className="refusal-list" aria-label="Affected entries">
        {refusal.entries.map((e) => (
          <li key={e.uuid}>
            <Link to={`/c/${encodeURIComponent(collection)}/${encodeURIComponent(e.uuid)}`} target="_blank" rel="noreferrer">
              {titles.data?.get(e.uuid) ?? `Entry ${e.uuid.slice(0, 8)}`}
            </Link>
            {' — '}{e.problems[0]}
            {e.problems.length > 1 && <span className="muted" title={e.problems.join('\n')}> (and {e.problems.length - 1} more)</span>}
          </li>
        ))}
      </ul>
      <p>Applying it anyway changes the schema now; values that no longer fit are dropped, and those entries need fixing before their next save.</p>
    </Dialog>
  )
}
