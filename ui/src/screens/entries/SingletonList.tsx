import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { api, ApiError, entryPath } from '../../api.ts'
import { useSession, useSignedIn } from '../../session.tsx'
import { StateLabel, type EntryState } from '../../entries.ts'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { formatWhen } from '../../format.ts'
import { differs } from '../../values.ts'
import type { Collection, Entry } from '../../types.ts'

/** The singleton's entry in one locale, draft and published side by side (null when absent). */
async function read(slug: string, locale: string, state: 'draft' | 'published', signal: AbortSignal): Promise<Entry | null> {
  try {
    const { data } = await api.get<Entry | { data: Entry }>(entryPath(slug), { query: { state, locale, timestamps: 1 }, signal })
    const e = 'data' in data && data.data ? data.data : data as Entry
    return e && e.uuid ? e : null
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null
    throw err
  }
}

/**
 * A singleton holds at most one entry per locale: one row per locale. Its state is read per
 * locale from the singleton's own reads (a singleton answers one entry, not a list, so the
 * list's published lookup does not apply).
 */
export function SingletonList({ collection }: { collection: Collection }) {
  const session = useSignedIn()
  const { can } = useSession()
  const rows = useQuery({
    queryKey: ['entries', collection.slug, 'singleton'],
    queryFn: async ({ signal }) => Promise.all(session.project.locales.map(async (locale) => {
      const [draft, published] = await Promise.all([read(collection.slug, locale, 'draft', signal), read(collection.slug, locale, 'published', signal)])
      if (!draft) return null
      const state: EntryState = !published ? 'draft' : differs(collection, draft.fields, published.fields) ? 'changed' : 'published'
      return { entry: draft, state }
    })),
  })
  return (
    <div className="screen">
      <div className="screen-header">
        <div><h1>{collection.name}</h1><p className="subtitle">A single entry per locale.</p></div>
      </div>
      {rows.error && <ErrorView error={rows.error} />}
      <div className="table-wrap">
        <table className="table table-cards">
          <thead><tr><th scope="col">Locale</th><th scope="col">State</th><th scope="col">Updated</th><th scope="col"><span className="visually-hidden">Action</span></th></tr></thead>
          <tbody>
            {rows.isLoading && <tr><td colSpan={4}><Loading /></td></tr>}
            {rows.data && session.project.locales.map((locale) => {
              const row = rows.data.find((r) => r?.entry.locale === locale)
              return (
                <tr key={locale} data-locale={locale}>
                  <td data-label="Locale"><span className="badge badge-locale">{locale}</span></td>
                  <td className="cell-state" data-label="State">{row ? <span className={`badge badge-${row.state}`}>{StateLabel(row.state)}</span> : <span className="muted">No entry</span>}</td>
                  <td data-label="Updated">{row?.entry.updated_at ? formatWhen(row.entry.updated_at) : ''}</td>
                  <td>
                    {row
                      ? <Link to={`/c/${encodeURIComponent(collection.slug)}/${row.entry.uuid}`}>Edit {collection.name} ({locale})</Link>
                      : can('create') && <Link to={`/c/${encodeURIComponent(collection.slug)}/new?locale=${encodeURIComponent(locale)}`}>Create it ({locale})</Link>}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </div>
  )
}
