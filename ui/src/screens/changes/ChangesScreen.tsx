import { useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../api.ts'
import { useSession } from '../../session.tsx'
import { Button } from '../../components/Button.tsx'
import { Field } from '../../components/Field.tsx'
import { Loading } from '../../components/Status.tsx'
import { Notice, useToast } from '../../components/Toast.tsx'
import { commitChanges, useGitStatus, type GitStatus } from './gitApi.ts'
import { changeItems, itemKind, itemTitle, selectionOf, type ChangeItem } from './changeItems.ts'
import { EntryFieldChanges, FieldChangeList, KindBadge, LIVE_TEXT } from './FieldChanges.tsx'
import { DiscardDialog } from './DiscardDialog.tsx'
import { BranchDialog } from './BranchDialog.tsx'
import { CompareView } from './CompareView.tsx'
import { gitErrorText } from './gitErrors.ts'
import '../versions/secondary.css'
import './changes.css'

/**
 * Changes: what is saved but not committed to git (per entry and field, as `cms diff` shows
 * it), committing a selection with a message, discarding a change, the current branch with
 * creating and switching branches, and this branch against main (`?view=compare`).
 */
export default function ChangesScreen() {
  const { can } = useSession()
  const admin = can('admin')
  const [params, setParams] = useSearchParams()
  const view = params.get('view') === 'compare' ? 'compare' : 'uncommitted'
  const status = useGitStatus(admin)
  const [branchOpen, setBranchOpen] = useState(false)

  if (!admin) {
    return (
      <div className="screen">
        <h1>Changes</h1>
        <Notice>Committing changes to git needs a session with the admin ability.</Notice>
      </div>
    )
  }
  const branch = status.data?.branch
  return (
    <div className="screen changes-screen">
      <div className="screen-header">
        <div>
          <h1>Changes</h1>
          <p className="subtitle">
            {status.data
              ? branch ? <>On branch <strong className="git-branch">{branch}</strong></> : <>Not on a branch (detached HEAD)</>
              : 'Saved content and its git history.'}
          </p>
        </div>
        {status.data && <Button onClick={() => setBranchOpen(true)}>Branches…</Button>}
      </div>
      <nav className="entry-tabs" aria-label="Changes views">
        <Link to="/changes" className={view === 'uncommitted' ? 'active' : undefined} aria-current={view === 'uncommitted' ? 'page' : undefined}>Not committed</Link>
        <Link to="/changes?view=compare" className={view === 'compare' ? 'active' : undefined} aria-current={view === 'compare' ? 'page' : undefined}>This branch against main</Link>
      </nav>
      {status.isLoading && <Loading label="Reading git status" />}
      {status.error && <Notice tone="error">{gitErrorText(status.error)}</Notice>}
      {status.data && view === 'uncommitted' && <Uncommitted status={status.data} />}
      {status.data && view === 'compare' && <CompareView current={branch ?? null} base={params.get('base') ?? 'main'} onBase={(b) => setParams(new URLSearchParams({ view: 'compare', base: b }))} />}
      {branchOpen && status.data && <BranchDialog current={branch ?? null} onClose={() => setBranchOpen(false)} />}
    </div>
  )
}

function Uncommitted({ status }: { status: GitStatus }) {
  const qc = useQueryClient()
  const { notify } = useToast()
  const items = useMemo(() => changeItems(status), [status])
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [discarding, setDiscarding] = useState<ChangeItem | null>(null)
  const selected = items.filter((i) => chosen.has(i.key))
  const all = items.length > 0 && selected.length === items.length

  const toggle = (key: string, on: boolean) => setChosen((s) => { const n = new Set(s); if (on) n.add(key); else n.delete(key); return n })
  const toggleAll = (on: boolean) => setChosen(on ? new Set(items.map((i) => i.key)) : new Set())

  async function commit(e: React.FormEvent) {
    e.preventDefault()
    setErrors({})
    setFailure(null)
    const problems: Record<string, string[]> = {}
    if (selected.length === 0) problems.selection = ['Choose at least one change to commit.']
    if (!message.trim()) problems.message = ['Write a commit message: what these changes are about.']
    if (Object.keys(problems).length) { setErrors(problems); return }
    setBusy(true)
    try {
      const { data } = await commitChanges(selectionOf(selected), message)
      notify(`Committed ${data.files.length} ${data.files.length === 1 ? 'file' : 'files'} to ${data.branch} (${data.commit.slice(0, 7)}).`, 'success')
      setMessage('')
      setChosen(new Set())
      await qc.invalidateQueries({ queryKey: ['git'] })
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors({ message: err.errors.message ?? [], selection: Object.entries(err.errors).filter(([k]) => k !== 'message').flatMap(([, v]) => v) })
      else setFailure(gitErrorText(err))
      await qc.invalidateQueries({ queryKey: ['git'] })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {status.blocked && <Notice tone="warning"><span className="git-blocked">Commits are blocked: {status.blocked}.</span> Your saves are kept and listed below; commit them once this is resolved.</Notice>}
      {status.last_warning && (!status.last_commit || status.last_commit.at <= status.last_warning.at) && (
        <Notice tone="warning">{status.last_warning.warning}.</Notice>
      )}
      {status.last_refusal && items.length > 0 && (!status.last_commit || status.last_commit.at < status.last_refusal.at) && (
        <Notice tone="warning">The last automatic commit was refused: {status.last_refusal.reason}. Those saves are listed below; commit them when git allows it.</Notice>
      )}
      {status.auto_commit && (
        <p className="muted">
          Saves are committed automatically{status.pending > 0 ? ` (${status.pending} ${status.pending === 1 ? 'file' : 'files'} waiting for the next commit)` : ''}. What is listed here was not committed: commit or discard it.
        </p>
      )}
      {items.length === 0 ? (
        <div className="card empty">
          <p>Everything is committed.</p>
          <p className="muted">Entries you save appear here until they are committed to git.</p>
        </div>
      ) : (
        <form className="git-commit-form" onSubmit={(e) => void commit(e)} noValidate>
          <div className="git-list-head">
            <label className="check">
              <input type="checkbox" checked={all} onChange={(e) => toggleAll(e.target.checked)} />
              Select all
            </label>
            <span className="muted" aria-live="polite">{selected.length} of {items.length} selected</span>
          </div>
          {errors.selection && errors.selection.length > 0 && <div className="field-error" role="alert">{errors.selection.join(' ')}</div>}
          <ul className="git-changes" aria-label="Changes not committed">
            {items.map((item) => (
              <ChangeRow key={item.key} item={item} checked={chosen.has(item.key)} onToggle={(on) => toggle(item.key, on)} onDiscard={() => setDiscarding(item)} />
            ))}
          </ul>
          <div className="card git-commit-card">
            <Field label="Commit message" errors={errors.message} hint="Say what changed and why, in a sentence the team will understand.">
              {(p) => <textarea {...p} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />}
            </Field>
            {failure && <Notice tone="error">{failure}</Notice>}
            <div className="toolbar">
              <Button type="submit" variant="primary" busy={busy}>Commit</Button>
              <span className="muted">{selected.length === 0 ? 'Select the changes to commit.' : `${selected.length} ${selected.length === 1 ? 'change' : 'changes'} will be committed.`}</span>
            </div>
          </div>
        </form>
      )}
      {discarding && <DiscardDialog item={discarding} onClose={() => setDiscarding(null)} onDone={() => { setChosen((s) => { const n = new Set(s); n.delete(discarding.key); return n }); setDiscarding(null) }} />}
    </>
  )
}

function ChangeRow({ item, checked, onToggle, onDiscard }: { item: ChangeItem; checked: boolean; onToggle(on: boolean): void; onDiscard(): void }) {
  const title = itemTitle(item)
  const kind = itemKind(item)
  const entry = item.kind === 'entry' ? item.entry : null
  const checkId = `change-${item.key.replace(/[^a-zA-Z0-9-]/g, '-')}`
  const link = item.kind === 'entry' && kind !== 'removed' ? `/c/${encodeURIComponent(item.collection)}/${encodeURIComponent(item.uuid)}` : null
  return (
    <li className={checked ? 'git-change-row selected' : 'git-change-row'} data-change={item.kind === 'entry' ? item.uuid : item.file.path}>
      <div className="git-change-head">
        <input type="checkbox" id={checkId} checked={checked} onChange={(e) => onToggle(e.target.checked)} aria-label={`Select ${title}`} />
        <div className="git-change-what">
          <div className="git-change-title">
            <label htmlFor={checkId} className="git-entry-title">{title}</label>
            <KindBadge kind={kind} />
            {entry && <span className="badge badge-locale">{entry.locale}</span>}
          </div>
          <div className="git-change-meta">
            {item.kind === 'entry' ? (
              <>
                <span>{item.collectionName}</span>
                {entry && <span>{LIVE_TEXT[entry.live]}{entry.events.length > 0 ? ` (${entry.events.join(', ')})` : ''}</span>}
                {!entry && <span>version history only</span>}
                {link && <Link to={link}>Open<span className="visually-hidden"> {title}</span></Link>}
              </>
            ) : (
              <code>{item.file.path}</code>
            )}
          </div>
        </div>
        <Button size="small" variant="ghost" className="git-discard" onClick={onDiscard}>Discard<span className="visually-hidden"> {title}</span></Button>
      </div>
      {entry && <EntryFieldChanges entry={entry} />}
      {item.kind === 'file' && <FieldChangeList changes={item.fields} />}
      {item.kind === 'file' && item.schema.length > 0 && (
        <ul className="git-schema">{item.schema.map((s, i) => <li key={i}>{s.field ? <><code>{s.field}</code>: </> : null}{s.detail}</li>)}</ul>
      )}
    </li>
  )
}
