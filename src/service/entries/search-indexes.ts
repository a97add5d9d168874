import type { Collection, EntryRecord } from '../../core/types.ts'
import { SearchIndex, type IndexedDoc } from '../../query/search/search-index.ts'
import { searchFieldsOf, textsOf, valuesOfState } from '../../query/search/fields.ts'
import { runNow, runSliced, slicing, type Steps } from '../../query/steps.ts'
import { SlicedBuilds } from './sliced-builds.ts'

/** The two searchable states: published reads search the published snapshots, draft reads the drafts. */
export type SearchState = 'published' | 'draft'

/**
 * A collection's search indexes, one per state, for as long as its schema object lives (a
 * schema change makes new ones). Every entry change the store reports is patched in
 * (`touch`: the entry's terms taken out and put back), never a rebuild. An index is built on
 * first need: in slices that give the event loop back on a server (`ready`), at once for the
 * CLI and the reader (`now`); changes told while one builds are applied when it is done.
 */
export class CollectionSearch {
  readonly collection: Collection
  readonly entries: ReadonlyMap<string, EntryRecord>
  readonly #built = new SlicedBuilds<SearchState, SearchIndex>((index, state, uuid, entry) => this.#patch(index, state, uuid, entry))
  readonly #adopted = new Set<SearchState>()
  constructor(collection: Collection, entries: ReadonlyMap<string, EntryRecord>) {
    this.collection = collection
    this.entries = entries
  }

  /** Whether a state's index came from the index cache (tests, diagnostics). */
  adopted(state: SearchState): boolean {
    return this.#adopted.has(state)
  }

  peek(state: SearchState): SearchIndex | null {
    return this.#built.get(state) ?? null
  }

  /** The index of a state, built now if it is not (a long synchronous pass at 100k entries: servers use `ready`). */
  now(state: SearchState): SearchIndex {
    let index = this.#built.get(state)
    if (!index) {
      index = runNow(this.#buildSteps(state))
      this.#built.set(state, index)
    }
    return index
  }

  /** The index of a state, built in slices (`pause` between them) if it is not built yet; one build per state. */
  ready(state: SearchState, pause: () => Promise<void>): Promise<SearchIndex> {
    return this.#start(state, () => this.#buildSteps(state), pause)
  }

  /**
   * Takes an index loaded from the index cache (search-cache.ts) as the state's: `load` makes
   * it and names the entries whose saved document cannot be trusted (their file changed since),
   * which are then analysed again and patched in; all in slices, a search meanwhile waiting for
   * it as for a build. If the load fails (a malformed cache), the state has no index: the next
   * `ready` builds it. A state that has one already keeps it.
   */
  adopt(state: SearchState, load: () => Steps<{ index: SearchIndex; stale: readonly string[] }>, pause: () => Promise<void>): Promise<SearchIndex> {
    const self = this
    return this.#start(state, function* () {
      const { index, stale } = yield* load()
      self.#adopted.add(state)
      for (let i = 0; i < stale.length; i++) {
        if ((i + 1) % 64 === 0) yield
        self.#patch(index, state, stale[i]!, self.entries.get(stale[i]!) ?? null)
      }
      return index
    }, pause)
  }

  #start(state: SearchState, steps: () => Steps<SearchIndex>, pause: () => Promise<void>): Promise<SearchIndex> {
    return this.#built.ready(state, () => runSliced(steps(), pause))
  }

  /** An entry changed (null: gone): every built index is patched, every build in progress told. */
  touch(uuid: string, entry: EntryRecord | null): void {
    this.#built.touch(uuid, entry)
  }

  /** The built indexes, by state (for the index cache and tests). */
  built(): ReadonlyMap<SearchState, SearchIndex> {
    return this.#built.all()
  }

  #patch(index: SearchIndex, state: SearchState, uuid: string, entry: EntryRecord | null): void {
    const doc = entry ? this.#docOf(entry, state) : null
    if (doc) index.set(uuid, doc)
    else index.remove(uuid)
  }

  /** An entry's document in a state, or null when the state does not list it. */
  #docOf(entry: EntryRecord, state: SearchState): IndexedDoc | null {
    if (entry.deleted_at) return null
    const values = valuesOfState(entry, state === 'published')
    if (!values) return null
    return { locale: entry.locale, terms: SearchIndex.analyse(entry.locale, textsOf(searchFieldsOf(this.collection), values)) }
  }

  *#buildSteps(state: SearchState): Steps<SearchIndex> {
    const index = new SearchIndex()
    let n = 0
    // A snapshot: changes during a sliced build are told through `touch` and applied after.
    for (const entry of [...this.entries.values()]) {
      if (++n % (slicing.rows >> 2) === 0) yield
      const doc = this.#docOf(entry, state)
      if (doc) index.set(entry.uuid, doc)
    }
    return index
  }
}
