import type { Field } from '../../types.ts'
import { compareFields, type Names } from './fieldText.ts'
import { ValueView, WordDiff } from './WordDiff.tsx'

export interface DiffTableProps {
  fields: Field[]
  left: Record<string, unknown>
  right: Record<string, unknown>
  leftLabel: string
  rightLabel: string
  showUnchanged: boolean
  caption: string
  names?: Names
}

/** Field by field: what the older side held and what the newer side holds, changed words marked. */
export function DiffTable({ fields, left, right, leftLabel, rightLabel, showUnchanged, caption, names }: DiffTableProps) {
  const rows = compareFields(fields, left, right, names)
  const changed = rows.filter((r) => r.changed).length
  const shown = showUnchanged ? rows : rows.filter((r) => r.changed)
  return (
    <>
      <p className="muted" aria-live="polite">
        {changed === 0 ? 'No field differs.' : `${changed} ${changed === 1 ? 'field differs' : 'fields differ'}.`}
      </p>
      {shown.length > 0 && (
        <div className="table-wrap">
          <table className="table diff-table version-diff">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr><th scope="col">Field</th><th scope="col">{leftLabel}</th><th scope="col">{rightLabel}</th></tr>
            </thead>
            <tbody>
              {shown.map(({ field, before, after, changed: isChanged }) => (
                <tr key={field.uuid} className={isChanged ? 'changed' : 'unchanged'} data-field={field.name}>
                  <th scope="row">
                    {isChanged && <span className="changed-mark" aria-hidden="true" />}
                    {field.label}
                    {isChanged && <span className="visually-hidden"> (changed)</span>}
                  </th>
                  <td>{isChanged ? <WordDiff before={before} after={after} side="old" /> : <ValueView value={before} />}</td>
                  <td>{isChanged ? <WordDiff before={before} after={after} side="new" /> : <ValueView value={after} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
