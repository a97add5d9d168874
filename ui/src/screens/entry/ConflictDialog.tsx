import { useState } from 'react'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { summarize } from '../../format.ts'
import type { Entry, Field } from '../../types.ts'
import { fieldToWrite, stableKey, type Values } from '../../values.ts'

export interface Conflict {
  /** The server's current draft, in form values, and its ETag. */
  theirs: Values
  theirEntry: Entry
  etag: string | null
  /** What this form loaded, and what the person has now. */
  base: Values
  mine: Values
  /** Repeats the refused write with the server's current ETag (keep mine). */
  retry(etag: string | null): Promise<void>
}

function same(f: Field, a: unknown, b: unknown): boolean {
  return stableKey(fieldToWrite(f, a) ?? null) === stableKey(fieldToWrite(f, b) ?? null)
}

function text(f: Field, v: unknown): string {
  const w = fieldToWrite(f, v)
  if (w === undefined || w === null || w === '') return ''
  return typeof w === 'string' ? w : JSON.stringify(w, null, 2)
}

/**
 * Someone else saved this entry after this form loaded it (the write got 412). Shows, field by
 * field, what they changed and what this person changed, and lets them keep theirs (overwrite
 * with the new ETag), take the other version, or copy their text first.
 */
export function ConflictDialog({ conflict, fields, onKeepMine, onTakeTheirs, onClose }: {
  conflict: Conflict
  fields: Field[]
  onKeepMine(): Promise<void>
  onTakeTheirs(): void
  onClose(): void
}) {
  const [copied, setCopied] = useState<string | null>(null)
  const rows = fields.filter((f) => f.type !== 'password').map((f) => ({
    field: f,
    theirsChanged: !same(f, conflict.base[f.name], conflict.theirs[f.name]),
    mineChanged: !same(f, conflict.base[f.name], conflict.mine[f.name]),
    differ: !same(f, conflict.theirs[f.name], conflict.mine[f.name]),
  })).filter((r) => r.differ)

  async function copy(label: string, value: string) {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(label)
    } catch {
      setCopied(`${label} (select the text and copy it by hand)`)
    }
  }

  const allMine = Object.fromEntries(fields.filter((f) => f.type !== 'password').map((f) => [f.name, fieldToWrite(f, conflict.mine[f.name]) ?? null]))

  return (
    <Dialog
      open
      wide
      title="This entry was changed by someone else"
      onClose={onClose}
      actions={(
        <>
          <Button onClick={() => void copy('All your values', JSON.stringify(allMine, null, 2))}>Copy my text</Button>
          <Button onClick={onTakeTheirs}>Take theirs</Button>
          <Button variant="primary" onClick={() => void onKeepMine()}>Keep mine</Button>
        </>
      )}
    >
      <p>
        Since you opened it, this entry was saved elsewhere. Nothing has been overwritten. Compare the
        fields below, then keep your version (it replaces theirs), take theirs (your changes are dropped),
        or copy your text first.
      </p>
      {rows.length === 0
        ? <p className="muted">The field values are the same; only the entry's save time differs.</p>
        : (
          <div className="table-wrap">
            <table className="table diff-table">
              <caption className="visually-hidden">Fields that differ</caption>
              <thead><tr><th scope="col">Field</th><th scope="col">Theirs (saved)</th><th scope="col">Yours (not saved)</th><th scope="col"><span className="visually-hidden">Copy</span></th></tr></thead>
              <tbody>
                {rows.map(({ field, theirsChanged, mineChanged }) => (
                  <tr key={field.uuid}>
                    <th scope="row">{field.label}<div className="field-hint">{theirsChanged && mineChanged ? 'Both changed' : theirsChanged ? 'They changed' : 'You changed'}</div></th>
                    <td><pre>{summarize(text(field, conflict.theirs[field.name]), 2000) || <span className="muted">(empty)</span>}</pre></td>
                    <td><pre>{summarize(text(field, conflict.mine[field.name]), 2000) || <span className="muted">(empty)</span>}</pre></td>
                    <td><Button size="small" aria-label={`Copy your ${field.label}`} onClick={() => void copy(field.label, text(field, conflict.mine[field.name]))}>Copy</Button></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      {copied && <p role="status" className="field-hint">Copied: {copied}.</p>}
    </Dialog>
  )
}
