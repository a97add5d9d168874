import type { DiffReport } from './gitApi.ts'
import { EntryFieldChanges, FieldChangeList, KindBadge, LIVE_TEXT } from './FieldChanges.tsx'

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The `cms diff` summary line, leaving out what is zero. */
function summaryText(r: DiffReport): string {
  const s = r.summary
  const parts = [
    s.added && `${s.added} added`, s.changed && `${s.changed} changed`, s.removed && `${s.removed} removed`,
    s.goes_live && `${s.goes_live} ${s.goes_live === 1 ? 'goes' : 'go'} live`, s.live_updates && `${plural(s.live_updates, 'update')} to the live site`,
    s.goes_offline && `${s.goes_offline} taken off the site`, s.draft_only && `${s.draft_only} draft only`,
    s.schema_changes && plural(s.schema_changes, 'schema change'), s.webhook_changes && plural(s.webhook_changes, 'webhook change'),
  ].filter(Boolean)
  return parts.join(' · ')
}

const isEmpty = (r: DiffReport) => r.collections.length === 0 && r.project.length === 0 && r.webhooks.length === 0

/**
 * A `cms diff` report as a page: the same grouping and wording as `cms diff --format markdown`
 * (summary, then per collection its schema changes and entries with their field changes).
 */
export function ReportView({ report, headingLevel = 3 }: { report: DiffReport; headingLevel?: 3 | 4 }) {
  const H = `h${headingLevel}` as 'h3' | 'h4'
  if (isEmpty(report)) return <p className="muted">No content changes.</p>
  return (
    <div className="git-report">
      <p className="git-summary"><strong>{summaryText(report)}</strong></p>
      {report.project.length > 0 && (
        <section className="git-report-section">
          <H>Project settings</H>
          <FieldChangeList changes={report.project} />
        </section>
      )}
      {report.collections.map((c) => (
        <section key={c.slug} className="git-report-section">
          <H>
            {c.name} <code className="git-slug">{c.slug}</code>
            {c.status !== 'changed' && <> <KindBadge kind={c.status} /></>}
            {c.renamed_from && <span className="muted"> renamed from <code>{c.renamed_from}</code></span>}
          </H>
          {c.schema.length > 0 && (
            <ul className="git-schema">
              {c.schema.map((s, i) => <li key={i}>{s.field ? <><code>{s.field}</code>: </> : null}{s.detail}</li>)}
            </ul>
          )}
          {c.entries.length > 0 && (
            <ul className="git-entries">
              {c.entries.map((e) => (
                <li key={`${e.uuid}-${e.locale}`} className="git-entry">
                  <div className="git-entry-head">
                    <KindBadge kind={e.status} />
                    <span className="git-entry-title">{e.title}</span>
                    <span className="badge badge-locale">{e.locale}</span>
                    <span className={e.live === 'goes-live' || e.live === 'live-update' ? 'git-live strong' : 'git-live'}>{LIVE_TEXT[e.live]}</span>
                    {e.events.length > 0 && <span className="muted">({e.events.join(', ')})</span>}
                  </div>
                  <EntryFieldChanges entry={e} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {report.webhooks.length > 0 && (
        <section className="git-report-section">
          <H>Webhooks</H>
          <ul className="git-entries">
            {report.webhooks.map((w) => (
              <li key={w.uuid} className="git-entry">
                <div className="git-entry-head"><KindBadge kind={w.status} /><span className="git-entry-title">{w.name}</span></div>
                <FieldChangeList changes={w.changes} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
