import type { ServiceContext } from '../context.ts'
import { SearchIndex, type SearchIndexForm } from '../../query/search/search-index.ts'
import { searchFieldsOf } from '../../query/search/fields.ts'
import { runSliced, type Steps } from '../../query/steps.ts'
import { readSearchCache, writeSearchCache } from '../../storage/search-cache.ts'
import { CACHE_MIN_ENTRIES } from '../../storage/index-cache.ts'
import type { CollectionSearch, SearchState } from './search-indexes.ts'

/**
 * The search indexes kept in the index cache (`.cms/search-cache.bin`), so a start loads them
 * (~0.1 s at 100k entries) instead of analysing every entry again (~17 s in slices on a loaded
 * machine). One section per collection and state: the index's form (SearchIndex.formSteps),
 * the stamp (mtime, size, inode) of every entry file of the collection as the index saw it,
 * and what the index was analysed by (ANALYSIS, the collection's search fields).
 *
 * Trust, per entry as for the content cache: on load, an entry whose file stamp differs from
 * the saved one (a hand edit, a `git pull` while the server was down), which is new, gone, or
 * was changed while the section was being taken (`dirty`), is analysed again and patched in;
 * every other document is the one a fresh build would make. A section of another analysis or
 * schema, or one that fails to read, is not used: that index is built from the entries.
 */

/** Bump when what a document holds changes (text.ts: words, stems, folding; fields.ts: fields, weights; the weight buckets). */
const ANALYSIS = 1

interface StampTable {
  /** Entry uuids, '\n'-joined; their stamps at the same positions (NaN: unknown, never trusted). */
  uuids: string
  mtime: Float64Array
  size: Float64Array
  ino: Float64Array
}

/** What the cache's header says of a section: enough to decide whether to read it. */
interface SectionHead {
  analysis: number
  slug: string
  state: SearchState
  fields: string
}

/** A section: its stamp table and its form, the form's ids apart in blocks (`searchCacheTuning`). */
interface Section extends SectionHead {
  stamps: StampTable
  form: SearchIndexForm
}

/** `idsBlock`: ids per frame (4 MB: a frame is serialized or read in one step). Mutable so that tests make many blocks of a small index. */
export const searchCacheTuning = { idsBlock: 1 << 20 }

type CacheContext = Pick<ServiceContext, 'store' | 'readModel'>

const fieldsKey = (search: CollectionSearch): string => JSON.stringify(searchFieldsOf(search.collection))

/** Whether `search` is still the one the read model patches for `slug` (a schema change replaces it). */
function isCurrent(ctx: CacheContext, slug: string, search: CollectionSearch): boolean {
  const index = ctx.store.collection(slug)
  return ctx.readModel.searches().get(slug) === search && index !== undefined && index.entries === search.entries && index.collection === search.collection
}

/**
 * A section taken in steps: the stamps first, then the form, with the index naming every
 * document changed meanwhile (those are not trusted on load). Null when the collection's
 * search was replaced before the end (its index no longer follows the entries).
 */
function* sectionSteps(ctx: CacheContext, slug: string, search: CollectionSearch, state: SearchState, index: SearchIndex): Steps<Section | null> {
  index.trackChanges()
  const uuids: string[] = []
  const n = search.entries.size
  const stamps: StampTable = { uuids: '', mtime: new Float64Array(n), size: new Float64Array(n), ino: new Float64Array(n) }
  let i = 0
  for (const uuid of [...search.entries.keys()]) {
    if (i === n) break
    if ((i + 1) % 2048 === 0) yield
    const stamp = ctx.store.entryFileStamp(slug, uuid)
    uuids.push(uuid)
    stamps.mtime[i] = stamp ? stamp.mtimeMs : Number.NaN
    stamps.size[i] = stamp ? stamp.size : Number.NaN
    stamps.ino[i] = stamp ? stamp.ino : Number.NaN
    i++
  }
  stamps.uuids = uuids.join('\n')
  const form = yield* index.formSteps()
  if (!isCurrent(ctx, slug, search) || search.peek(state) !== index) return null
  return { analysis: ANALYSIS, slug, state, fields: fieldsKey(search), stamps: { ...stamps, mtime: stamps.mtime.slice(0, i), size: stamps.size.slice(0, i), ino: stamps.ino.slice(0, i) }, form }
}

/** A section as the cache file's parts: the head, then the stamps and the form without its ids, then the ids in blocks (copies: V8 writes a view's whole buffer). */
function* partsSteps(section: Section): Steps<{ head: SectionHead; parts: unknown[] }> {
  const { analysis, slug, state, fields, stamps, form } = section
  const parts: unknown[] = [{ stamps, form: { ...form, ids: null, idsLength: form.ids.length } }]
  const block = searchCacheTuning.idsBlock
  for (let at = 0; at < form.ids.length; at += block) {
    parts.push(form.ids.slice(at, at + block))
    yield
  }
  return { head: { analysis, slug, state, fields }, parts }
}

/** A section from its parts (`partsSteps`); throws when they are not a section's. */
function* sectionOfParts(head: SectionHead, parts: unknown[]): Steps<Section> {
  const [first, ...blocks] = parts as [{ stamps: StampTable; form: SearchIndexForm & { idsLength: number } }, ...Int32Array[]]
  const ids = new Int32Array(first.form.idsLength)
  let at = 0
  for (const block of blocks) {
    if (!(block instanceof Int32Array) || at + block.length > ids.length) throw new Error('search cache: ids out of range')
    ids.set(block, at)
    at += block.length
    yield
  }
  if (at !== ids.length) throw new Error('search cache: ids missing')
  return { ...head, stamps: first.stamps, form: { ...first.form, ids } }
}

/**
 * Saves every built search index, each taken in slices (`pause` between them) while the
 * server goes on answering and writing. Below `minEntries` entries (default CACHE_MIN_ENTRIES)
 * a build is about as quick as a load: nothing is saved.
 */
export async function saveSearchCache(ctx: CacheContext, pause: () => Promise<void>, minEntries = CACHE_MIN_ENTRIES): Promise<void> {
  const searches = [...ctx.readModel.searches()].filter(([, search]) => search.built().size > 0)
  if (searches.reduce((sum, [, search]) => sum + search.entries.size, 0) < minEntries) return
  async function* sections(): AsyncGenerator<{ head: SectionHead; parts: unknown[] }> {
    for (const [slug, search] of searches) {
      for (const [state, index] of [...search.built()]) {
        if (!isCurrent(ctx, slug, search)) continue
        const section = await runSliced(sectionSteps(ctx, slug, search, state, index), pause, 2)
        if (section) yield await runSliced(partsSteps(section), pause, 2)
      }
    }
  }
  await writeSearchCache(ctx.store.layout.stateDir, ctx.store.layout.root, sections())
}

/**
 * Loads the saved search indexes that still fit their collection and hands each to its
 * collection's search (`adopt`), which patches the entries changed since in slices. Returns
 * how many it took and the promises of their loading. Never throws: an unusable section is
 * skipped (its index is built by `warmSearch` or the first search).
 */
export function loadSearchCache(ctx: CacheContext, pause: () => Promise<void>): { loaded: number; ready: Array<Promise<unknown>> } {
  const sections = readSearchCache(ctx.store.layout.stateDir, ctx.store.layout.root)
  const ready: Array<Promise<unknown>> = []
  for (const { head: raw, parts } of sections ?? []) {
    try {
      const head = raw as SectionHead
      if (head.analysis !== ANALYSIS || (head.state !== 'published' && head.state !== 'draft')) continue
      const collection = ctx.store.collection(head.slug)
      if (!collection) continue
      const search = ctx.readModel.searchOf(head.slug, collection)
      if (search.peek(head.state) || fieldsKey(search) !== head.fields) continue
      ready.push(search.adopt(head.state, function* () {
        const section = yield* sectionOfParts(head, yield* parts())
        const index = yield* SearchIndex.fromFormSteps(section.form)
        return { index, stale: yield* staleSteps(ctx, section, search) }
      }, pause).catch(() => {}))
    } catch {
      // A malformed head (another version's shape): built afresh.
    }
  }
  return { loaded: ready.length, ready }
}

/** The entries whose saved document cannot be trusted: changed, new, gone, or changed while saved. */
function* staleSteps(ctx: CacheContext, section: Section, search: CollectionSearch): Steps<string[]> {
  const { stamps, form } = section
  const uuids = stamps.uuids === '' ? [] : stamps.uuids.split('\n')
  if (uuids.length !== stamps.mtime.length || uuids.length !== stamps.size.length || uuids.length !== stamps.ino.length) throw new Error('stamp table sizes differ')
  const at = new Map<string, number>()
  for (let i = 0; i < uuids.length; i++) {
    at.set(uuids[i]!, i)
    if ((i + 1) % 4096 === 0) yield
  }
  const stale = new Set<string>(form.dirty)
  let n = 0
  // A snapshot of the keys: the steps give the event loop back; changes meanwhile are applied after (CollectionSearch).
  for (const uuid of [...search.entries.keys()]) {
    if (++n % 4096 === 0) yield
    const i = at.get(uuid)
    const stamp = ctx.store.entryFileStamp(section.slug, uuid)
    if (i === undefined || !stamp || stamps.mtime[i] !== stamp.mtimeMs || stamps.size[i] !== stamp.size || stamps.ino[i] !== stamp.ino) stale.add(uuid)
  }
  for (const uuid of uuids) if (!search.entries.has(uuid)) stale.add(uuid)
  return [...stale]
}
