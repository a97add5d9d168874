import type { EntryDiff, FieldChange, Live } from './gitApi.ts'

/** The same words as `cms diff` (src/review/diff-render.ts). */
export const LIVE_TEXT: Record<Live, string> = {
  'goes-live': 'goes live', 'goes-offline': 'taken off the site', 'live-update': 'changes the live site', 'draft-only': 'draft only, not on the site yet', none: 'no change on the site',
}

const MAX = 400

/** A stored value as a reader sees it: text as is, lists joined, anything else as short JSON. */
function valueText(v: unknown): string {
  if (v === undefined || v === null || v === '') return ''
  let s: string
  if (typeof v === 'string') s = v
  else if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) s = v.join(', ')
  else s = JSON.stringify(v)
  return s.length > MAX ? `${s.slice(0, MAX - 1)}…` : s
}

/** One side of a change: struck through (old) or marked (new); an empty side is just "(empty)". */
function Side({ v, text, side }: { v: unknown; text?: string; side: 'old' | 'new' }) {
  const s = text !== undefined ? (text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text) : valueText(v)
  if (!s) return <span className="git-value git-empty">(empty)</span>
  return side === 'old' ? <del className="git-value git-old">{s}</del> : <ins className="git-value git-new">{s}</ins>
}

/** One field: the word diff where the report has one (long text), else old → new. */
function FieldRow({ change, scope }: { change: FieldChange; scope?: string }) {
  return (
    <li className="git-field" data-field={change.field}>
      <span className="git-field-name">{change.label ?? change.field}{scope && <span className="git-scope"> ({scope})</span>}</span>
      {change.words ? (
        <span className="git-words">
          {change.words.map((p, i) => (p.op === '=' ? <span key={i}>{p.text} </span> : p.op === '-' ? <del key={i}>{p.text}</del> : <ins key={i}>{p.text}</ins>))}
        </span>
      ) : (
        <span className="git-change">
          <Side v={change.before} text={change.before_text} side="old" />
          <span className="git-arrow" aria-hidden="true">→</span>
          <span className="visually-hidden"> becomes </span>
          <Side v={change.after} text={change.after_text} side="new" />
        </span>
      )}
    </li>
  )
}

export function FieldChangeList({ changes, scope }: { changes: FieldChange[]; scope?: string }) {
  if (changes.length === 0) return null
  return <ul className="git-fields">{changes.map((c) => <FieldRow key={c.field} change={c} scope={scope} />)}</ul>
}

/**
 * An entry's field changes as `cms diff` groups them: what goes live (published snapshot),
 * then draft-only edits (fields already listed as live are not repeated).
 */
export function EntryFieldChanges({ entry }: { entry: EntryDiff }) {
  const live = new Set(entry.published.map((f) => f.field))
  const draft = entry.published.length ? entry.draft.filter((f) => !live.has(f.field)) : entry.draft
  return (
    <>
      <FieldChangeList changes={entry.published} scope={entry.published.length ? 'on the site' : undefined} />
      <FieldChangeList changes={draft} scope={entry.published.length ? 'in the draft' : undefined} />
    </>
  )
}

export function KindBadge({ kind }: { kind: 'added' | 'changed' | 'removed' }) {
  const cls = kind === 'added' ? 'badge-published' : kind === 'removed' ? 'badge-trashed' : 'badge-changed'
  const text = kind === 'added' ? 'New' : kind === 'removed' ? 'Deleted' : 'Changed'
  return <span className={`badge ${cls}`}>{text}</span>
}
