import { useEffect, useMemo, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { plural, singularName, titleField, useCollection, useSchema } from '../../schema.ts'
import { PreviewNote } from '../entry/PreviewNote.tsx'
import { Highlight } from '../../search/Highlight.tsx'
import { MissingIn } from '../../search/MissingIn.tsx'
import { useMissingLocales } from '../../search/searchApi.ts'
import { ReviewBadge, ReviewFilter, reviewMatches } from '../scheduling/ReviewBits.tsx'
import { useSession, useSignedIn } from '../../session.tsx'
import { StateLabel, useEntryList, type ListParams } from '../../entries.ts'
import { AssetThumb } from '../../components/AssetThumb.tsx'
import { SingletonList } from './SingletonList.tsx'
import { useColumns } from './useColumns.ts'
import { ColumnPicker } from './ColumnPicker.tsx'
import { BulkBar } from './BulkBar.tsx'
import { Field as FieldBox } from '../../components/Field.tsx'
import { Button } from '../../components/Button.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { formatWhen, summarize } from '../../format.ts'
import type { Asset, Collection, Field } from '../../types.ts'

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
  const cols = useColumns(session.project.uuid, collection)
  const columns = cols.shown
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const canBulk = can('update') || can('delete')
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

  const multiLocale = session.project.locales.length > 1
  const review = params.get('review')
  const rows = useMemo(() => (list.data?.rows ?? []).filter(reviewMatches(review)), [list.data, review])
  // "Not yet in German" per row: one request for the page, answered from the server's translation groups.
  const missing = useMissingLocales(collection.slug, rows.map((r) => r.entry.uuid), multiLocale).data
  // A new page or new filters: what was ticked is no longer in view, so nothing stays selected.
  useEffect(() => { setSelected(new Set()) }, [params])
  const sortable = (f: Field) => f.type !== 'group' && f.type !== 'json' && f.type !== 'password'
  const meta = list.data?.meta

  return (
    <div className="screen">
      <div className="screen-header">
        <div>
          <h1>{collection.name}</h1>
          <p className="subtitle">{meta ? plural(meta.total, 'entry', 'entries') : '\u00a0'}<PreviewNote collection={collection} /></p>
        </div>
        <div className="toolbar">
          <ColumnPicker all={cols.all} shown={columns} onToggle={cols.toggle} onReset={cols.reset} />
          {can('create') && <Link className="btn btn-primary" to={`/c/${encodeURIComponent(collection.slug)}/new${locale ? `?locale=${encodeURIComponent(locale)}` : ''}`}>New {singularName(collection).toLowerCase()}</Link>}
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
      {canBulk && <BulkBar slug={collection.slug} singular={singularName(collection)} many={collection.name} rows={rows.filter((r) => selected.has(r.entry.uuid))} onDone={() => setSelected(new Set())} />}
      <div className="table-wrap" aria-busy={list.isFetching || undefined}>
        <table className={canBulk ? "table table-cards entries-table has-select" : "table table-cards entries-table"}>
          <caption className="visually-hidden">{collection.name} entries{meta ? `, page ${meta.current_page} of ${Math.max(1, meta.last_page)}` : ''}</caption>
          <thead>
            <tr>
              {canBulk && (
                <th scope="col" className="cell-select">
                  <input type="checkbox" aria-label="Select every entry on this page" checked={rows.length > 0 && rows.every((r) => selected.has(r.entry.uuid))} onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.entry.uuid)) : new Set())} />
                </th>
              )}
              {columns.map((f) => (
                <th key={f.uuid} scope="col" aria-sort={sortable(f) ? sortState(f.name) : undefined}>
                  {sortable(f)
                    ? <button type="button" className="sort-button" onClick={() => toggleSort(f.name)}>{f.label}<SortMark state={sortState(f.name)} /></button>
                    : f.label}
                </th>
              ))}
              {multiLocale && <th scope="col">Locale</th>}
              <th scope="col">State</th>
              <th scope="col" aria-sort={sortState('updated_at')}>
                <button type="button" className="sort-button" onClick={() => toggleSort('updated_at')}>Updated<SortMark state={sortState('updated_at')} /></button>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isLoading && <tr><td colSpan={columns.length + 4}><Loading /></td></tr>}
            {list.data?.rows.length === 0 && (
              <tr><td colSpan={columns.length + 4} className="empty">{q || where.length ? 'No entries match these filters.' : 'No entries yet.'}</td></tr>
            )}
            {rows.map(({ entry, state }) => {
              const name = summarize(entry.fields[columns[0]?.name ?? '']) || (title ? summarize(entry.fields[title.name]) : '') || 'Untitled'
              return (
                <tr key={entry.uuid} data-uuid={entry.uuid}>
                  {canBulk && (
                    <td className="cell-select">
                      <input type="checkbox" aria-label={`Select ${name}${multiLocale ? ` (${entry.locale})` : ''}`} checked={selected.has(entry.uuid)} onChange={(e) => setSelected((prev) => { const next = new Set(prev); if (e.target.checked) next.add(entry.uuid); else next.delete(entry.uuid); return next })} />
                    </td>
                  )}
                  {columns.map((f, i) => (
                    <td key={f.uuid} className={i === 0 ? 'cell-title cell-clip' : 'cell-clip'} data-label={f.label}>
                      {i === 0
                        ? <Link to={`/c/${encodeURIComponent(collection.slug)}/${entry.uuid}`}><Highlight text={name} query={q} /></Link>
                        : <CellValue field={f} value={entry.fields[f.name]} />}
                    </td>
                  ))}
                  {multiLocale && <td data-label="Locale"><span className="badge badge-locale">{entry.locale}</span><MissingIn missing={missing?.[entry.uuid]} /></td>}
                  <td className="cell-state" data-label="State"><span className={`badge badge-${state}`}>{StateLabel(state)}</span><ReviewBadge entry={entry} /></td>
                  <td className="cell-nowrap" data-label="Updated">{entry.updated_at ? formatWhen(entry.updated_at) : ''}</td>
                </tr>
              )
            })}
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
  if (field.type === 'media') {
    const assets = (Array.isArray(value) ? value : value ? [value] : []).filter((a): a is Asset => Boolean(a && typeof a === 'object' && 'uuid' in a))
    if (assets.length === 0) return null
    return (
      <span className="cell-media">
        <span className="cell-thumb"><AssetThumb asset={assets[0]!} alt="" /></span>
        <span className="cell-media-name">{assets[0]!.filename}{assets.length > 1 ? ` +${assets.length - 1}` : ''}</span>
      </span>
    )
  }
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
  // A choice among the field's values (an enumeration's list, a boolean's Yes and No), or any.
  const choices: Array<[string, string]> | null = field.type === 'enumeration'
    ? (field.options?.enumeration?.list ?? []).map((v) => [String(v), String(v)])
    : field.type === 'boolean' ? [['true', 'Yes'], ['false', 'No']] : null
  if (choices) {
    return (
      <FieldBox label={field.label}>
        {(p) => (
          <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">Any</option>
            {choices.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
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
