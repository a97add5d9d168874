import type { Field } from '../../types.ts'
import { readable, type Names } from './fieldText.ts'
import { ValueView } from './WordDiff.tsx'

/** One version's content as it was published, field by field. */
export function SnapshotTable({ fields, values, names, caption }: { fields: Field[]; values: Record<string, unknown>; names: Names; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="table version-diff">
        <caption className="visually-hidden">{caption}</caption>
        <thead><tr><th scope="col">Field</th><th scope="col">Value</th></tr></thead>
        <tbody>
          {fields.filter((f) => f.type !== 'password').map((f) => (
            <tr key={f.uuid} data-field={f.name}>
              <th scope="row">{f.label}</th>
              <td><ValueView value={readable(f, values[f.name], names)} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
