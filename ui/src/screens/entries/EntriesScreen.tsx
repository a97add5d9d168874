import { useEffect, useMemo, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { api, ApiError, entryPath } from '../../api.ts'
import { listColumns, titleField, useCollection, useSchema } from '../../schema.ts'
import { PreviewNote } from '../entry/PreviewNote.tsx'
import { Highlight } from '../../search/Highlight.tsx'
import { MissingIn } from '../../search/MissingIn.tsx'
import { useSession, useSignedIn } from '../../session.tsx'
import { StateLabel, useEntryList, withStates, type ListParams } from '../../entries.ts'
import { Field as FieldBox } from '../../components/Field.tsx'
import { Button } from '../../components/Button.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { formatWhen, summarize } from '../../format.ts'
import type { Collection, Entry, Field } from '../../types.ts'
import { ReviewBadge, ReviewFilter, reviewMatches } from '../scheduling/ReviewBits.tsx'

const PAGE_SIZES = [25, 50, 100]

/** A collection's entries: one server-side page at a time, filters and sort in the URL. */
export function EntriesScreen() {
  const { collection: slug } = useParams()
  const { collection, isLoading, error } = useCollection(slug)
  useEffect(() => { if (collection) document.title = `${collection.name} · cms editor` }, [collection])
  if (isLoading) return <Loading />
  if (error) return <ErrorView error={error} />
  if (!collection) return <div className="screen"><h1>Collection not found</h1><p>There is no collection <code>{slug}</code>.</p></div>
  return collection.is_singleton ? <SingletonList collection={collection} /> : <EntriesTable key={collection.slug} collection={collection} />
}

function filterFields(c: Collection): Field[] {
  return c.fields.filter((f) => !f.options?.hiddenInAPI && (f.type === 'enumeration' || f.type === 'boolean' || f.type === 'relation'))
}

function searchFields(c: Collection): Field[] {
  return c.fields.filter((f) => !f.options?.hiddenInAPI && (f.type === 'text' || f.type === 'slug' || f.type === 'email' || f.type === 'longtext'))
}

function EntriesTable({ collection }: { collection: Collection }) {
  const session = useSignedIn()
  const { can } = useSession()
  const [params, setParams] = useSearchParams()
  const columns = useMemo(() => listColumns(collection).slice(0, 3), [collection])
  const title = titleField(collection)
  const filters = useMemo(() => filterFields(collection), [collection])
  const [searchText, setSearchText] = useState(params.get('q') ?? '')
  const schema = useSchema()
  // A relation filter matches the related entry's title field (`where[author][name][like]=ad`).
  const titleFieldName = (target: string): string | null => {
    const c = schema.data?.collections.find((x) => x.slug === target || x.uuid === target || x.name === target)
    return c ? titleField(c)?.name ?? null : null
  }

  const page = Math.max(1, Number(params.get('page')) || 1)
  const perPage = PAGE_SIZES.includes(Number(params.get('per'))) ? Number(params.get('per')) : 25
  const sort = params.get('sort') ?? ''
  const locale = params.get('locale') ?? ''
  const q = params.get('q') ?? ''

  const where: Array<[string, string]> = []
  const texts = searchFields(collection)
  for (const f of filters) {
    const v = params.get(`f.${f.name}`)
    if (!v) continue
    if (f.type === 'relation') {
      const target = f.options?.relation?.collection
      const targetField = target ? titleFieldName(target) : null
      where.push([targetField ? `where[${f.name}][${targetField}][like]` : `where[${f.name}]`, v])
    } else where.push([`where[${f.name}]`, v])
  }
  // The search box is full-text search (docs/search.md): ranked by relevance unless a column sorts.
  const listParams: ListParams = { locale: locale || undefined, sort: sort || undefined, search: q || undefined, page, perPage, where }
  const list = useEntryList(collection, listParams)

  function update(changes: Record<string, string | null>, resetPage = true) {
    // From the latest URL, not this render's: a debounced search must not undo a filter chosen meanwhile.
    // (react-router's functional form still starts from the render that made the setter.)
    const next = new URLSearchParams(window.location.search)
    for (const [k, v] of Object.entries(changes)) { if (v) next.set(k, v); else next.delete(k) }
    if (resetPage) next.delete('page')
    setParams(next, { replace: true })
  }

  // Search as the person types, after a short pause (one request per pause, not per key).
  useEffect(() => {
    if (searchText === q) return
    const t = setTimeout(() => update({ q: searchText || null }), 300)
    return () => clearTimeout(t)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText])

  function toggleSort(name: string) {
    const [field, dir] = sort.split(':')
    update({ sort: field === name ? (dir === 'desc' ? `${name}:asc` : `${name}:desc`) : `${name}:asc` }, true)
  }

  function sortState(name: string): 'ascending' | 'descending' | 'none' {
    const [field, dir] = sort.split(':')
    if (field !== name) return 'none'
    return dir === 'desc' ? 'descending' : 'ascending'
  }

  const sortable = (f: Field) => f.type !== 'group' && f.type !== 'json' && f.type !== 'password'
  const meta = list.data?.meta

  return (
    <div className="screen">
      <div className="screen-header">
        <div>
          <h1>{collection.name}</h1>
          <p className="subtitle">{meta ? `${meta.total.toLocaleString()} ${meta.total === 1 ? 'entry' : 'entries'}` : '\u00a0'}<PreviewNote collection={collection} /></p>
        </div>
        <div className="toolbar">
          {can('create') && <Link className="btn btn-primary" to={`/c/${encodeURIComponent(collection.slug)}/new${locale ? `?locale=${encodeURIComponent(locale)}` : ''}`}>New entry</Link>}
        </div>
      </div>
      <div className="filters" role="search" aria-label={`Filter ${collection.name}`}>
        {texts.length > 0 && (
          <FieldBox label="Search" className="field-search">
            {(p) => <input type="search" {...p} value={searchText} placeholder={`Search ${texts.map((f) => f.label.toLowerCase()).join(', ')}`} onChange={(e) => setSearchText(e.target.value)} />}
          </FieldBox>
        )}
        {session.project.locales.length > 1 && (
          <FieldBox label="Locale">
            {(p) => (
              <select {...p} value={locale} onChange={(e) => update({ locale: e.target.value || null })}>
                <option value="">All locales</option>
                {session.project.locales.map((l) => <option key={l} value={l}>{l}</option>)}
              </select>
            )}
          </FieldBox>
        )}
        {filters.map((f) => <FilterControl key={f.uuid} field={f} value={params.get(`f.${f.name}`) ?? ''} onChange={(v) => update({ [`f.${f.name}`]: v || null })} />)}
        {collection.workflow === 'review' && <ReviewFilter value={params.get('review') ?? ''} onChange={(v) => update({ review: v || null }, false)} />}
      </div>
      {list.error && <ErrorView error={list.error} />}
      <div className="table-wrap" aria-busy={list.isFetching || undefined}>
        <table className="table">
          <caption className="visually-hidden">{collection.name} entries{meta ? `, page ${meta.current_page} of ${Math.max(1, meta.last_page)}` : ''}</caption>
          <thead>
            <tr>
              {columns.map((f) => (
                <th key={f.uuid} scope="col" aria-sort={sortable(f) ? sortState(f.name) : undefined}>
                  {sortable(f)
                    ? <button type="button" className="sort-button" onClick={() => toggleSort(f.name)}>{f.label}<SortMark state={sortState(f.name)} /></button>
                    : f.label}
                </th>
              ))}
              {session.project.locales.length > 1 && <th scope="col">Locale</th>}
              <th scope="col">State</th>
              <th scope="col" aria-sort={sortState('updated_at')}>
                <button type="button" className="sort-button" onClick={() => toggleSort('updated_at')}>Updated<SortMark state={sortState('updated_at')} /></button>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isLoading && <tr><td colSpan={columns.length + 3}><Loading /></td></tr>}
            {list.data?.rows.length === 0 && (
              <tr><td colSpan={columns.length + 3} className="empty">{q || where.length ? 'No entries match these filters.' : 'No entries yet.'}</td></tr>
            )}
            {list.data?.rows.filter(reviewMatches(params.get('review'))).map(({ entry, state }) => (
              <tr key={entry.uuid}>
                {columns.map((f, i) => (
                  <td key={f.uuid} className={i === 0 ? 'cell-title cell-clip' : 'cell-clip'}>
                    {i === 0
                      ? <Link to={`/c/${encodeURIComponent(collection.slug)}/${entry.uuid}`}><Highlight text={summarize(entry.fields[f.name]) || (title ? summarize(entry.fields[title.name]) : '') || 'Untitled'} query={q} /></Link>
                      : <CellValue field={f} value={entry.fields[f.name]} />}
                  </td>
                ))}
                {session.project.locales.length > 1 && <td><span className="badge badge-locale">{entry.locale}</span><MissingIn collection={collection.slug} uuid={entry.uuid} locales={session.project.locales} /></td>}
                <td><span className={`badge badge-${state}`}>{StateLabel(state)}</span><ReviewBadge entry={entry} /></td>
                <td className="cell-nowrap">{entry.updated_at ? formatWhen(entry.updated_at) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {meta && (
        <nav className="pager" aria-label="Pages">
          <span>{meta.total === 0 ? 'No entries' : `Showing ${meta.from ?? 0}–${meta.to ?? 0} of ${meta.total.toLocaleString()}`}</span>
          <div className="toolbar">
            <label className="pager-size">
              Per page
              <select value={perPage} onChange={(e) => update({ per: e.target.value })}>
                {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
              </select>
            </label>
            <Button size="small" disabled={page <= 1} onClick={() => update({ page: String(page - 1) }, false)}>Previous</Button>
            <span>Page {meta.current_page} of {Math.max(1, meta.last_page)}</span>
            <Button size="small" disabled={page >= meta.last_page} onClick={() => update({ page: String(page + 1) }, false)}>Next</Button>
          </div>
        </nav>
      )}
    </div>
  )
}

function SortMark({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  return <span aria-hidden="true" className="muted">{state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}</span>
}

function CellValue({ field, value }: { field: Field; value: unknown }) {
  if (field.type === 'boolean') return <>{value ? 'Yes' : value === false ? 'No' : ''}</>
  if (field.type === 'color' && typeof value === 'string') return <span className="inline"><span aria-hidden="true" style={{ width: 14, height: 14, borderRadius: 3, background: value, border: '1px solid #ccc', display: 'inline-block' }} />{value}</span>
  return <>{summarize(value)}</>
}

function FilterControl({ field, value, onChange }: { field: Field; value: string; onChange(v: string): void }) {
  const [text, setText] = useState(value)
  useEffect(() => {
    if (field.type !== 'relation' || text === value) return
    const t = setTimeout(() => onChange(text), 300)
    return () => clearTimeout(t)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text])
  if (field.type === 'enumeration') {
    return (
      <FieldBox label={field.label}>
        {(p) => (
          <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">Any</option>
            {(field.options?.enumeration?.list ?? []).map((v) => <option key={String(v)} value={String(v)}>{String(v)}</option>)}
          </select>
        )}
      </FieldBox>
    )
  }
  if (field.type === 'boolean') {
    return (
      <FieldBox label={field.label}>
        {(p) => (
          <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">Any</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </select>
        )}
      </FieldBox>
    )
  }
  return (
    <FieldBox label={field.label}>
      {(p) => <input type="search" {...p} value={text} placeholder="Related entry" onChange={(e) => setText(e.target.value)} />}
    </FieldBox>
  )
}

/** A singleton holds at most one entry per locale: one row per locale. */
function SingletonList({ collection }: { collection: Collection }) {
  const session = useSignedIn()
  const { can } = useSession()
  const rows = useQuery({
    queryKey: ['entries', collection.slug, 'singleton'],
    queryFn: async ({ signal }) => {
      const found: Entry[] = []
      for (const locale of session.project.locales) {
        try {
          const { data } = await api.get<Entry>(entryPath(collection.slug), { query: { state: 'draft', locale, timestamps: 1 }, signal })
          if (data && data.uuid) found.push(data)
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 404)) throw err
        }
      }
      return withStates({ ...collection, is_singleton: false }, found, signal).catch(() => found.map((entry) => ({ entry, state: 'draft' as const })))
    },
  })
  return (
    <div className="screen">
      <div className="screen-header">
        <div><h1>{collection.name}</h1><p className="subtitle">A single entry per locale.</p></div>
      </div>
      {rows.error && <ErrorView error={rows.error} />}
      <div className="table-wrap">
        <table className="table">
          <thead><tr><th scope="col">Locale</th><th scope="col">State</th><th scope="col">Updated</th><th scope="col"><span className="visually-hidden">Action</span></th></tr></thead>
          <tbody>
            {rows.isLoading && <tr><td colSpan={4}><Loading /></td></tr>}
            {rows.data && session.project.locales.map((locale) => {
              const row = rows.data.find((r) => r.entry.locale === locale)
              return (
                <tr key={locale}>
                  <td><span className="badge badge-locale">{locale}</span></td>
                  <td>{row ? <span className={`badge badge-${row.state}`}>{StateLabel(row.state)}</span> : <span className="muted">No entry</span>}</td>
                  <td>{row?.entry.updated_at ? formatWhen(row.entry.updated_at) : ''}</td>
                  <td>
                    {row
                      ? <Link to={`/c/${encodeURIComponent(collection.slug)}/${row.entry.uuid}`}>Edit {collection.name} ({locale})</Link>
                      : can('create') && <Link to={`/c/${encodeURIComponent(collection.slug)}/new?locale=${encodeURIComponent(locale)}`}>New entry ({locale})</Link>}
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
