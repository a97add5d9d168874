import { useEffect } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { ADMIN_API, api } from '../../api.ts'
import { useSignedIn } from '../../session.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { formatWhen } from '../../format.ts'
import { WaitingForReview } from '../scheduling/ReviewBits.tsx'
import { Completeness } from '../../search/Completeness.tsx'
import type { Overview } from '../../../../src/service/project/overview.ts'

const SOURCES: Record<string, string> = { api: 'Editor or API', cli: 'Command line', watcher: 'File edit', schedule: 'Schedule' }

/** Collections with their counts, recent changes, and the problems the file watcher found. */
export function HomeScreen() {
  const session = useSignedIn()
  const overview = useQuery({
    queryKey: ['overview'],
    queryFn: async () => (await api.get<Overview>(`${ADMIN_API}/overview`)).data,
  })
  useEffect(() => { document.title = `${session.project.name} · cms editor` }, [session.project.name])

  return (
    <div className="screen">
      <div className="screen-header">
        <div>
          <h1>{session.project.name}</h1>
          <p className="subtitle">Locales: {session.project.locales.join(', ')} (default {session.project.default_locale})</p>
        </div>
      </div>
      {overview.isLoading && <Loading />}
      {overview.error && <ErrorView error={overview.error} />}
      {overview.data && (
        <>
          <WaitingForReview />
          <Completeness locales={session.project.locales} />
          <section aria-labelledby="h-problems">
            <h2 id="h-problems">Problems</h2>
            {overview.data.problems.length === 0
              ? <p className="muted">No problems: every content file reads cleanly.</p>
              : (
                <div className="card">
                  <ul className="problem-list">
                    {overview.data.problems.map((p, i) => (
                      <li key={i}>
                        <div className="problem-file">{p.file}{p.line ? `:${p.line}` : ''}</div>
                        <div>{p.message}{p.code ? <span className="muted"> ({p.code})</span> : null}</div>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
          </section>
          <section aria-labelledby="h-collections">
            <h2 id="h-collections">Collections</h2>
            <div className="cards">
              {overview.data.collections.map((c) => (
                <Link key={c.slug} to={`/c/${encodeURIComponent(c.slug)}`} className="card-link">
                  <div className="card">
                    <h3>{c.name}</h3>
                    <div className="stat-row">
                      <span><strong>{c.counts.total}</strong> {c.counts.total === 1 ? 'entry' : 'entries'}</span>
                      <span><strong>{c.counts.published}</strong> published</span>
                      <span><strong>{c.counts.draft}</strong> {c.counts.draft === 1 ? 'draft' : 'drafts'}</span>
                      {c.counts.changed > 0 && <span><strong>{c.counts.changed}</strong> changed</span>}
                      {c.counts.trashed > 0 && <span><strong>{c.counts.trashed}</strong> in trash</span>}
                    </div>
                    {Object.keys(c.counts.by_locale ?? {}).length > 0 && (
                      <div className="stat-row" style={{ marginTop: '0.35rem' }}>
                        {Object.entries(c.counts.by_locale).map(([loc, n]) => <span key={loc}><span className="badge badge-locale">{loc}</span> {n}</span>)}
                      </div>
                    )}
                  </div>
                </Link>
              ))}
            </div>
          </section>
          <section aria-labelledby="h-recent">
            <h2 id="h-recent">Recent changes</h2>
            {overview.data.recent.length === 0
              ? <p className="muted">Nothing has changed yet.</p>
              : (
                <div className="table-wrap">
                  <table className="table">
                    <thead><tr><th scope="col">Entry</th><th scope="col">Collection</th><th scope="col">Change</th><th scope="col">Through</th><th scope="col">When</th></tr></thead>
                    <tbody>
                      {overview.data.recent.map((r, i) => (
                        <tr key={i}>
                          <td className="cell-title">
                            {r.collection && r.uuid && !/deleted/.test(r.type)
                              ? <Link to={`/c/${encodeURIComponent(r.collection)}/${encodeURIComponent(r.uuid)}`}>{r.title || r.uuid}</Link>
                              : (r.title || r.uuid || '—')}
                          </td>
                          <td>{r.collection ?? '—'}</td>
                          <td>{r.type.replace(/^content\./, '')}</td>
                          <td>{SOURCES[r.source ?? ''] ?? r.source ?? '—'}</td>
                          <td>{r.at ? formatWhen(r.at) : '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
          </section>
        </>
      )}
    </div>
  )
}
