import { diffArrays } from 'diff'

/**
 * A short word diff for long text: HTML tags dropped, common start and end trimmed to a
 * little context, the middle compared word by word (jsdiff, bounded so huge edits stay cheap).
 */
export interface WordPart { op: '=' | '-' | '+'; text: string }

const CONTEXT = 6
const MAX_LCS = 400

export function wordDiff(before: string, after: string): WordPart[] {
  const a = words(before)
  const b = words(after)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) { endA--; endB-- }
  const parts: WordPart[] = []
  const push = (op: WordPart['op'], list: string[]) => {
    if (list.length === 0) return
    const last = parts[parts.length - 1]
    if (last && last.op === op) last.text += ` ${list.join(' ')}`
    else parts.push({ op, text: list.join(' ') })
  }
  if (start > 0) push('=', start > CONTEXT ? ['…', ...a.slice(start - CONTEXT, start)] : a.slice(0, start))
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  if (midA.length > MAX_LCS || midB.length > MAX_LCS) {
    push('-', midA.length > 60 ? [...midA.slice(0, 60), '…'] : midA)
    push('+', midB.length > 60 ? [...midB.slice(0, 60), '…'] : midB)
  } else {
    for (const change of diffArrays(midA, midB)) push(change.removed ? '-' : change.added ? '+' : '=', change.value)
  }
  const tail = a.slice(endA)
  if (tail.length > 0) push('=', tail.length > CONTEXT ? [...tail.slice(0, CONTEXT), '…'] : tail)
  return shortenEqual(parts)
}

function words(text: string): string[] {
  return text.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').split(/\s+/).filter(Boolean)
}

/** Long unchanged runs between edits keep a few words each side. */
function shortenEqual(parts: WordPart[]): WordPart[] {
  return parts.map((p, i) => {
    if (p.op !== '=' || i === 0 || i === parts.length - 1) return p
    const w = p.text.split(' ')
    return w.length > CONTEXT * 2 + 1 ? { op: '=', text: [...w.slice(0, CONTEXT), '…', ...w.slice(-CONTEXT)].join(' ') } : p
  })
}
