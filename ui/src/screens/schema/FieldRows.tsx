import { Button } from '../../components/Button.tsx'
import type { Field } from '../../types.ts'
import { TYPE_LABELS, fieldFlags } from './fieldTypes.ts'

export interface FieldRowActions {
  onEdit(field: Field, parent: Field | null): void
  onRemove(field: Field, parent: Field | null): void
  onMove(field: Field, parent: Field | null, by: -1 | 1): void
  onAddChild(group: Field): void
}

/** Fields in their order, group children under their group; every action is a button (keyboard-usable reordering). */
export function FieldRows({ fields, parent, actions, busy }: { fields: Field[]; parent: Field | null; actions: FieldRowActions; busy: boolean }) {
  return (
    <>
      {fields.map((f, i) => (
        <li key={f.uuid} className="field-row-wrap" data-field={f.name}>
          <div className={parent ? 'field-row child' : 'field-row'}>
            <div>
              <div className="field-name">{f.label}</div>
              <div className="field-meta">
                <code>{f.name}</code>
                <span className="type-badge">{TYPE_LABELS[f.type] ?? f.type}</span>
                {fieldFlags(f).map((flag) => <span key={flag}>· {flag}</span>)}
              </div>
            </div>
            <div className="row-actions">
              <Button size="small" variant="ghost" disabled={i === 0} onClick={() => actions.onMove(f, parent, -1)} aria-label={`Move ${f.label} up`} aria-disabled={busy || undefined} title="Move up">↑</Button>
              <Button size="small" variant="ghost" disabled={i === fields.length - 1} onClick={() => actions.onMove(f, parent, 1)} aria-label={`Move ${f.label} down`} aria-disabled={busy || undefined} title="Move down">↓</Button>
              {f.type === 'group' && <Button size="small" onClick={() => actions.onAddChild(f)} aria-label={`Add field to ${f.label}`}>Add field</Button>}
              <Button size="small" onClick={() => actions.onEdit(f, parent)} aria-label={`Edit ${f.label}`}>Edit</Button>
              <Button size="small" variant="danger" onClick={() => actions.onRemove(f, parent)} aria-label={`Remove ${f.label}`}>Remove</Button>
            </div>
          </div>
          {f.type === 'group' && (f.children ?? []).length > 0 && (
            <ul className="field-rows" aria-label={`Fields of ${f.label}`}>
              <FieldRows fields={f.children ?? []} parent={f} actions={actions} busy={busy} />
            </ul>
          )}
        </li>
      ))}
    </>
  )
}
