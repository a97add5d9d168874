import { diffWordsWithSpace } from 'diff'
import type { Readable } from './fieldText.ts'
import { readableText } from './fieldText.ts'

/** One side of a changed value: the removed words struck through (old) or the added ones marked (new). */
export function WordDiff({ before, after, side }: { before: Readable; after: Readable; side: 'old' | 'new' }) {
  const own = side === 'old' ? before : after
  if (own.kind === 'empty') return <span className="empty-value">(empty)</span>
  const other = side === 'old' ? after : before
  if (other.kind === 'empty') return <ValueView value={own} />
  const parts = diffWordsWithSpace(readableText(before), readableText(after))
  return (
    <span className="diff-value">
      {parts.map((p, i) => {
        if (side === 'old' && p.added) return null
        if (side === 'new' && p.removed) return null
        if (p.removed) return <del key={i}>{p.value}</del>
        if (p.added) return <ins key={i}>{p.value}</ins>
        return <span key={i}>{p.value}</span>
      })}
    </span>
  )
}

/** A readable value as text or as a short list. */
export function ValueView({ value }: { value: Readable }) {
  if (value.kind === 'empty') return <span className="empty-value">(empty)</span>
  if (value.kind === 'text') return <span className="diff-value">{value.text}</span>
  return (
    <ul className="value-lines">
      {value.lines.map((line, i) => <li key={i} className="diff-value">{line}</li>)}
    </ul>
  )
}
