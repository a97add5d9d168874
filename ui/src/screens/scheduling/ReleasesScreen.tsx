import { useEffect, useState } from 'react'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { Link, useNavigate, useParams } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, entryPath } from '../../api.ts'
import { useSchema } from '../../schema.ts'
import { useSession } from '../../session.tsx'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { useToast } from '../../components/Toast.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { summarize } from '../../format.ts'
import type { Entry } from '../../types.ts'
import { entryTitle, formatAt, fromLocalInput, toLocalInput, useRelease, useReleases, type Release } from './schedulingApi.ts'
import './scheduling.css'

const STATE_LABELS: Record<Release['state'], string> = { draft: 'Being prepared', scheduled: 'Scheduled', published: 'Live' }

/** Releases: entries that go live together. `/releases` lists and creates; `/releases/:id` is one release. */
export default function ReleasesScreen() {
  const { id } = useParams()
  return id ? <ReleaseDetail id={id} /> : <ReleaseList />
}

function messageOf(err: unknown): string {
  if (err instanceof ApiError) return Object.values(err.errors).flat()[0] ?? err.message
  return err instanceof Error ? err.message : 'Something went wrong.'
}

function ReleaseList() {
  const releases = useReleases()
  const { can } = useSession()
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => { document.title = 'Releases · cms editor' }, [])
  const create = async () => {
    setBusy(true)
    setProblem(null)
    try {
      const res = await api.post<Release>('/_releases', { name })
      navigate(`/releases/${res.data.id}`)
    } catch (err) {
      setProblem(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="screen">
      <ScreenHeader title="Releases" subtitle="A release is a set of entries that go live together, now or at a time you choose.">
        <Link className="btn btn-secondary" to="/upcoming">Upcoming</Link>
      </ScreenHeader>
      {can('update') && (
        <form className="card release-form" onSubmit={(e) => { e.preventDefault(); void create() }}>
          <label className="field-label" htmlFor="release-name">New release</label>
          <input id="release-name" className="input" placeholder="e.g. Spring launch" value={name} onChange={(e) => setName(e.target.value)} />
          {problem && <p className="field-error" role="alert">{problem}</p>}
          <div><Button type="submit" variant="primary" busy={busy} disabled={!name.trim()}>Create release</Button></div>
        </form>
      )}
      {releases.isLoading && <Loading />}
      {releases.error && <ErrorView error={releases.error} />}
      {releases.data && (releases.data.length === 0 ? <p className="muted">No releases yet.</p> : (
        <div className="table-wrap" style={{ marginTop: '1rem' }}>
          <table className="table">
            <thead><tr><th scope="col">Release</th><th scope="col">State</th><th scope="col">When</th><th scope="col">Entries</th></tr></thead>
            <tbody>
              {releases.data.map((r) => (
                <tr key={r.id}>
                  <td className="cell-title"><Link to={`/releases/${r.id}`}>{r.name}</Link></td>
                  <td><span className={`badge badge-${r.state === 'published' ? 'published' : r.state === 'scheduled' ? 'changed' : 'draft'}`}>{STATE_LABELS[r.state]}</span></td>
                  <td>{r.state === 'published' && r.published_at ? formatAt(r.published_at) : r.publish_at ? formatAt(r.publish_at) : '—'}</td>
                  <td>{r.items.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  )
}

function ReleaseDetail({ id }: { id: string }) {
  const release = useRelease(id)
  const schema = useSchema()
  const { can } = useSession()
  const { notify } = useToast()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [confirm, setConfirm] = useState(false)
  const [when, setWhen] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const r = release.data
  useEffect(() => { if (r) { document.title = `${r.name} · Releases · cms editor`; setWhen(toLocalInput(r.publish_at)) } }, [r])
  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['release', id] }),
    queryClient.invalidateQueries({ queryKey: ['releases'] }),
    queryClient.invalidateQueries({ queryKey: ['entry-pending'] }),
  ])
  const act = async (what: string, fn: () => Promise<unknown>, done: string) => {
    setBusy(true)
    setProblem(null)
    try {
      await fn()
      notify(done, 'success')
      await refresh()
    } catch (err) {
      setProblem(`${what}: ${messageOf(err)}`)
    } finally {
      setBusy(false)
    }
  }
  if (release.isLoading) return <Loading />
  if (release.error || !r) return <div className="screen"><ErrorView error={release.error} /></div>
  const open = r.state !== 'published' && can('update')
  const nameOf = (slug: string) => schema.data?.collections.find((c) => c.slug === slug)?.name ?? slug
  return (
    <div className="screen">
      <div className="breadcrumbs"><Link to="/releases">Releases</Link> / {r.name}</div>
      <div className="screen-header">
        <div>
          <h1>{r.name}</h1>
          <p className="subtitle">
            <span className={`badge badge-${r.state === 'published' ? 'published' : r.state === 'scheduled' ? 'changed' : 'draft'}`}>{STATE_LABELS[r.state]}</span>{' '}
            {r.state === 'published' && r.published_at ? `went live ${formatAt(r.published_at)}` : r.publish_at ? `goes live ${formatAt(r.publish_at)}` : 'not scheduled'}
          </p>
        </div>
        {open && <Button variant="primary" disabled={busy || r.items.length === 0} onClick={() => setConfirm(true)}>Publish now</Button>}
      </div>
      {problem && <p className="field-error" role="alert">{problem}</p>}
      {open && (
        <div className="card release-form">
          <label className="field-label" htmlFor="release-when">Go live at</label>
          <input id="release-when" className="input" type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
          <div className="toolbar">
            <Button disabled={busy || !when} onClick={() => void act('Scheduling', () => api.patch(`/_releases/${id}`, { publish_at: fromLocalInput(when) }), 'Release scheduled.')}>Schedule release</Button>
            {r.publish_at && <Button variant="ghost" disabled={busy} onClick={() => void act('Unscheduling', () => api.patch(`/_releases/${id}`, { publish_at: null }), 'Release unscheduled.')}>Unschedule</Button>}
          </div>
        </div>
      )}
      {open && <AddEntry onAdd={(collection, uuid, action) => act('Adding the entry', () => api.post(`/_releases/${id}/items`, { collection, uuid, action }), 'Added to the release.')} busy={busy} />}
      <h2>What will change</h2>
      {r.items.length === 0 ? <p className="muted">No entries yet: add some above.</p> : (
        <ul className="release-items" aria-label="Entries in this release">
          {r.items.map((item) => (
            <li key={item.uuid} className="card">
              <div className="toolbar" style={{ justifyContent: 'space-between' }}>
                <div>
                  <span className={`badge badge-${item.action === 'publish' ? 'published' : 'changed'}`}>{item.action === 'publish' ? 'Publish' : 'Unpublish'}</span>{' '}
                  <Link to={`/c/${encodeURIComponent(item.collection)}/${item.uuid}`}><strong>{item.title ?? `${nameOf(item.collection)} entry`}</strong></Link>{' '}
                  <span className="muted">{nameOf(item.collection)}{item.locale ? ` · ${item.locale}` : ''}</span>
                </div>
                {open && <Button size="small" variant="ghost" disabled={busy} onClick={() => void act('Removing the entry', () => api.delete(`/_releases/${id}/items/${item.uuid}`), 'Removed from the release.')}>Remove</Button>}
              </div>
              {item.missing ? <p className="field-error">This entry no longer exists.</p> : item.changes.length === 0
                ? <p className="muted" style={{ margin: '0.25rem 0 0' }}>No change: the live version is the same.</p>
                : (
                  <ul className="release-changes">
                    {item.changes.map((c) => (
                      <li key={c.field}><strong>{c.label}</strong>: {c.before !== null && <del>{summarize(c.before, 60) || '(empty)'}</del>}{c.before !== null && c.after !== null && ' → '}{c.after !== null ? <ins>{summarize(c.after, 60) || '(empty)'}</ins> : ' goes offline'}</li>
                    ))}
                  </ul>
                )}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={confirm}
        title={`Publish "${r.name}" now?`}
        onClose={() => setConfirm(false)}
        actions={(
          <>
            <Button onClick={() => setConfirm(false)}>Cancel</Button>
            <Button variant="primary" busy={busy} onClick={() => { setConfirm(false); void act('Publishing', () => api.post(`/_releases/${id}/publish`), 'The release is live.') }}>Publish {r.items.length} entr{r.items.length === 1 ? 'y' : 'ies'}</Button>
          </>
        )}
      >
        <p>All {r.items.length} entries go live together: readers see all of them or none.</p>
      </Dialog>
    </div>
  )
}

/** Picks an entry by title (a collection, then one of its entries) to add to the release. */
function AddEntry({ onAdd, busy }: { onAdd(collection: string, uuid: string, action: 'publish' | 'unpublish'): Promise<unknown>; busy: boolean }) {
  const schema = useSchema()
  const collections = schema.data?.collections ?? []
  const [slug, setSlug] = useState('')
  const [uuid, setUuid] = useState('')
  const [action, setAction] = useState<'publish' | 'unpublish'>('publish')
  const collection = collections.find((c) => c.slug === slug)
  const entries = useQuery({
    queryKey: ['release-pick', slug],
    enabled: Boolean(slug),
    queryFn: async () => (await api.get<Entry[]>(entryPath(slug), { query: { state: 'draft', limit: 200 } })).data,
  })
  return (
    <form className="card release-form" style={{ marginTop: '1rem' }} onSubmit={(e) => { e.preventDefault(); if (slug && uuid) void onAdd(slug, uuid, action).then(() => setUuid('')) }}>
      <h3 style={{ margin: 0 }}>Add an entry</h3>
      <label className="field-label" htmlFor="release-collection">Collection</label>
      <select id="release-collection" className="input" value={slug} onChange={(e) => { setSlug(e.target.value); setUuid('') }}>
        <option value="">Choose a collection</option>
        {collections.map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
      </select>
      {slug && (
        <>
          <label className="field-label" htmlFor="release-entry">Entry</label>
          <select id="release-entry" className="input" value={uuid} onChange={(e) => setUuid(e.target.value)}>
            <option value="">{entries.isLoading ? 'Loading…' : 'Choose an entry'}</option>
            {(entries.data ?? []).map((e) => <option key={e.uuid} value={e.uuid}>{entryTitle(collection, e)} ({e.locale})</option>)}
          </select>
        </>
      )}
      <label className="field-label" htmlFor="release-action">When the release goes live</label>
      <select id="release-action" className="input" value={action} onChange={(e) => setAction(e.target.value as 'publish' | 'unpublish')}>
        <option value="publish">Publish its draft</option>
        <option value="unpublish">Take it offline</option>
      </select>
      <div><Button type="submit" busy={busy} disabled={!slug || !uuid}>Add to release</Button></div>
    </form>
  )
}
