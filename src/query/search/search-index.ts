import SearchableMap from 'minisearch/SearchableMap'
import type { Steps } from '../steps.ts'
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
  /** Its distinct terms and their weights (`SearchIndex.analyse`). */
  terms: Array<[term: string, weight: number]>
}

/**
 * An index as plain data for the index cache (service/entries/search-cache.ts): typed arrays
 * and two joined strings, which V8's serializer copies as blocks. MiniSearch's `toJSON` does not
 * apply (only its term tree is used here, the postings are ours) and is objects per term and
 * document; the term tree is not saved but made again on load, in slices (~0.2 s of the load at
 * 100k terms). Document ids are kept as they are: retired ones are not live.
 */
export interface SearchIndexForm {
  /** Document uuids by id, '\n'-joined ('' for a retired id). */
  uuids: string
  live: Uint8Array
  locales: Uint16Array
  localeCodes: string[]
  next: number
  /** The terms, '\n'-joined (a term is letters and digits: never a newline). */
  terms: string
  /** Per term: how many weight lists it has, then (weight, length) for each. */
  shape: Uint32Array
  /** Every list's document ids, in the order of `shape`. */
  ids: Int32Array
  /** Documents set or removed while the form was taken in slices: their postings may be torn. */
  dirty: string[]
}

export interface SearchMatch<R> {
  row: R
  score: number
}

export interface SearchOptions<R> {
  /** Locales whose stemmers read the query (the query's locale, or all of the project's). */
  locales: readonly string[]
  /** Only documents of this locale (null: any). */
  locale: string | null
  /**
   * The row of a matching document if the read accepts it, else null. With `sure`, it
   * refuses no document of the locale (no filter, a state the index holds exactly): it is
   * then called only for the documents a page shows, and the others are only counted.
   */
  accept: (uuid: string) => R | null
  sure: boolean
  /**
   * Only these documents can be accepted (a superset of what `accept` takes: the rows of the
   * read's equality filter, from the list view's index), or null. Documents outside are passed
   * over with one array read, before any score is summed or `accept` called.
   */
  only?: readonly string[] | null
  /** Leading matches wanted by score (Infinity: all, in order); 0: only the count. */
  need: number
  /** Whether the read needs the number of matches (a page's `total`, `count`). */
  counted: boolean
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
/** Weights are kept in buckets 1..MAX_WEIGHT (a heavier one is kept as MAX_WEIGHT: the score saturates long before). */
const MAX_WEIGHT = 31
/** At most this many words of a query are read. */
const MAX_WORDS = 8

const saturate = (w: number) => (w * (K + 1)) / (w + K)

/**
 * A term's documents, by weight: `lists[w]` holds the ids of the documents where the term
 * weighs w, so a pass from the heaviest down meets the best documents first. Append-only:
 * a changed or removed document's id is retired (`SearchIndex.#live`), not searched for here.
 */
class Postings {
  readonly lists: Array<Int32Array | undefined> = []
  /** A plain array: a typed one costs several times more to allocate, and a load makes one per term (100k at 100k entries). */
  readonly lengths: number[] = new Array<number>(MAX_WEIGHT + 1).fill(0)
  /** Ids appended, live or retired. */
  count = 0

  add(id: number, weight: number): void {
    const w = Math.min(MAX_WEIGHT, Math.max(1, Math.round(weight)))
    let list = this.lists[w]
    const n = this.lengths[w]!
    if (!list || n === list.length) {
      const grown = new Int32Array(Math.max(4, n * 2))
      if (list) grown.set(list)
      this.lists[w] = list = grown
    }
    list[n] = id
    this.lengths[w] = n + 1
    this.count++
  }
}

export class SearchIndex {
  /** Exact lookups of terms; the radix tree below holds the same keys for prefix and typo lookups. */
  readonly #terms = new Map<string, Postings>()
  readonly #tree = new SearchableMap<Postings>()
  /** Document ids: a changed document gets a new one, its old one is retired (`#live[id]` 0). */
  readonly #ids = new Map<string, number>()
  #uuids: Array<string | undefined> = []
  #live = new Uint8Array(1024)
  #locales = new Uint16Array(1024)
  readonly #localeCodes = new Map<string, number>()
  #next = 0
  #retired = 0
  /** Per query word: its score in each document, valid where the stamp is the query's. */
  #scores: Float64Array[] = []
  #stamps: Uint32Array[] = []
  #stamp = 0
  /** While `formSteps` runs: the documents changed meanwhile. */
  #dirty: Set<string> | null = null

  get size(): number {
    return this.#ids.size
  }

  has(uuid: string): boolean {
    return this.#ids.has(uuid)
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
    this.#dirty?.add(uuid)
    if (doc.terms.length === 0) return
    const id = this.#next++
    if (id >= this.#live.length) this.#grow()
    this.#ids.set(uuid, id)
    this.#uuids[id] = uuid
    this.#live[id] = 1
    let code = this.#localeCodes.get(doc.locale)
    if (code === undefined) this.#localeCodes.set(doc.locale, (code = this.#localeCodes.size))
    this.#locales[id] = code
    for (const [term, weight] of doc.terms) {
      let postings = this.#terms.get(term)
      if (!postings) {
        this.#terms.set(term, (postings = new Postings()))
        this.#tree.set(term, postings)
      }
      postings.add(id, weight)
    }
  }

  remove(uuid: string): void {
    this.#dirty?.add(uuid)
    const id = this.#ids.get(uuid)
    if (id === undefined) return
    this.#ids.delete(uuid)
    this.#live[id] = 0
    this.#uuids[id] = undefined
    // Retired ids stay in the postings until they outnumber the live ones: then one pass drops them all.
    if (++this.#retired > Math.max(1024, this.#ids.size)) this.#compact()
  }

  #grow(): void {
    const live = new Uint8Array(this.#live.length * 2)
    live.set(this.#live)
    this.#live = live
    const locales = new Uint16Array(this.#locales.length * 2)
    locales.set(this.#locales)
    this.#locales = locales
  }

  /** Starts naming the documents changed from now on (work over a snapshot taken before `formSteps`); `formSteps` ends it. */
  trackChanges(): void {
    this.#dirty ??= new Set()
  }

  /**
   * The index as plain data, taken term by term in steps (the caller may give the event loop
   * back between them and go on changing the index): the documents changed meanwhile are named
   * in `dirty`, the document table is taken at the end, so every other document is exact.
   */
  *formSteps(): Steps<SearchIndexForm> {
    const dirty = (this.#dirty ??= new Set())
    try {
      const terms: string[] = []
      const keys = [...this.#terms.keys()]
      // Sized by a first pass, so the blocks are neither grown nor copied at the end (a long slice at 100k).
      let slots = 0
      let total = 0
      for (let i = 0; i < keys.length; i++) {
        if ((i + 1) % 4096 === 0) yield
        const postings = this.#terms.get(keys[i]!)
        if (!postings) continue
        total += postings.count
        for (let w = 1; w <= MAX_WEIGHT; w++) if (postings.lengths[w]! > 0) slots++
      }
      let shape = new Uint32Array(keys.length + 2 * slots + 64)
      let ids = new Int32Array(total + 1024)
      let s = 0
      let k = 0
      let n = 0
      for (const term of keys) {
        // Dropped meanwhile by a compaction (nothing of it was live), or made again since (its documents are dirty).
        const postings = this.#terms.get(term)
        if (!postings) continue
        if (s + 2 * MAX_WEIGHT + 1 > shape.length) shape = grown(shape, s + 2 * MAX_WEIGHT + 1)
        terms.push(term)
        const at = s++
        let lists = 0
        for (let w = 1; w <= MAX_WEIGHT; w++) {
          const len = postings.lengths[w]!
          if (len === 0) continue
          if (k + len > ids.length) ids = grown(ids, k + len)
          const list = postings.lists[w]!
          if (len < 32) for (let i = 0; i < len; i++) ids[k + i] = list[i]!
          else ids.set(list.subarray(0, len), k)
          k += len
          shape[s++] = w
          shape[s++] = len
          lists++
        }
        shape[at] = lists
        n += 16 + (lists << 4) + (postings.count >> 2)
        if (n >= 65536) { n = 0; yield }
      }
      // The document table, also in steps: a document changed meanwhile is dirty (its entry here, live or not, is not trusted).
      // Strings joined a block at a time: one join of 100k strings was the longest slice.
      const joinedTerms = yield* joinSteps(terms)
      const next = this.#next
      const uuids: string[] = new Array<string>(next)
      const live = new Uint8Array(next)
      const locales = new Uint16Array(next)
      for (let id = 0; id < next; id++) {
        if ((id + 1) % 16384 === 0) yield
        const uuid = this.#live[id] ? this.#uuids[id] : undefined
        uuids[id] = uuid ?? ''
        live[id] = uuid === undefined ? 0 : 1
        locales[id] = this.#locales[id]!
      }
      return {
        uuids: yield* joinSteps(uuids), live, locales,
        localeCodes: [...this.#localeCodes.keys()], next, terms: joinedTerms,
        // Views of the blocks when they are nearly full: V8's serializer writes a view's whole buffer.
        shape: s > shape.length - 1024 ? shape.subarray(0, s) : shape.slice(0, s), ids: k > ids.length - 1024 ? ids.subarray(0, k) : ids.slice(0, k), dirty: [...dirty],
      }
    } finally {
      this.#dirty = null
    }
  }

  /**
   * An index from its form (`formSteps`), the documents it names as dirty left out, in steps
   * (the term tree of 100k terms takes a few hundred ms to make). Throws on a malformed form.
   */
  static *fromFormSteps(form: SearchIndexForm): Steps<SearchIndex> {
    const index = new SearchIndex()
    const { next, shape, ids } = form
    if (form.live.length !== next || form.locales.length !== next) throw new Error('search index form: table sizes differ')
    let size = 1024
    while (size < next) size *= 2
    index.#live = new Uint8Array(size)
    index.#live.set(form.live)
    index.#locales = new Uint16Array(size)
    index.#locales.set(form.locales)
    index.#next = next
    form.localeCodes.forEach((code, i) => index.#localeCodes.set(code, i))
    const uuids = next === 0 ? [] : form.uuids.split('\n')
    if (uuids.length !== next) throw new Error('search index form: uuids and ids differ')
    index.#uuids = uuids.map((u) => u || undefined)
    for (let id = 0; id < next; id++) {
      if (index.#live[id]) index.#ids.set(uuids[id]!, id)
      if ((id + 1) % 8192 === 0) yield
    }
    const terms = form.terms === '' ? [] : form.terms.split('\n')
    let s = 0
    let k = 0
    for (let t = 0; t < terms.length; t++) {
      if ((t + 1) % 1024 === 0) yield
      const term = terms[t]!
      const postings = new Postings()
      const lists = shape[s++]!
      for (let j = 0; j < lists; j++) {
        const w = shape[s++]!
        const len = shape[s++]!
        if (w < 1 || w > MAX_WEIGHT || k + len > ids.length) throw new Error('search index form: postings out of range')
        // A view on the one block: appends copy it out (Postings.add grows by copying).
        postings.lists[w] = ids.subarray(k, k + len)
        postings.lengths[w] = len
        postings.count += len
        k += len
      }
      index.#terms.set(term, postings)
      index.#tree.set(term, postings)
    }
    if (s !== shape.length || k !== ids.length) throw new Error('search index form: postings left over')
    index.#retired = next - index.#ids.size
    for (const uuid of form.dirty) index.remove(uuid)
    return index
  }

  /** Drops retired ids from every term (and terms left with none); ids are kept. */
  #compact(): void {
    for (const [term, postings] of this.#terms) {
      let count = 0
      for (let w = 1; w <= MAX_WEIGHT; w++) {
        const list = postings.lists[w]
        if (!list) continue
        let k = 0
        for (let i = 0; i < postings.lengths[w]!; i++) if (this.#live[list[i]!]) list[k++] = list[i]!
        postings.lengths[w] = k
        count += k
      }
      postings.count = count
      if (count === 0) { this.#terms.delete(term); this.#tree.delete(term) }
    }
    this.#retired = 0
  }

  /** Every term with its live documents and their weights, sorted (tests compare a patched index with one built afresh). */
  dump(): Array<[string, Array<[string, number]>]> {
    const out: Array<[string, Array<[string, number]>]> = []
    for (const [term, postings] of this.#terms) {
      const docs: Array<[string, number]> = []
      for (let w = 1; w <= MAX_WEIGHT; w++) {
        const list = postings.lists[w]
        for (let i = 0; i < postings.lengths[w]!; i++) if (this.#live[list![i]!]) docs.push([this.#uuids[list![i]!]!, w])
      }
      if (docs.length > 0) out.push([term, docs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))])
    }
    return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  }

  /**
   * The documents holding every word of `query` (each word exactly as stemmed in one of the
   * locales, the last one also as a prefix, a word of 4+ letters also with one typo, 10+ with
   * two), best first, and how many there are.
   *
   * Each word's score per document is gathered into an array (one pass over its terms'
   * documents); then the documents of the word reaching the fewest are visited heaviest
   * first. Ranking stops as soon as no document left can enter the page (the best a
   * document still to come can score is known from the weight being visited), which with
   * common words is after a few hundred documents; what is left is only counted, with
   * array reads, and not even that when no count is needed.
   */
  *searchSteps<R>(query: string, options: SearchOptions<R>): Steps<{ matches: Array<SearchMatch<R>>; total: number }> {
    const words = wordsOf(query).slice(0, MAX_WORDS)
    if (words.length === 0) return { matches: [], total: 0 }
    const count = this.#ids.size
    const expansions = words.map((word, i) => this.#expand(word, i === words.length - 1, options.locales, count))
    if (expansions.some((e) => e.length === 0)) return { matches: [], total: 0 }
    const stamp = this.#nextStamp()
    const live = this.#live
    const locales = this.#locales
    const wanted = options.locale === null ? -1 : this.#localeCodes.get(options.locale) ?? -2
    if (wanted === -2) return { matches: [], total: 0 }
    // The word reaching the fewest documents drives: its lists are visited heaviest first, and
    // a document's score from it is the bound of the list it is first met in (no pass before).
    const sizes = expansions.map((e) => e.reduce((sum, [p]) => sum + p.count, 0))
    const driver = sizes.indexOf(Math.min(...sizes))
    // Each other word's best score per document, and the best any document gets from it.
    const best: number[] = []
    for (let k = 0; k < expansions.length; k++) {
      if (k === driver) { best.push(0); continue }
      const scores = this.#scoresOf(k)
      const stamps = this.#stamps[k]!
      let top = 0
      let n = 0
      for (const [postings, factor] of expansions[k]!) {
        for (let w = MAX_WEIGHT; w >= 1; w--) {
          const list = postings.lists[w]
          const len = postings.lengths[w]!
          if (!list || len === 0) continue
          const s = factor * saturate(w)
          if (s > top) top = s
          for (let i = 0; i < len; i++) {
            const id = list[i]!
            if (stamps[id] !== stamp) { stamps[id] = stamp; scores[id] = s } else if (scores[id]! < s) scores[id] = s
          }
          n += len
          if (n >= 8192) { n = 0; yield }
        }
      }
      best.push(top)
    }
    const others = best.reduce((sum, b, k) => (k === driver ? sum : sum + b), 0)
    // The driver's (term, weight) lists, heaviest contribution first.
    const lists: Array<[Int32Array, number, number]> = []
    for (const [postings, factor] of expansions[driver]!) {
      for (let w = MAX_WEIGHT; w >= 1; w--) if (postings.lengths[w]! > 0) lists.push([postings.lists[w]!, postings.lengths[w]!, factor * saturate(w)])
    }
    lists.sort((a, b) => b[2] - a[2])
    const { accept, need, sure, counted, tie } = options
    const allowed = options.only ? this.#allowedStamps() : null
    if (allowed) {
      const only = options.only!
      for (let i = 0; i < only.length; i++) {
        if ((i + 1) % 4096 === 0) yield
        const id = this.#ids.get(only[i]!)
        if (id !== undefined) allowed[id] = stamp
      }
    }
    const heap = new TopK<R>(need, tie)
    const seen = this.#seenStamps(expansions.length > 0 && expansions[driver]!.length > 1)
    const uuids = this.#uuids
    const nWords = expansions.length
    let total = 0
    let ranking = need > 0
    let n = 0
    for (const [list, len, bound] of lists) {
      // No document still to come can enter a full page: rank no more; count, or stop.
      if (ranking && heap.full && bound + others < heap.min) {
        ranking = false
        if (!counted) break
      }
      for (let i = 0; i < len; i++) {
        if (++n % 2048 === 0) yield
        const id = list[i]!
        if (!live[id] || (wanted >= 0 && locales[id] !== wanted) || (allowed && allowed[id] !== stamp)) continue
        if (seen) { if (seen[id] === stamp) continue; seen[id] = stamp }
        let score = bound
        let all = true
        for (let k = 0; k < nWords; k++) {
          if (k === driver) continue
          if (this.#stamps[k]![id] !== stamp) { all = false; break }
          score += this.#scores[k]![id]!
        }
        if (!all) continue
        if (sure) {
          total++
          if (ranking && (!heap.full || score >= heap.min)) {
            const row = accept(uuids[id]!)
            if (row !== null) heap.offer(row, score)
          }
          continue
        }
        if (!ranking && !counted) continue
        const row = accept(uuids[id]!)
        if (row === null) continue
        total++
        if (ranking) heap.offer(row, score)
      }
      if (!ranking && !counted) break
    }
    return { matches: heap.sorted(), total }
  }

  #nextStamp(): number {
    if (++this.#stamp === 0xffffffff) {
      for (const s of this.#stamps) s.fill(0)
      if (this.#seen) this.#seen.fill(0)
      if (this.#allowed) this.#allowed.fill(0)
      this.#stamp = 1
    }
    return this.#stamp
  }

  #scoresOf(k: number): Float64Array {
    const size = this.#live.length
    if (!this.#scores[k] || this.#scores[k]!.length < size) {
      const stamps = new Uint32Array(size)
      if (this.#stamps[k]) stamps.set(this.#stamps[k]!)
      this.#stamps[k] = stamps
      this.#scores[k] = new Float64Array(size)
    }
    return this.#scores[k]!
  }

  #allowed: Uint32Array | null = null
  #allowedStamps(): Uint32Array {
    if (!this.#allowed || this.#allowed.length < this.#live.length) {
      const allowed = new Uint32Array(this.#live.length)
      if (this.#allowed) allowed.set(this.#allowed)
      this.#allowed = allowed
    }
    return this.#allowed
  }

  #seen: Uint32Array | null = null
  #seenStamps(needed: boolean): Uint32Array | null {
    if (!needed) return null
    if (!this.#seen || this.#seen.length < this.#live.length) {
      const seen = new Uint32Array(this.#live.length)
      if (this.#seen) seen.set(this.#seen)
      this.#seen = seen
    }
    return this.#seen
  }

  /** The terms a query word reaches, each with its postings and its factor (idf times how it was reached). */
  #expand(word: string, last: boolean, locales: readonly string[], count: number): Array<[Postings, number]> {
    const factors = new Map<string, number>()
    const put = (term: string, factor: number) => { if ((factors.get(term) ?? 0) < factor) factors.set(term, factor) }
    const plain = fold(word)
    const exact = new Set([plain, ...locales.map((l) => termOf(word, stemmerOf(l)))])
    for (const term of exact) if (this.#terms.has(term)) put(term, 1)
    if (last && plain.length >= 2) {
      let k = 0
      for (const term of this.#tree.atPrefix(plain).keys()) {
        put(term, PREFIX)
        if (++k >= PREFIX_TERMS) break
      }
    }
    if (plain.length >= 4 && !/^\d+$/.test(plain)) {
      const distance = plain.length >= 10 ? 2 : 1
      for (const term of exact) for (const [found] of this.#tree.fuzzyGet(term, distance)) put(found, TYPO)
    }
    const out: Array<[Postings, number]> = []
    for (const [term, factor] of factors) {
      const postings = this.#terms.get(term)!
      const df = Math.min(postings.count, count)
      out.push([postings, factor * Math.log(1 + (count - df + 0.5) / (df + 0.5))])
    }
    return out
  }
}

/** `parts.join('\n')`, a block of parts per step (flattened: a rope of 100k pieces costs its reader the same). */
function* joinSteps(parts: string[]): Steps<string> {
  const blocks: string[] = []
  for (let i = 0; i < parts.length; i += 8192) {
    blocks.push(parts.slice(i, i + 8192).join('\n'))
    yield
  }
  return blocks.join('\n')
}

function grown<T extends Uint32Array | Int32Array>(array: T, least: number): T {
  let size = array.length * 2
  while (size < least) size *= 2
  const out = new (array.constructor as new (n: number) => T)(size)
  out.set(array)
  return out
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

/** The best `k` of many offers, kept in a min-heap: O(n log k), never a sort of all offers. */
class TopK<R> {
  readonly #k: number
  readonly #tie: (a: R, b: R) => number
  readonly #heap: Array<SearchMatch<R>> = []

  get full(): boolean {
    return this.#heap.length >= this.#k
  }

  /** The lowest score kept (meaningful once full). */
  get min(): number {
    return this.#heap[0]?.score ?? 0
  }

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
