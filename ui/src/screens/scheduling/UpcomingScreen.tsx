import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router'
import { useSchema } from '../../schema.ts'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { EntryTitle } from './EntryTitle.tsx'
import { formatAt, useReleases, useSchedule } from './schedulingApi.ts'
import './scheduling.css'

/** What goes live (or offline) next: scheduled entries and scheduled releases, by time. */
export default function UpcomingScreen() {
  const schedule = useSchedule()
  const releases = useReleases()
  const schema = useSchema()
  useEffect(() => { document.title = 'Upcoming · cms editor' }, [])
  const nameOf = (slug: string) => schema.data?.collections.find((c) => c.slug === slug)?.name ?? slug
  type Row = { key: string; at: string; what: 'publish' | 'unpublish' | 'release'; cell: ReactNode; where: string }
  const rows: Row[] = [
    ...(schedule.data ?? []).slice(0, 200).map((i) => ({ key: `${i.uuid}-${i.action}`, at: i.at, what: i.action, cell: <EntryTitle collection={i.collection} uuid={i.uuid} />, where: `${nameOf(i.collection)} · ${i.locale}` })),
    ...(releases.data ?? []).filter((r) => r.state === 'scheduled' && r.publish_at).map((r) => ({
      key: r.id, at: r.publish_at!, what: 'release' as const, cell: <Link to={`/releases/${r.id}`}>{r.name}</Link>, where: `Release · ${r.items.length} entr${r.items.length === 1 ? 'y' : 'ies'}`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at))
  const label = { publish: 'Goes live', unpublish: 'Goes offline', release: 'Release goes live' }
  return (
    <div className="screen">
      <div className="screen-header">
        <div>
          <h1>Upcoming</h1>
          <p className="subtitle">Entries and releases scheduled to go live or offline, soonest first.</p>
        </div>
        <Link className="btn btn-secondary" to="/releases">Releases</Link>
      </div>
      {(schedule.isLoading || releases.isLoading) && <Loading />}
      {schedule.error && <ErrorView error={schedule.error} />}
      {schedule.data && releases.data && (rows.length === 0
        ? <p className="muted">Nothing is scheduled. Open an entry and choose "Schedule…", or schedule a release.</p>
        : (
          <ol className="upcoming-list" aria-label="Scheduled changes">
            {rows.map((r) => (
              <li key={r.key} className="upcoming-item card">
                <time dateTime={r.at} className="upcoming-at">{formatAt(r.at)}</time>
                <span className={`badge badge-upcoming-${r.what}`}>{label[r.what]}</span>
                <span className="upcoming-title">{r.cell}</span>
                <span className="muted upcoming-where">{r.where}</span>
              </li>
            ))}
          </ol>
        ))}
    </div>
  )
}
