import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { likeMatcher } from '../../../src/query/like.ts'

/**
 * `like` against an obviously-correct reference: the textbook dynamic programme over code
 * points (cell [i][j]: the first i pattern characters match the first j text characters).
 */
function referenceLike(pattern: string, text: string): boolean {
  const p = pattern.toLowerCase()
  if (!p.includes('%')) return text.includes(p)
  const ps = [...p]
  const ts = [...text]
  let row = new Array<boolean>(ts.length + 1).fill(false)
  row[0] = true
  for (const ch of ps) {
    const next = new Array<boolean>(ts.length + 1).fill(false)
    if (ch === '%') {
      let any = false
      for (let j = 0; j <= ts.length; j++) { any ||= row[j]!; next[j] = any }
    } else {
      for (let j = 1; j <= ts.length; j++) next[j] = row[j - 1]! && (ch === '_' || ch === ts[j - 1])
    }
    row = next
  }
  return row[ts.length]!
}

// A small alphabet makes matches likely; the astral and accented characters test that `_` is one code point.
const CHARS = ['a', 'b', 'e', '!', 'é', '😀']
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 24 }).map((cs) => cs.join(''))
const pattern = fc.array(fc.constantFrom(...CHARS, '%', '%', '_'), { maxLength: 12 }).map((cs) => cs.join(''))

describe('like matcher', () => {
  test('agrees with the reference on random patterns and texts', () => {
    fc.assert(fc.property(pattern, text, (p, t) => {
      expect(likeMatcher(p)(t)).toBe(referenceLike(p, t))
    }), { numRuns: 5000 })
  })

  test('agrees when the text is built from the pattern (matches are common)', () => {
    const filled = fc.tuple(pattern, fc.array(text, { minLength: 12, maxLength: 12 })).map(([p, fills]) => {
      let i = 0
      const t = [...p].map((ch) => (ch === '%' ? fills[i++ % fills.length]! : ch === '_' ? 'é' : ch)).join('')
      return [p, t] as const
    })
    fc.assert(fc.property(filled, ([p, t]) => {
      expect(likeMatcher(p)(t)).toBe(referenceLike(p, t))
      if (p.includes('%')) expect(likeMatcher(p)(t)).toBe(true) // without `%`, `_` is literal
    }), { numRuns: 2000 })
  })

  test('the adversarial pattern from issue 12 answers at once and correctly', () => {
    const p = '%e%e%e%e%e%e%e%e%!!'
    expect(likeMatcher(p)('e'.repeat(40))).toBe(false)
    expect(likeMatcher(p)(`${'e'.repeat(40)}!!`)).toBe(true)
  })

  /**
   * Stacked `%` groups, `_` runs and near-misses against long texts of the pattern's own
   * characters. A backtracking matcher needs seconds to forever on these; a linear one needs
   * well under a millisecond. The bound (100 ms for a 4,000-character text) is generous so a
   * busy machine never trips it, while anything super-linear does.
   */
  test('every match finishes within a time bound on adversarial patterns', () => {
    const group = fc.constantFrom('e', 'ee', '_', 'e_', '_e', 'a')
    const adversarial = fc.tuple(fc.array(group, { minLength: 1, maxLength: 20 }), fc.constantFrom('!!', '!', '', 'b_')).map(([gs, tail]) => `%${gs.join('%')}%${tail}`)
    const longText = fc.tuple(fc.constantFrom('e', 'ea', 'e😀'), fc.constantFrom('', '!', 'e!')).map(([unit, end]) => unit.repeat(4000 / unit.length) + end)
    fc.assert(fc.property(adversarial, longText, (p, t) => {
      const started = performance.now()
      const got = likeMatcher(p)(t)
      const took = performance.now() - started
      expect(took, `${p} took ${took.toFixed(1)} ms`).toBeLessThan(100)
      if (t.length <= 4001) expect(got).toBe(referenceLike(p, t))
    }), { numRuns: 300 })
  })
})
