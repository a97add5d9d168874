import SearchableMap from 'minisearch/SearchableMap'
import { slicing, type Steps } from '../steps.ts'
import { fold, stemmerOf, termOf, wordsOf } from './text.ts'

/**
 * A full-text index of one collection in one read state: for every term (a stemmed, folded
 * word) the documents holding it with a weight (the sum, over the fields it appears in, of
 * its count times the field's weight). Pure: no I/O.
 *
 * Why this shape (docs/benchmarks.md, "Search library"): measured on the standard workload,
 * where nearly every document holds the common words, MiniSearch's and Orama's `search`
 * score and sort every match (MiniSearch: 114 ms for one word at 20k documents), and
 * FlexSearch answers fast but took 11 s to index 20k documents, 16 ms per update, and has no
 * edit-distance typo tolerance. So the term dictionary is MiniSearch's radix tree
 * (`minisearch/SearchableMap`: exact, prefix and edit-distance lookups of terms, the hard
 * part, kept by a well-kept library), and the postings and the ranking are ours: one pass
 * over the rarest word's documents, the others looked up, and only a page's worth kept in a
 * bounded heap: matches are counted, never sorted all.
 */
export interface IndexedDoc {
  locale: string
  /** Its distinct terms and their weights (what `remove` takes back out; what the cache keeps). */
  terms: Array<[term: string, weight: number]>
}

export interface SearchMatch<R> {
  row: R
  score: number
}

export interface SearchOptions<R> {
  /** Locales whose stemmers read the query (the query's locale, or all of the project's). */
  locales: readonly string[]
  /** The row of a matching document if the read accepts it (state, locale, filter), else null. */
  accept: (uuid: string) => R | null
  /** Leading matches wanted by score (Infinity: all, in order); 0: only the count. */
  need: number
  /** Order among equal scores (the list's default order). */
  tie: (a: R, b: R) => number
}

/** Saturation of a term's weight in a document (BM25's k1). */
const K = 1.2
/** Score factors of a term reached by prefix or by a typo, against an exact one. */
const PREFIX = 0.8
const TYPO = 0.5
/** At most this many dictionary terms per prefix (a one-letter prefix would reach thousands). */
const PREFIX_TERMS = 64

export class SearchIndex {
  readonly #terms = new SearchableMap<Map<string, number>>()
  readonly #docs = new Map<string, IndexedDoc>()

  get size(): number {
    return this.#docs.size
  }

  has(uuid: string): boolean {
    return this.#docs.has(uuid)
  }

  /** The terms of texts in a locale, with their weights (the work of indexing: words, stems). */
  static analyse(locale: string, texts: ReadonlyArray<[weight: number, text: string]>): Array<[string, number]> {
    const stem = stemmerOf(locale)
    const memo = memoOf(locale)
    const weights = new Map<string, number>()
    for (const [weight, text] of texts) {
      for (const word of wordsOf(text)) {
        let terms = memo.get(word)
        if (terms === undefined) {
          if (memo.size >= MEMO_MAX) memo.clear()
          // The stem, and the word itself when it differs: a typo at a word's end ("knittng") is
          // one edit from the word, not from its stem ("knit").
          const term = termOf(word, stem)
          const whole = fold(word)
          memo.set(word, (terms = term === whole ? [term] : [term, whole]))
        }
        for (const term of terms) weights.set(term, (weights.get(term) ?? 0) + weight)
      }
    }
    return [...weights]
  }

  /** Puts a document in (replacing what it held). */
  set(uuid: string, doc: IndexedDoc): void {
    this.remove(uuid)
    if (doc.terms.length === 0) return
    this.#docs.set(uuid, doc)
    for (const [term, weight] of doc.terms) {
      let postings = this.#terms.get(term)
      if (!postings) this.#terms.set(term, (postings = new Map()))
      postings.set(uuid, weight)
    }
  }

  remove(uuid: string): void {
    const doc = this.#docs.get(uuid)
    if (!doc) return
    this.#docs.delete(uuid)
    for (const [term] of doc.terms) {
      const postings = this.#terms.get(term)
      if (!postings) continue
      postings.delete(uuid)
      if (postings.size === 0) this.#terms.delete(term)
    }
  }

  doc(uuid: string): IndexedDoc | undefined {
    return this.#docs.get(uuid)
  }

  docs(): IterableIterator<[string, IndexedDoc]> {
    return this.#docs.entries()
  }

  /** Every term with its documents, sorted (tests compare a patched index with one built afresh). */
  dump(): Array<[string, Array<[string, number]>]> {
    const out: Array<[string, Array<[string, number]>]> = []
    for (const [term, postings] of this.#terms) out.push([term, [...postings].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))])
    return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  }

  /**
   * The documents holding every word of `query` (each word exactly as stemmed in one of the
   * locales, the last one also as a prefix, a word of 4+ letters also with one typo, 10+ with
   * two), best first. One pass over the candidates of the word with the fewest, in steps.
   */
  *searchSteps<R>(query: string, options: SearchOptions<R>): Steps<{ matches: Array<SearchMatch<R>>; total: number }> {
    const words = wordsOf(query)
    if (words.length === 0) return { matches: [], total: 0 }
    const count = this.#docs.size
    const expansions = words.map((word, i) => this.#expand(word, i === words.length - 1, options.locales, count))
    if (expansions.some((e) => e.length === 0)) return { matches: [], total: 0 }
    // The word reaching the fewest documents drives the pass; the others are looked up.
    const sizes = expansions.map((e) => e.reduce((n, [postings]) => n + postings.size, 0))
    const driver = sizes.indexOf(Math.min(...sizes))
    const others = expansions.filter((_, i) => i !== driver)
    const lead = expansions[driver]!
    const seen = lead.length > 1 ? new Set<string>() : null
    const { accept, need, tie } = options
    const heap = new TopK<R>(need, tie)
    let total = 0
    let n = 0
    for (const [postings] of lead) {
      for (const uuid of postings.keys()) {
        if (++n % slicing.rows === 0) yield
        if (seen) { if (seen.has(uuid)) continue; seen.add(uuid) }
        let score = best(lead, uuid)
        for (const other of others) {
          const s = best(other, uuid)
          if (s === 0) { score = 0; break }
          score += s
        }
        if (score === 0) continue
        const row = accept(uuid)
        if (row === null) continue
        total++
        heap.offer(row, score)
      }
    }
    return { matches: heap.sorted(), total }
  }

  /** The terms a query word reaches, each with its postings and its factor (idf times how it was reached). */
  #expand(word: string, last: boolean, locales: readonly string[], count: number): Array<[Map<string, number>, number]> {
    const factors = new Map<string, number>()
    const put = (term: string, factor: number) => { if ((factors.get(term) ?? 0) < factor) factors.set(term, factor) }
    const plain = fold(word)
    const exact = new Set([plain, ...locales.map((l) => termOf(word, stemmerOf(l)))])
    for (const term of exact) if (this.#terms.has(term)) put(term, 1)
    if (last && plain.length >= 2) {
      let k = 0
      for (const term of this.#terms.atPrefix(plain).keys()) {
        put(term, PREFIX)
        if (++k >= PREFIX_TERMS) break
      }
    }
    if (plain.length >= 4 && !/^\d+$/.test(plain)) {
      const distance = plain.length >= 10 ? 2 : 1
      for (const term of exact) for (const [found] of this.#terms.fuzzyGet(term, distance)) put(found, TYPO)
    }
    const out: Array<[Map<string, number>, number]> = []
    for (const [term, factor] of factors) {
      const postings = this.#terms.get(term)!
      out.push([postings, factor * Math.log(1 + (count - postings.size + 0.5) / (postings.size + 0.5))])
    }
    return out
  }
}

/**
 * Terms of words seen, per locale: a language's texts repeat a small vocabulary, and a stemmer
 * call costs far more than a lookup (indexing 100k articles stems ~10M words).
 */
const MEMOS = new Map<string, Map<string, string[]>>()
const MEMO_MAX = 100_000
function memoOf(locale: string): Map<string, string[]> {
  let memo = MEMOS.get(locale)
  if (!memo) MEMOS.set(locale, (memo = new Map()))
  return memo
}

/** A word's score in a document: the best of the terms it reaches there. */
function best(expansion: ReadonlyArray<[Map<string, number>, number]>, uuid: string): number {
  let score = 0
  for (const [postings, factor] of expansion) {
    const w = postings.get(uuid)
    if (w === undefined) continue
    const s = factor * ((w * (K + 1)) / (w + K))
    if (s > score) score = s
  }
  return score
}

/** The best `k` of many offers, kept in a min-heap: O(n log k), never a sort of all offers. */
class TopK<R> {
  readonly #k: number
  readonly #tie: (a: R, b: R) => number
  readonly #heap: Array<SearchMatch<R>> = []

  constructor(k: number, tie: (a: R, b: R) => number) {
    this.#k = k
    this.#tie = tie
  }

  /** a ranks below b (worse score, or equal and later in the default order). */
  #below(a: SearchMatch<R>, b: SearchMatch<R>): boolean {
    return a.score < b.score || (a.score === b.score && this.#tie(a.row, b.row) > 0)
  }

  offer(row: R, score: number): void {
    if (this.#k === 0) return
    const heap = this.#heap
    const item = { row, score }
    if (heap.length < this.#k) {
      heap.push(item)
      let i = heap.length - 1
      while (i > 0) {
        const p = (i - 1) >> 1
        if (!this.#below(heap[i]!, heap[p]!)) break
        ;[heap[i], heap[p]] = [heap[p]!, heap[i]!]
        i = p
      }
      return
    }
    if (!this.#below(heap[0]!, item)) return
    heap[0] = item
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let m = i
      if (l < heap.length && this.#below(heap[l]!, heap[m]!)) m = l
      if (r < heap.length && this.#below(heap[r]!, heap[m]!)) m = r
      if (m === i) break
      ;[heap[i], heap[m]] = [heap[m]!, heap[i]!]
      i = m
    }
  }

  sorted(): Array<SearchMatch<R>> {
    return [...this.#heap].sort((a, b) => (this.#below(a, b) ? 1 : this.#below(b, a) ? -1 : 0))
  }
}
