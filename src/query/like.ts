/**
 * `like` without regular expressions: a pattern is split at `%` into segments; the first is
 * anchored at the start, the last at the end, and each one between is found at its leftmost
 * place after the previous one. Every segment matches a fixed number of characters (`_` is one
 * code point), so leftmost placement never needs to be undone: no backtracking, and a match
 * costs at most text length x pattern length steps whatever the pattern (a regex of stacked
 * `.*` groups is exponential on `%e%e%e%e%e%e%e%e%!!`).
 */

/** One piece of a segment: literal text, or `_` (any one code point). */
type Piece = string | typeof ANY
const ANY = Symbol('any')

interface Segment { pieces: Piece[]; codePoints: number }

/** `like`: no `%` means substring; otherwise `%` (any run) and `_` (one char) wildcards, anchored. */
export function likeMatcher(pattern: string): (text: string) => boolean {
  const p = pattern.toLowerCase()
  if (!p.includes('%')) return (t) => t.includes(p)
  const segments = p.split('%').map(parseSegment)
  const first = segments[0]!
  const last = segments[segments.length - 1]!
  const middle = segments.slice(1, -1).filter((s) => s.pieces.length > 0)
  return (text) => {
    let pos = matchAt(first, text, 0)
    if (pos < 0) return false
    // Both anchored ends first: most texts fail there, before any search.
    const start = backCodePoints(text, text.length, last.codePoints)
    if (start < pos || matchAt(last, text, start) !== text.length) return false
    for (const segment of middle) {
      const found = findFrom(segment, text, pos)
      if (found < 0 || found > start) return false
      pos = found
    }
    return true
  }
}

function parseSegment(source: string): Segment {
  const pieces: Piece[] = []
  let literal = ''
  let codePoints = 0
  for (const ch of source) {
    codePoints++
    if (ch === '_') {
      if (literal) pieces.push(literal)
      literal = ''
      pieces.push(ANY)
    } else literal += ch
  }
  if (literal) pieces.push(literal)
  return { pieces, codePoints }
}

/** End of `segment` matched at `at`, or -1. */
function matchAt(segment: Segment, text: string, at: number): number {
  if (at < 0) return -1
  let i = at
  for (const piece of segment.pieces) {
    if (piece === ANY) {
      if (i >= text.length) return -1
      i += codePointLength(text, i)
    } else {
      if (!text.startsWith(piece, i)) return -1
      i += piece.length
    }
  }
  return i
}

/** End of the leftmost match of `segment` starting at or after `from`, or -1. */
function findFrom(segment: Segment, text: string, from: number): number {
  const lead = segment.pieces[0]
  let at = from
  while (at <= text.length) {
    if (typeof lead === 'string') {
      at = text.indexOf(lead, at)
      if (at < 0) return -1
    }
    // A match never starts inside a surrogate pair (`%` consumes whole code points).
    if (!insidePair(text, at)) {
      const end = matchAt(segment, text, at)
      if (end >= 0) return end
    }
    at++
  }
  return -1
}

function codePointLength(text: string, i: number): number {
  return (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1
}

function insidePair(text: string, i: number): boolean {
  if (i <= 0 || i >= text.length) return false
  const prev = text.charCodeAt(i - 1)
  const here = text.charCodeAt(i)
  return prev >= 0xd800 && prev <= 0xdbff && here >= 0xdc00 && here <= 0xdfff
}

/** Index `count` code points before `end` (-1 when the text is shorter). */
function backCodePoints(text: string, end: number, count: number): number {
  let i = end
  for (let n = 0; n < count; n++) {
    if (i <= 0) return -1
    i -= insidePair(text, i - 1) ? 2 : 1
  }
  return i
}
