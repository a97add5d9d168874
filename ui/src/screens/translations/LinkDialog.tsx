import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ApiError, api, entryPath } from '../../api.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { Field } from '../../components/Field.tsx'
import { Loading } from '../../components/Status.tsx'
import { titleField } from '../../schema.ts'
import type { Collection, Entry, Paginated } from '../../types.ts'
import { entryTitle } from '../versions/fieldText.ts'
import { localeName } from './useTranslations.ts'

/** Searchable picker over the collection's entries in one locale; choosing one links it as a translation. */
export function LinkDialog({ open, collection, uuid, locale, onClose, onLinked }: {
  open: boolean; collection: Collection; uuid: string; locale: string; onClose(): void; onLinked(): void
}) {
  const [search, setSearch] = useState('')
  const [debounced, setDebounced] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  useEffect(() => { const t = setTimeout(() => setDebounced(search.trim()), 250); return () => clearTimeout(t) }, [search])
  useEffect(() => { if (open) { setSearch(''); setError(null) } }, [open])
  const tf = titleField(collection)
  const results = useQuery({
    queryKey: ['entries', collection.slug, 'link-picker', locale, debounced],
    enabled: open,
    queryFn: async () => {
      const query: Record<string, string> = { state: 'draft', locale, paginate: '10' }
      if (debounced && tf) query[`where[${tf.name}][like]`] = debounced
      const { data } = await api.get<Paginated<Entry> | Entry>(entryPath(collection.slug), { query })
      // A singleton collection answers its one entry instead of a page.
      return 'data' in data && Array.isArray(data.data) ? data.data : [data as Entry]
    },
  })

  const link = async (other: Entry) => {
    setBusy(other.uuid)
    setError(null)
    try {
      await api.post(entryPath(collection.slug, uuid, 'link-translation'), { translation_entry_uuid: other.uuid })
      onLinked()
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The entries could not be linked.')
    } finally {
      setBusy(null)
    }
  }

  const label = (e: Entry) => (tf && typeof e.fields[tf.name] === 'string' && (e.fields[tf.name] as string)) || entryTitle(e)
  return (
    <Dialog open={open} title={`Link an existing ${localeName(locale)} entry`} onClose={onClose} actions={<Button onClick={onClose}>Cancel</Button>}>
      <p className="muted">Choose the {collection.name} entry that is this entry’s translation. Both join one translation group.</p>
      <Field label={`Search ${collection.name} in ${locale}`} hint={tf ? `Matches the ${tf.label} field.` : undefined}>
        {(p) => <input type="search" {...p} value={search} onChange={(e) => setSearch(e.target.value)} autoFocus />}
      </Field>
      {error && <div className="notice notice-error" role="alert">{error}</div>}
      {results.isLoading ? <Loading label="Searching" /> : (
        results.data && results.data.length > 0 ? (
          <ul className="picker-results" aria-label="Matching entries">
            {results.data.map((e) => (
              <li key={e.uuid}>
                <button type="button" onClick={() => void link(e)} disabled={busy !== null} aria-busy={busy === e.uuid || undefined}>
                  <strong>{label(e)}</strong> <span className="muted">· {e.published_at ? 'published' : 'draft'} · {e.uuid.slice(0, 8)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : <p className="empty">No {collection.name.toLowerCase()} in {locale} match.</p>
      )}
    </Dialog>
  )
}
