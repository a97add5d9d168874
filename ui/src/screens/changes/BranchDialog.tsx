import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../api.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { Field } from '../../components/Field.tsx'
import { Loading } from '../../components/Status.tsx'
import { Notice, useToast } from '../../components/Toast.tsx'
import { createBranch, switchBranch, useBranches } from './gitApi.ts'
import { gitErrorText } from './gitErrors.ts'

/** The current branch, switching to another, and creating a content branch (switching to it at once by default). */
export function BranchDialog({ current, onClose }: { current: string | null; onClose(): void }) {
  const qc = useQueryClient()
  const { notify } = useToast()
  const branches = useBranches()
  const [name, setName] = useState('')
  const [from, setFrom] = useState(current ?? '')
  const [switchTo, setSwitchTo] = useState(true)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  // Another branch's content is applied live by the server's watcher: every list refetches.
  const refresh = () => qc.invalidateQueries()

  async function create(e: React.FormEvent) {
    e.preventDefault()
    setErrors({})
    setFailure(null)
    if (!name.trim()) { setErrors({ name: ['Give the branch a name, such as content/spring-campaign.'] }); return }
    setBusy('create')
    try {
      const { data } = await createBranch(name.trim(), from || undefined, switchTo)
      notify(data.switched ? `Created ${data.branch} and switched to it.` : `Created ${data.branch}.`, 'success')
      await refresh()
      onClose()
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(err.errors)
      else setFailure(gitErrorText(err))
      setBusy(null)
    }
  }

  async function switchOver(branch: string) {
    setFailure(null)
    setBusy(branch)
    try {
      await switchBranch(branch)
      notify(`Switched to ${branch}.`, 'success')
      await refresh()
      onClose()
    } catch (err) {
      setFailure(gitErrorText(err))
      setBusy(null)
    }
  }

  const list = branches.data?.branches ?? []
  return (
    <Dialog open wide title="Branches" onClose={onClose} actions={<Button onClick={onClose}>Close</Button>}>
      <p>You are on <strong>{current ?? 'no branch (detached HEAD)'}</strong>. Switching shows the other branch's content at once; git refuses when uncommitted changes would be lost.</p>
      {failure && <Notice tone="error">{failure}</Notice>}
      {branches.isLoading && <Loading label="Loading branches" />}
      {branches.error && <Notice tone="error">{gitErrorText(branches.error)}</Notice>}
      {list.length > 0 && (
        <ul className="git-branches" aria-label="Branches">
          {list.map((b) => (
            <li key={b.name}>
              <code className="git-branch">{b.name}</code>
              <span className="muted">{b.commit.slice(0, 7)}</span>
              {b.current
                ? <span className="badge badge-published">Current</span>
                : <Button size="small" busy={busy === b.name} disabled={busy !== null} onClick={() => void switchOver(b.name)}>Switch<span className="visually-hidden"> to {b.name}</span></Button>}
            </li>
          ))}
        </ul>
      )}
      <form className="git-new-branch" onSubmit={(e) => void create(e)} noValidate>
        <h3>New branch</h3>
        <div className="form-grid">
          <Field label="Branch name" errors={errors.name} hint="For example content/spring-campaign.">
            {(p) => <input type="text" {...p} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" spellCheck={false} />}
          </Field>
          <Field label="Start from" errors={errors.from}>
            {(p) => (
              <select {...p} value={from} onChange={(e) => setFrom(e.target.value)}>
                {list.map((b) => <option key={b.name} value={b.name}>{b.name}</option>)}
                {list.length === 0 && <option value="">Current commit</option>}
              </select>
            )}
          </Field>
        </div>
        <label className="check">
          <input type="checkbox" checked={switchTo} onChange={(e) => setSwitchTo(e.target.checked)} />
          Switch to the new branch
        </label>
        <div className="toolbar git-new-branch-actions">
          <Button type="submit" variant="primary" busy={busy === 'create'} disabled={busy !== null && busy !== 'create'}>Create branch</Button>
        </div>
      </form>
    </Dialog>
  )
}
