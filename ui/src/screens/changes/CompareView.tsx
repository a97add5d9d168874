import { useState } from 'react'
import { Button } from '../../components/Button.tsx'
import { Loading } from '../../components/Status.tsx'
import { Notice, useToast } from '../../components/Toast.tsx'
import { useBranches, useCompare } from './gitApi.ts'
import { ReportView } from './ReportView.tsx'
import { gitErrorText } from './gitErrors.ts'

/** This branch against a base branch from their merge base: what its pull request would show. */
export function CompareView({ current, base, onBase }: { current: string | null; base: string; onBase(b: string): void }) {
  const branches = useBranches()
  const compare = useCompare(base, true)
  const { notify } = useToast()
  const [copied, setCopied] = useState(false)
  const others = (branches.data?.branches ?? []).filter((b) => !b.current)
  async function copy() {
    if (!compare.data) return
    try {
      await navigator.clipboard.writeText(compare.data.markdown)
      setCopied(true)
      notify('Copied the markdown: paste it into the pull request.', 'success')
    } catch {
      notify('The browser did not allow copying.', 'error')
    }
  }
  return (
    <section aria-labelledby="compare-heading">
      <div className="panel-head">
        <div>
          <h2 id="compare-heading">{current ?? 'This commit'} against {base}</h2>
          <p className="muted">What a pull request from this branch would change, from where the two branches meet; committed changes only.</p>
        </div>
        <div className="toolbar">
          {others.length > 0 && (
            <>
              <label htmlFor="compare-base">Compare with</label>
              <select id="compare-base" className="compare-select" value={base} onChange={(e) => onBase(e.target.value)}>
                {!others.some((b) => b.name === base) && <option value={base}>{base}</option>}
                {others.map((b) => <option key={b.name} value={b.name}>{b.name}</option>)}
              </select>
            </>
          )}
          {compare.data && <Button size="small" onClick={() => void copy()}>{copied ? 'Copied' : 'Copy as markdown'}</Button>}
        </div>
      </div>
      {current === base && <Notice>You are on {base} itself: switch to a content branch (Branches…) to see what it changes.</Notice>}
      {compare.isLoading && <Loading label="Comparing" />}
      {compare.error && <Notice tone="error">{gitErrorText(compare.error)}</Notice>}
      {compare.data && <div className="card"><ReportView report={compare.data.report} /></div>}
    </section>
  )
}
