import { Link } from 'react-router'
import { useCollection } from '../../schema.ts'
import { entryTitle, useEntryPending } from './schedulingApi.ts'

/** An entry named by its title (loaded on its own, cached), linked to its form. */
export function EntryTitle({ collection, uuid }: { collection: string; uuid: string }) {
  const { collection: c } = useCollection(collection)
  const entry = useEntryPending(collection, uuid)
  const title = entry.data ? entryTitle(c, entry.data) : entry.isError ? 'Entry not found' : '…'
  return <Link to={`/c/${encodeURIComponent(collection)}/${uuid}`}>{title}</Link>
}
