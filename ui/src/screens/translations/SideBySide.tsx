import type { Entry, Field } from '../../types.ts'
import { compareFields } from '../versions/fieldText.ts'
import { ValueView } from '../versions/WordDiff.tsx'
import { localeName } from './useTranslations.ts'

/** Two locales of one entry, field by field, so a translator sees what is left to translate. */
export function SideBySide({ fields, left, right }: { fields: Field[]; left: Entry; right: Entry }) {
  const rows = compareFields(fields, left.fields, right.fields)
  return (
    <div className="table-wrap">
      <table className="table side-by-side">
        <caption className="visually-hidden">{`${localeName(left.locale)} and ${localeName(right.locale)} side by side`}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col" lang={left.locale}>{localeName(left.locale)}</th>
            <th scope="col" lang={right.locale}>{localeName(right.locale)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ field, before, after }) => (
            <tr key={field.uuid} data-field={field.name}>
              <th scope="row">{field.label}</th>
              <td lang={left.locale}><ValueView value={before} /></td>
              <td lang={right.locale}><ValueView value={after} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
