import { useState } from 'react'
import type { Field } from '../../types.ts'

/** "Columns": which fields the list shows (the title column always stays). */
export function ColumnPicker({ all, shown, onToggle, onReset }: { all: Field[]; shown: Field[]; onToggle(name: string): void; onReset(): void }) {
  // The menu is only in the page while open: closed, its checkboxes must not answer for the field labels.
  const [open, setOpen] = useState(false)
  if (all.length <= 1) return null
  return (
    <details className="column-picker" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="btn">Columns</summary>
      {open && (
        <fieldset className="column-picker-menu">
          <legend className="visually-hidden">Columns to show</legend>
          {all.map((f, i) => (
            <label key={f.uuid} className="check">
              <input type="checkbox" checked={shown.some((s) => s.name === f.name)} disabled={i === 0} onChange={() => onToggle(f.name)} />
              {f.label}
            </label>
          ))}
          <button type="button" className="btn btn-small btn-ghost" onClick={onReset}>Back to the default columns</button>
        </fieldset>
      )}
    </details>
  )
}
