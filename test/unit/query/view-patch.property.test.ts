import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import type { EntryRecord } from '../../../src/core/types.ts'
import { compileWhere, type SchemaInfo, type WhereEnv } from '../../../src/query/compile-where.ts'
import { compileSort, sortSignature } from '../../../src/query/sort.ts'
import { keyColumnsOf } from '../../../src/query/key-columns.ts'
import { CollectionView, scanSteps, type MatchQuery } from '../../../src/query/view.ts'
import { parseListQuery, type ReadState, type SortKey } from '../../../src/query/params.ts'
import { runNow, slicing } from '../../../src/query/steps.ts'
import { f } from './helpers.ts'

/**
 * The list service keeps each collection's views for as long as its schema and tells them of
 * every changed entry (`touch`): the view patches its default order, sorted orders, per-locale
 * lists, equality indexes and cached match lists. A patched view must be indistinguishable
 * from one built from scratch, whether changes come one at a time or as a batch (a watcher
 * batch merges them in one pass).
 */
const fields = [f('title', 'text'), f('n', 'number'), f('tags', 'text', { repeatable: true })]
// The views under test keep key columns on their rows (as the list service's do); the fresh ones they are compared with compute every key on demand.
const schema: SchemaInfo = { slug: 'things', fields, columns: keyColumnsOf(fields) }
const env: WhereEnv = { schema, target: () => null, related: () => null }

const values = fc.record({
  title: fc.option(fc.constantFrom('ab', 'Ab', 'b', 'c'), { nil: undefined }),
  n: fc.option(fc.integer({ min: -2, max: 3 }), { nil: undefined }),
  tags: fc.option(fc.array(fc.constantFrom('x', 'y', 'X'), { maxLength: 3 }), { nil: undefined }),
})
const seed = fc.record({
  live: values, published: fc.boolean(), trashed: fc.boolean(), locale: fc.constantFrom('en', 'fr'),
  at: fc.integer({ min: 0, max: 5 }), id: fc.integer({ min: 1, max: 40 }),
})
type Seed = typeof seed extends fc.Arbitrary<infer T> ? T : never

function make(s: Seed): EntryRecord {
  const at = new Date(Date.UTC(2024, 0, 1) + s.at * 1000).toISOString()
  return {
    uuid: `00000000-0000-4000-8000-${String(s.id).padStart(12, '0')}`, locale: s.locale, translation_group: null,
    created_at: at, updated_at: at, published_at: s.published ? at : null, published_version: s.published ? 1 : null,
    deleted_at: s.trashed ? at : null, fields: s.live, published: s.published ? s.live : null,
  }
}

// An edit puts a (possibly new) entry or removes one, by id.
const edit = fc.oneof(seed.map((s) => ({ put: s })), fc.integer({ min: 1, max: 40 }).map((id) => ({ remove: id })))
const sortSpec = fc.array(fc.record({ field: fc.constantFrom('title', 'n', 'created_at', 'id'), direction: fc.constantFrom<'asc' | 'desc'>('asc', 'desc') }), { minLength: 1, maxLength: 2 })
/** Query strings whose match lists get cached (and so patched): filters, locales, sorts. */
const QUERIES = ['', 'locale=fr', 'where[title]=ab', 'where[n][gte]=1&sort=title:asc', 'locale=en&where[tags]=x&sort=n:desc',
  'where[title][like]=%25b%25', 'sort=n:asc,title:desc', 'where[n]=0&count=1', 'locale=fr&sort=id:asc']

const uuids = (rows: ReadonlyArray<{ entry: EntryRecord }>) => rows.map((r) => r.entry.uuid)

function matchQuery(raw: string): { query: MatchQuery; need: number } {
  const q = parseListQuery(raw)
  const query = {
    locale: q.locale, where: q.where ? compileWhere(q.where, env) : null, sort: compileSort(q.sort, schema),
    sortSignature: sortSignature(q.sort), cacheKey: raw,
  }
  return { query, need: q.count ? 0 : Number.POSITIVE_INFINITY }
}

/** Every index a view holds, read out: what a patched view must share with a fresh one. */
function snapshot(view: CollectionView, sorts: Array<{ signature: string; keys: ReturnType<typeof compileSort> }>, queries: string[]) {
  return {
    rows: uuids(view.rows),
    locales: ['en', 'fr', 'de'].map((l) => uuids(view.locale(l))),
    titles: ['ab', 'b', 'c', 'zz'].map((key) => uuids(view.equal({ field: 'title', kind: 'text', key }))),
    tags: ['x', 'y'].map((key) => uuids(view.equal({ field: 'tags', kind: 'text', key }))),
    numbers: [-2, 0, 3].map((key) => uuids(view.equal({ field: 'n', kind: 'number', key }))),
    sorted: sorts.map(({ signature, keys }) => uuids(view.sorted(signature, keys))),
    matches: queries.map((raw) => { const { query, need } = matchQuery(raw); const r = view.match(query, need); return [r.total, uuids(r.rows)] }),
  }
}

describe('CollectionView patched by touch', () => {
  test('equals a view built from scratch, over rounds of random edits (single and batched)', () => {
    fc.assert(fc.property(
      fc.array(seed, { maxLength: 25 }), fc.array(fc.array(edit, { minLength: 0, maxLength: 80 }), { minLength: 1, maxLength: 4 }),
      fc.constantFrom<ReadState>('published', 'draft', 'only_draft'), fc.array(sortSpec, { minLength: 1, maxLength: 3 }),
      // How many pending changes are patched one by one before the view merges them as a batch.
      fc.constantFrom(0, 3, 64),
      (initial, rounds, state, sorts, batch) => {
        const entries = new Map<string, EntryRecord>()
        for (const s of initial) { const e = make(s); entries.set(e.uuid, e) }
        const compiled = sorts.map((keys: SortKey[]) => ({ signature: sortSignature(keys), keys: compileSort(keys, schema) }))
        const view = new CollectionView(entries.values(), state, { batch, columns: schema.columns })
        // Every index exists before the edits, so the patches have to carry them over; the rows built get their kept keys (or not: computed on demand).
        if (batch !== 3) view.keepSortKeys()
        snapshot(view, compiled, QUERIES)
        for (const round of rounds) {
          for (const e of round) {
            if ('put' in e) { const x = make(e.put); entries.set(x.uuid, x); view.touch(x.uuid, x) } else {
              const uuid = `00000000-0000-4000-8000-${String(e.remove).padStart(12, '0')}`
              entries.delete(uuid)
              view.touch(uuid, null)
            }
          }
          const fresh = new CollectionView(entries.values(), state)
          expect(snapshot(view, compiled, QUERIES)).toEqual(snapshot(fresh, compiled, QUERIES))
          for (const row of fresh.rows) expect(view.get(row.entry.uuid)?.entry).toBe(row.entry)
        }
      },
    ), { numRuns: 300, seed: 18 })
  })

  test('a sort order built in slices while entries change equals one built from scratch', async () => {
    const entries = new Map<string, EntryRecord>()
    for (let id = 1; id <= 30; id++) { const e = make({ id, at: id % 6, locale: 'en', published: true, trashed: false, live: { title: (['ab', 'b', 'c'] as const)[id % 3], n: id % 4, tags: undefined } }); entries.set(e.uuid, e) }
    const view = new CollectionView(entries.values(), 'draft', { columns: schema.columns })
    const keys = compileSort([{ field: 'title', direction: 'asc' }, { field: 'n', direction: 'desc' }], schema)
    let step = 0
    const saved = { ...slicing }
    Object.assign(slicing, { rows: 4, ms: 0 })
    // Each pause lands a change, as a request between two slices would.
    await view.buildSorted('title:asc,n:desc', keys, async () => {
      step++
      const e = make({ id: 30 + step, at: step % 6, locale: 'fr', published: false, trashed: false, live: { title: 'b', n: step, tags: undefined } })
      entries.set(e.uuid, e)
      view.touch(e.uuid, e)
      const gone = `00000000-0000-4000-8000-${String(step).padStart(12, '0')}`
      entries.delete(gone)
      view.touch(gone, null)
    })
    Object.assign(slicing, saved)
    expect(step).toBeGreaterThan(0)
    expect(view.hasSorted('title:asc,n:desc')).toBe(true)
    const fresh = new CollectionView(entries.values(), 'draft')
    expect(uuids(view.sorted('title:asc,n:desc', keys))).toEqual(uuids(fresh.sorted('title:asc,n:desc', keys)))
  })

  test('indexes, sort orders and match lists built in slices while writes land between slices equal ones built from scratch', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(seed, { maxLength: 25 }), fc.array(edit, { minLength: 1, maxLength: 40 }),
      fc.constantFrom<ReadState>('published', 'draft', 'only_draft'), fc.array(sortSpec, { minLength: 1, maxLength: 2 }),
      fc.integer({ min: 1, max: 4 }), fc.constantFrom(0, 3, 64),
      async (initial, edits, state, sorts, rows, batch) => {
        const entries = new Map<string, EntryRecord>()
        for (const s of initial) { const e = make(s); entries.set(e.uuid, e) }
        const compiled = sorts.map((keys: SortKey[]) => ({ signature: sortSignature(keys), keys: compileSort(keys, schema) }))
        let next = 0
        const touched: Array<[string, EntryRecord | null]> = []
        let view: CollectionView | null = null
        // Each pause lands the next edit, as a request answered between two slices would.
        const pause = async () => {
          const e = edits[next++ % edits.length]!
          let change: [string, EntryRecord | null]
          if ('put' in e) { const x = make(e.put); entries.set(x.uuid, x); change = [x.uuid, x] } else {
            const uuid = `00000000-0000-4000-8000-${String(e.remove).padStart(12, '0')}`
            entries.delete(uuid)
            change = [uuid, null]
          }
          if (view) view.touch(...change)
          else touched.push(change)
        }
        const saved = { ...slicing }
        Object.assign(slicing, { rows, ms: 0 })
        try {
          // The view itself built in slices over a snapshot; changes meanwhile told afterwards, as the list service does.
          const built = await CollectionView.build([...entries.values()], state, { batch, columns: schema.columns }, pause)
          for (const change of touched) built.touch(...change)
          view = built
          const v = view
          // Warm-up, background sort builds and requests all at once, as at a server's start: they
          // share the indexes one of them builds (the others wait for it) and race the writes.
          const [, , sliced] = await Promise.all([
            v.warmSliced([{ field: 'title', kind: 'text' }, { field: 'tags', kind: 'text' }, { field: 'n', kind: 'number' }], pause).then(() => v.keepSortKeysSliced(pause)),
            Promise.all(compiled.map(({ signature, keys }) => v.buildSorted(signature, keys, pause))),
            Promise.all([...QUERIES, ...QUERIES].map(async (raw) => {
              const { query, need } = matchQuery(raw)
              const r = await v.matchSliced(query, need, pause)
              return { total: r.total, rows: r.rows.length, need }
            })),
          ])
          // A sliced answer holds every row it counts (up to what was asked), whatever landed meanwhile.
          for (const r of sliced) expect(r.rows).toBe(Math.min(r.total, r.need))
        } finally {
          Object.assign(slicing, saved)
        }
        const fresh = new CollectionView(entries.values(), state)
        expect(snapshot(view, compiled, QUERIES)).toEqual(snapshot(fresh, compiled, QUERIES))
        for (const row of fresh.rows) expect(view.get(row.entry.uuid)?.entry).toBe(row.entry)
        // The key columns kept on rows equal keys computed afresh.
        for (const row of view.rows) for (const { keys } of compiled) for (const k of keys) expect(k.key(row)).toEqual(k.key({ ...row, keys: {}, k: undefined }))
      },
    ), { numRuns: 200, seed: 19 })
  })

  test('a sliced match with no write meanwhile answers as the synchronous one and caches its list', async () => {
    const entries: EntryRecord[] = []
    for (let id = 1; id <= 40; id++) entries.push(make({ id, at: id % 6, locale: id % 3 ? 'en' : 'fr', published: true, trashed: false, live: { title: (['ab', 'b', 'c'] as const)[id % 3], n: id % 4, tags: id % 2 ? ['x'] : undefined } }))
    const saved = { ...slicing }
    Object.assign(slicing, { rows: 3, ms: 0 })
    try {
      for (const raw of QUERIES) {
        const a = new CollectionView(entries, 'published')
        const b = new CollectionView(entries, 'published')
        const { query, need } = matchQuery(raw)
        let pauses = 0
        const sliced = await a.matchSliced(query, need, async () => { pauses++ })
        const sync = b.match(query, need)
        expect([sliced.total, uuids(sliced.rows)]).toEqual([sync.total, uuids(sync.rows.slice(0, need))])
        // A read before the view is built scans the entries: the same answer (for the rows it reads).
        for (const k of [1, 3, need]) {
          const scan = runNow(scanSteps(entries, 'published', query, k))
          expect([scan.total, uuids(scan.rows)]).toEqual([sync.total, uuids(sync.rows.slice(0, k))])
        }
        // The list is cached: asking again takes no slice.
        let again = 0
        await a.matchSliced(query, need, async () => { again++ })
        if (raw !== '') expect(pauses).toBeGreaterThan(0)
        expect(again).toBe(0)
      }
    } finally {
      Object.assign(slicing, saved)
    }
  })
})
