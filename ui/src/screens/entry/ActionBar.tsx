import { useState, type ReactNode } from 'react'
import { Button } from '../../components/Button.tsx'

/**
 * One button of the entry form's action bar. Features add theirs to the array the form builds
 * (preview, schedule, ...): `main` ones stay in view on a phone, the rest fold under "More".
 */
export interface EntryAction {
  id: string
  label: string
  onClick(): void
  variant?: 'primary' | 'secondary' | 'danger'
  busy?: boolean
  disabled?: boolean
  /** Kept in the bar on small screens (default: folded under "More" there). */
  main?: boolean
}

/**
 * The form's actions: in the sticky side column on a wide screen, a bar stuck to the bottom of
 * the viewport below 1024 px (styles.css, "Layout"), so Publish is always within reach.
 */
export function ActionBar({ actions, state, children }: { actions: EntryAction[]; state?: ReactNode; children?: ReactNode }) {
  const [open, setOpen] = useState(false)
  const main = actions.filter((a) => a.main)
  const more = actions.filter((a) => !a.main)
  return (
    <div className={open ? 'action-bar action-bar-open' : 'action-bar'} data-testid="action-bar">
      {state && <div className="action-bar-state">{state}</div>}
      <div className="action-bar-main">
        {main.map((a) => <ActionButton key={a.id} action={a} />)}
      </div>
      {more.length > 0 && (
        <Button className="action-bar-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>More<span className="visually-hidden"> actions</span></Button>
      )}
      <div className="action-bar-more">
        {more.map((a) => <ActionButton key={a.id} action={a} />)}
      </div>
      {children}
    </div>
  )
}

function ActionButton({ action: a }: { action: EntryAction }) {
  return <Button variant={a.variant ?? 'secondary'} busy={a.busy} disabled={a.disabled} onClick={a.onClick} data-action={a.id}>{a.label}</Button>
}
