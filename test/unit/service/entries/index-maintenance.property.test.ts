import { afterEach, describe, expect, test, vi } from 'vitest'
import { randomUUID } from 'node:crypto'
import { unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createContext, type AppContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import type { EntryRecord } from '../../../../src/core/types.ts'
import { CmsError } from '../../../../src/core/errors.ts'
import { serializeEntry } from '../../../../src/storage/codec.ts'
import { compileWhere, type SchemaInfo, type WhereEnv } from '../../../../src/query/compile-where.ts'
import { compileSort, sortSignature } from '../../../../src/query/sort.ts'
import { CollectionView } from '../../../../src/query/view.ts'
import { parseListQuery, type ReadState } from '../../../../src/query/params.ts'
import { listEntriesSliced, listViews } from '../../../../src/service/entries/list.ts'
import { slicing } from '../../../../src/query/steps.ts'
import { EntryLookups, lookupsOf } from '../../../../src/service/entries/lookups.ts'
import { createEntry, deleteEntry, publishEntry, restoreEntry, unpublishEntry, updateEntry } from '../../../../src/service/entries/write.ts'
import { linkTranslation } from '../../../../src/service/entries/translations.ts'
import { field, makeProject, type TempProject } from '../../../helpers/project.ts'

/**
 * The list views (default and sorted orders, per-locale lists, equality indexes, cached match
 * lists) and the write lookups (unique maps, translation groups) are patched per changed entry,
 * never rebuilt. Random sequences of creates, updates, publishes, unpublishes, deletes,
 * restores, translation links and watcher batches (entry files written and removed on disk,
 * taken in by the real watcher) must leave every one of them equal to one built from scratch.
 * Seeded, bounded in steps.
 */
const CATEGORIES = ['News', 'Tech', 'Food']
const TITLES = ['alpha', 'Beta', 'gamma', 'delta', 'ALPHA ', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda']

function template(): Record<string, unknown> {
  const items = Array.from({ length: 30 }, (_, i) => ({
    id: `i${i}`, locale: i % 3 === 0 ? 'fr' : 'en', status: i % 4 === 0 ? 'draft' : 'published',
    fields: { title: `seed ${i}`, category: CATEGORIES[i % 3], views: String((i * 37) % 50), tags: [{ value: `t${i % 4}` }], author: i % 2 ? 'p1' : 'p2' },
  }))
  return {
    slug: 'props', name: 'Props', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'fr'], public_api: true,
    collections: [
      { name: 'People', slug: 'people', is_singleton: false, fields: [field('name', 'text')] },
      { name: 'Items', slug: 'items', is_singleton: false, fields: [
        field('title', 'text', { validations: { unique: { status: true, message: null } } }), field('category', 'text'), field('views', 'number'),
        field('tags', 'text', { options: { repeatable: true } }), field('author', 'relation', { options: { relation: { type: 1, collection: 'people' } } }),
      ] },
    ],
    demo_data: [
      { collection: 'people', entries: [
        { id: 'p1', locale: 'en', status: 'published', fields: { name: 'Ada' } },
        { id: 'p2', locale: 'en', status: 'published', fields: { name: 'Bob' } },
      ] },
      { collection: 'items', entries: items },
    ],
  }
}

/** mulberry32: a small seeded PRNG, so a failing sequence replays exactly. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SORTS = ['views:desc', 'title:asc', 'category:asc,views:asc', 'id:asc', 'updated_at:desc']
const QUERIES = ['', 'locale=fr', 'where[category]=Tech', 'where[views][gte]=20&sort=title:asc', 'locale=en&where[tags]=t1&sort=views:desc',
  'where[title][like]=%25a%25', 'where[category]=Food&count=1&sort=views:asc', 'sort=id:asc&locale=fr']

let project: TempProject | undefined
let ctx: (AppContext & { watcher?: { ready: Promise<void> } }) | undefined
afterEach(async () => {
  await ctx?.close()
  await project?.cleanup()
  ctx = undefined
  project = undefined
})

const uuids = (rows: ReadonlyArray<{ entry: EntryRecord }>) => rows.map((r) => r.entry.uuid)

/** Every index of a view read out (reading builds any not built yet: the first read builds them all). */
function snapshot(view: CollectionView, schema: SchemaInfo) {
  const env: WhereEnv = { schema, target: () => null, related: () => null }
  return {
    rows: uuids(view.rows),
    locales: ['en', 'fr'].map((l) => uuids(view.locale(l))),
    categories: [...CATEGORIES, 'tech', 'none'].map((key) => uuids(view.equal({ field: 'category', kind: 'text', key: key.toLowerCase() }))),
    titles: TITLES.map((key) => uuids(view.equal({ field: 'title', kind: 'text', key: key.toLowerCase() }))),
    tags: ['t0', 't1', 't2', 't3'].map((key) => uuids(view.equal({ field: 'tags', kind: 'text', key }))),
    views: [0, 20, 37].map((key) => uuids(view.equal({ field: 'views', kind: 'number', key }))),
    authors: uuids(view.equal({ field: 'locale', kind: 'text', key: 'en' })),
    sorted: SORTS.map((raw) => { const keys = parseListQuery(`sort=${raw}`).sort; return uuids(view.sorted(sortSignature(keys), compileSort(keys, schema))) }),
    matches: QUERIES.map((raw) => {
      const q = parseListQuery(raw)
      const r = view.match({ locale: q.locale, where: q.where ? compileWhere(q.where, env) : null, sort: compileSort(q.sort, schema), sortSignature: sortSignature(q.sort), cacheKey: raw }, q.count ? 0 : Infinity)
      return [r.total, uuids(r.rows)]
    }),
  }
}

function lookupsSnapshot(l: EntryLookups) {
  const sets = <K>(m: Map<K, Set<string>>) => [...m].map(([k, v]) => [k, [...v].sort()] as const).sort((a, b) => String(a[0]).localeCompare(String(b[0])))
  return { unique: [...l.unique].map(([f, m]) => [f, sets(m)]), groups: sets(l.groups) }
}

function checkAll(c: AppContext, step: string): void {
  const index = c.store.collection('items')!
  const schema: SchemaInfo = { slug: 'items', fields: index.collection.fields }
  const views = listViews(c, 'items')
  expect([...views.keys()].sort(), step).toEqual(['draft', 'only_draft', 'published'])
  for (const [state, view] of views) {
    const fresh = new CollectionView(index.entries.values(), state as ReadState)
    expect(snapshot(view, schema), `${step}: ${state} view`).toEqual(snapshot(fresh, schema))
    for (const row of fresh.rows) expect(view.get(row.entry.uuid)?.entry, `${step}: ${state} get`).toBe(row.entry)
  }
  expect(lookupsSnapshot(lookupsOf(c.store, 'items', index)), `${step}: lookups`).toEqual(lookupsSnapshot(new EntryLookups(index)))
}

describe('indexes patched per changed entry', () => {
  // sliced: reads run as a server runs them (views, indexes and matches built in slices of 2 rows), started before each write and finished after it.
  test.each([[7, false], [18, false], [2026, false], [11, true], [23, true]])('equal indexes built from scratch after random writes and watcher batches (seed %i, sliced reads racing them: %s)', async (seed, sliced) => {
    project = await makeProject(template())
    ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), watch: true, source: 'api' })
    await ctx.watcher!.ready
    const c = ctx
    const saved = { ...slicing }
    if (sliced) { c.slicedLists = true; Object.assign(slicing, { rows: 2, ms: 0 }) }
    try {
      await randomSteps(c, seed, sliced)
    } finally {
      Object.assign(slicing, saved)
    }
  }, 120000)
})

async function randomSteps(c: AppContext, seed: number, sliced: boolean): Promise<void> {
  {
    const rnd = prng(seed)
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!
    const items = () => [...c.store.collection('items')!.entries.values()]
    const people = [...c.store.collection('people')!.entries.keys()]
    const values = () => ({
      title: pick(TITLES), category: pick(CATEGORIES), views: Math.floor(rnd() * 50),
      tags: [pick(['t0', 't1', 't2', 't3'])], author: pick(people),
    })
    // Build every index first (service reads too: their cached match lists must be patched as well).
    for (const state of ['published', 'draft', 'only_draft']) for (const raw of QUERIES) await listEntriesSliced(c, 'items', `state=${state}&${raw}`, 'http://localhost')
    checkAll(c, 'start')

    const dir = join(project!.contentDir, 'entries', 'items')
    // A refused write (unique clash, wrong state, ...) is part of a random sequence; anything else is not.
    const ignoreRefusals = (error: unknown) => { if (!(error instanceof CmsError) || error.code === 'storage' || error.code === 'insufficient_storage') throw error }
    for (let step = 0; step < 40; step++) {
      const op = pick(['create', 'create', 'update', 'publish', 'unpublish', 'delete', 'restore', 'link', 'batch', 'batch'] as const)
      const some = items()
      const target = pick(some)
      let label = `step ${step} (${op})`
      // A read in slices, interleaved with the write's own awaits.
      const reading = sliced ? listEntriesSliced(c, 'items', `state=${pick(['published', 'draft', 'only_draft'])}&${pick(QUERIES)}`, 'http://localhost') : null
      if (op === 'create') {
        await createEntry(c, 'items', { state: rnd() < 0.6 ? 'published' : 'draft', locale: rnd() < 0.7 ? 'en' : 'fr', data: values() }).catch(ignoreRefusals)
      } else if (op === 'update') {
        await updateEntry(c, 'items', target.uuid, { data: values() }, rnd() < 0.5 ? 'patch' : 'replace').catch(ignoreRefusals)
      } else if (op === 'publish') {
        await publishEntry(c, 'items', target.uuid).catch(ignoreRefusals)
      } else if (op === 'unpublish') {
        await unpublishEntry(c, 'items', target.uuid).catch(ignoreRefusals)
      } else if (op === 'delete') {
        await deleteEntry(c, 'items', target.uuid, { force: rnd() < 0.3 }).catch(ignoreRefusals)
      } else if (op === 'restore') {
        const trashed = some.filter((e) => e.deleted_at)
        if (trashed.length > 0) await restoreEntry(c, 'items', pick(trashed).uuid).catch(ignoreRefusals)
      } else if (op === 'link') {
        const other = pick(some)
        await linkTranslation(c, 'items', target.uuid, { translation_entry_uuid: other.uuid }).catch(ignoreRefusals)
      } else {
        // A watcher batch: files edited, added and removed on disk at once, as a git checkout does.
        const expected = new Map<string, string | null>()
        const n = 1 + Math.floor(rnd() * 6)
        for (let k = 0; k < n; k++) {
          const r = rnd()
          if (r < 0.45) {
            const e = pick(items())
            if (expected.has(e.uuid)) continue
            const fields = { ...e.fields, ...values(), title: `disk ${step}.${k}` }
            const edited: EntryRecord = { ...e, fields, published: e.published && rnd() < 0.5 ? fields : e.published, updated_at: new Date().toISOString() }
            await writeFile(join(dir, `${e.uuid}.json`), serializeEntry(edited))
            expected.set(e.uuid, edited.fields.title as string)
          } else if (r < 0.8) {
            const at = new Date(Date.UTC(2023, 0, 1) + Math.floor(rnd() * 1e9)).toISOString()
            const fields = { ...values(), title: `new ${step}.${k}` }
            const added: EntryRecord = {
              uuid: randomUUID(), locale: rnd() < 0.5 ? 'en' : 'fr', translation_group: null, created_at: at, updated_at: at,
              published_at: rnd() < 0.5 ? at : null, published_version: null, deleted_at: null, fields, published: null,
            }
            if (added.published_at) { added.published = fields; added.published_version = 1 }
            await writeFile(join(dir, `${added.uuid}.json`), serializeEntry(added))
            expected.set(added.uuid, fields.title)
          } else {
            const e = pick(items())
            if (expected.has(e.uuid)) continue
            await unlink(join(dir, `${e.uuid}.json`))
            expected.set(e.uuid, null)
          }
        }
        label += ` ${expected.size} files`
        const index = c.store.collection('items')!
        // The positive signal: the store holds exactly what the files now say.
        await vi.waitFor(() => {
          for (const [uuid, title] of expected) expect(title === null ? index.entries.has(uuid) : index.entries.get(uuid)?.fields.title).toBe(title === null ? false : title)
        }, { timeout: 10000, interval: 20 })
      }
      await reading
      // Reads in between: the service's cached answers and lists, as a site build would make them.
      await listEntriesSliced(c, 'items', pick(QUERIES), 'http://localhost')
      checkAll(c, label)
    }
  }
}
