/**
 * A short word diff for long text: HTML tags dropped, common start and end trimmed to a
 * little context, the middle compared word by word (LCS, bounded so huge edits stay cheap).
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
    for (const [op, w] of lcs(midA, midB)) push(op, [w])
  }
  const tail = a.slice(endA)
  if (tail.length > 0) push('=', tail.length > CONTEXT ? [...tail.slice(0, CONTEXT), '…'] : tail)
  return shortenEqual(parts)
}

function words(text: string): string[] {
  return text.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').split(/\s+/).filter(Boolean)
}

function lcs(a: string[], b: string[]): Array<[WordPart['op'], string]> {
  const n = a.length
  const m = b.length
  const dp: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1))
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!)
  const out: Array<[WordPart['op'], string]> = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (a[i] === b[j]) { out.push(['=', a[i]!]); i++; j++ } else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) out.push(['-', a[i++]!])
    else out.push(['+', b[j++]!])
  }
  while (i < n) out.push(['-', a[i++]!])
  while (j < m) out.push(['+', b[j++]!])
  return out
}

/** Long unchanged runs between edits keep a few words each side. */
function shortenEqual(parts: WordPart[]): WordPart[] {
  return parts.map((p, i) => {
    if (p.op !== '=' || i === 0 || i === parts.length - 1) return p
    const w = p.text.split(' ')
    return w.length > CONTEXT * 2 + 1 ? { op: '=', text: [...w.slice(0, CONTEXT), '…', ...w.slice(-CONTEXT)].join(' ') } : p
  })
}
