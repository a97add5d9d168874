import { Link } from 'react-router'
import { useQueries } from '@tanstack/react-query'
import { api, entryPath } from '../../api.ts'
import { useSchema } from '../../schema.ts'
import { Field as FieldBox } from '../../components/Field.tsx'
import { formatWhen } from '../../format.ts'
import type { Entry } from '../../types.ts'
import { REVIEW_LABELS, entryTitle, type EntryWithPending, type ReviewState } from './schedulingApi.ts'
import './scheduling.css'

/** The review state of a listed entry (draft reads carry it on review collections). */
export function ReviewBadge({ entry }: { entry: Entry }) {
  const review = (entry as EntryWithPending).review
  if (!review) return null
  return <> <span className={`badge badge-review-${review.state}`}>{REVIEW_LABELS[review.state]}</span></>
}

/** The entries list's "Review" filter (this page's rows; the URL keeps it as `review=`). */
export function ReviewFilter({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <FieldBox label="Review">
      {(p) => (
        <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Any</option>
          {(Object.keys(REVIEW_LABELS) as ReviewState[]).map((s) => <option key={s} value={s}>{REVIEW_LABELS[s]}</option>)}
        </select>
      )}
    </FieldBox>
  )
}

export const reviewMatches = (wanted: string | null) => ({ entry }: { entry: Entry }): boolean =>
  !wanted || (entry as EntryWithPending).review?.state === wanted

/** Home's "Waiting for review": entries of review collections someone asked to be reviewed. */
export function WaitingForReview() {
  const schema = useSchema()
  const reviewed = (schema.data?.collections ?? []).filter((c) => c.workflow === 'review')
  const lists = useQueries({
    queries: reviewed.map((c) => ({
      queryKey: ['waiting-for-review', c.slug],
      queryFn: async () => (await api.get<EntryWithPending[]>(entryPath(c.slug), { query: { state: 'draft', limit: 500 } })).data,
    })),
  })
  if (reviewed.length === 0) return null
  const waiting = reviewed.flatMap((c, i) => (lists[i]?.data ?? []).filter((e) => e.review?.state === 'in_review').map((e) => ({ c, e })))
  return (
    <section aria-labelledby="h-waiting-review">
      <h2 id="h-waiting-review">Waiting for review</h2>
      {waiting.length === 0
        ? <p className="muted">Nothing is waiting for review.</p>
        : (
          <div className="card">
            <ul className="problem-list">
              {waiting.slice(0, 50).map(({ c, e }) => (
                <li key={e.uuid}>
                  <Link to={`/c/${encodeURIComponent(c.slug)}/${e.uuid}`}>{entryTitle(c, e)}</Link>{' '}
                  <span className="muted">{c.name}{e.review?.by ? `, asked by ${e.review.by}` : ''} {e.review ? formatWhen(e.review.at) : ''}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
    </section>
  )
}
