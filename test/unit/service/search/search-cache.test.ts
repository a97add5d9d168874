import { afterAll, beforeAll, expect, test } from 'vitest'
import fc from 'fast-check'
import { randomUUID } from 'node:crypto'
import { unlink, writeFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { parse, stringify } from 'yaml'
import { createContext, type AppContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import type { EntryRecord } from '../../../../src/core/types.ts'
import { serializeEntry } from '../../../../src/storage/codec.ts'
import { listEntries } from '../../../../src/service/entries/list.ts'
import { CollectionSearch } from '../../../../src/service/entries/search-indexes.ts'
import { loadSearchCache, saveSearchCache, searchCacheTuning } from '../../../../src/service/entries/search-cache.ts'
import { SearchIndex, type IndexedDoc } from '../../../../src/query/search/search-index.ts'
import { runNow, yieldToLoop } from '../../../../src/query/steps.ts'
import { field, makeProject, type TempProject } from '../../../helpers/project.ts'

/**
 * The search indexes kept in the index cache (service/entries/search-cache.ts): an index saved
 * in slices while it changes, then loaded, equals the live one; a start after files were edited,
 * added or removed by hand while no server ran loads an index equal to one built from scratch;
 * a corrupt, truncated or other-schema cache is not used (the index is built), never a crash.
 */
const WORDS = ['river', 'rivers', 'Häuser', 'Haus', 'running', 'garden', 'lantern', 'Mühle', 'café', 'quiet', '2024']

const doc = fc.record({ locale: fc.constantFrom('en', 'de'), words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }) })
  .map(({ locale, words }): IndexedDoc => ({ locale, terms: SearchIndex.analyse(locale, [[1, words.join(' ')], [3, words[0]!]]) }))
const change = fc.record({ uuid: fc.integer({ min: 0, max: 40 }).map((i) => `u${i}`), doc: fc.option(doc, { nil: null }) })

test('a form taken in steps while the index changes loads back as the live index', () => {
  fc.assert(fc.property(fc.array(change, { maxLength: 60 }), fc.array(fc.tuple(fc.nat(), change), { maxLength: 20 }), (before, during) => {
    const index = new SearchIndex()
    const apply = ({ uuid, doc }: { uuid: string; doc: IndexedDoc | null }) => (doc ? index.set(uuid, doc) : index.remove(uuid))
    before.forEach(apply)
    // Changes land between the steps of the form, as writes do between a server's slices.
    const steps = index.formSteps()
    const applied: Array<[number, { uuid: string; doc: IndexedDoc | null }]> = []
    let form
    for (let step = 0; ; step++) {
      for (const [at, c] of during) if (at % 8 === step) { apply(c); applied.push([at, c]) }
      const r = steps.next()
      if (r.done) { form = r.value; break }
    }
    const loaded = runNow(SearchIndex.fromFormSteps(deserialize(serialize(form))))
    // The dirty documents are left out: the cache's loader analyses their entries again.
    const expected = new SearchIndex()
    for (const [uuid, d] of liveDocs(before, applied)) if (!form.dirty.includes(uuid)) expected.set(uuid, d)
    expect(loaded.dump()).toEqual(expected.dump())
    expect(loaded.size).toBe(expected.size)
  }), { numRuns: 200, seed: 2027 })
})

function liveDocs(before: Array<{ uuid: string; doc: IndexedDoc | null }>, during: Array<[number, { uuid: string; doc: IndexedDoc | null }]>): Map<string, IndexedDoc> {
  const docs = new Map<string, IndexedDoc>()
  for (const { uuid, doc } of [...before, ...during.map(([, c]) => c)]) {
    if (doc && doc.terms.length > 0) docs.set(uuid, doc)
    else docs.delete(uuid)
  }
  return docs
}

let project: TempProject
const open = () => createContext({ config: loadConfig({ dir: project.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), source: 'api' })

beforeAll(async () => {
  project = await makeProject({
    slug: 'cache', name: 'Cache', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'de'], public_api: true,
    collections: [{ name: 'Notes', slug: 'notes', is_singleton: false, fields: [field('title', 'text'), field('body', 'richtext')] }],
    demo_data: [{ collection: 'notes', entries: Array.from({ length: 30 }, (_, i) => ({ id: `n${i}`, locale: i % 2 ? 'de' : 'en', status: i % 3 ? 'published' : 'draft', fields: { title: `${WORDS[i % WORDS.length]} ${i}`, body: `<p>${WORDS[(i * 3) % WORDS.length]} ${WORDS[(i * 5) % WORDS.length]}</p>` } })) }],
  })
}, 60000)
afterAll(async () => { await project?.cleanup() })

/** Saves both indexes of a context over the project. */
async function save(): Promise<void> {
  const ctx = await open()
  try {
    listEntries(ctx, 'notes', 'search=river', 'http://x')
    listEntries(ctx, 'notes', 'search=river&state=draft', 'http://x')
    await saveSearchCache(ctx, yieldToLoop, 0)
  } finally {
    await ctx.close()
  }
}

/** Loads the cache into a new context; checks both indexes against ones built from scratch. */
async function loadAndCheck(label: string, expectLoaded: number, loads = expectLoaded > 0): Promise<void> {
  const ctx: AppContext = await open()
  try {
    const { loaded, ready } = loadSearchCache(ctx, yieldToLoop)
    expect(loaded, label).toBe(expectLoaded)
    await Promise.all(ready)
    const index = ctx.store.collection('notes')!
    const search = ctx.readModel.searchOf('notes', index)
    const fresh = new CollectionSearch(index.collection, index.entries)
    for (const state of ['published', 'draft'] as const) {
      expect(search.peek(state) !== null, `${label}: ${state} loaded`).toBe(loads)
      expect(search.now(state).dump(), `${label}: ${state}`).toEqual(fresh.now(state).dump())
    }
  } finally {
    await ctx.close()
  }
}

const values = fc.record({ title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')), body: fc.constantFrom(...WORDS).map((w) => `<p>${w}</p>`) })
const edit = fc.record({ at: fc.nat(), kind: fc.constantFrom('edit' as const, 'remove' as const, 'add' as const, 'unpublish' as const), values })

test('a start after hand edits made while no server ran loads indexes equal to fresh ones', async () => {
  // Many frames of ids, as at 100k entries.
  searchCacheTuning.idsBlock = 7
  const dir = join(project.contentDir, 'entries', 'notes')
  await fc.assert(fc.asyncProperty(fc.array(edit, { minLength: 0, maxLength: 4 }), async (edits) => {
    await save()
    const ctx = await open()
    const entries = [...ctx.store.collection('notes')!.entries.values()]
    await ctx.close()
    const touched = new Set<string>()
    for (const e of edits) {
      const target = entries[e.at % entries.length]!
      if (e.kind === 'add') {
        const at = new Date().toISOString()
        const added: EntryRecord = { uuid: randomUUID(), locale: 'de', translation_group: null, created_at: at, updated_at: at, published_at: at, published_version: 1, deleted_at: null, fields: e.values, published: e.values }
        await writeFile(join(dir, `${added.uuid}.json`), serializeEntry(added))
        continue
      }
      if (touched.has(target.uuid)) continue
      touched.add(target.uuid)
      if (e.kind === 'remove') await unlink(join(dir, `${target.uuid}.json`))
      else if (e.kind === 'unpublish') await writeFile(join(dir, `${target.uuid}.json`), serializeEntry({ ...target, published: null, published_at: null, published_version: null }))
      else await writeFile(join(dir, `${target.uuid}.json`), serializeEntry({ ...target, fields: e.values, published: target.published ? e.values : null }))
    }
    await loadAndCheck(edits.map((e) => e.kind).join(','), 2)
  }), { numRuns: 12, seed: 2028 })
  searchCacheTuning.idsBlock = 1 << 20
}, 120000)

test('a corrupt, truncated or foreign cache, or one of another schema, is not used: the index is built', async () => {
  await save()
  const cachePath = join(loadConfig({ dir: project.contentDir }).stateDir, 'search-cache.bin')
  const good = await readFile(cachePath)
  await writeFile(cachePath, good.subarray(0, good.length - 100))
  await loadAndCheck('truncated', 0)
  await writeFile(cachePath, Buffer.from('not a cache at all'))
  await loadAndCheck('garbage', 0)
  // Frames that read but do not hold a section's shape.
  const frame = (v: unknown) => { const b = serialize(v); const h = Buffer.alloc(4); h.writeUInt32LE(b.length); return Buffer.concat([h, b]) }
  const header = deserialize(good.subarray(4, 4 + good.readUInt32LE(0))) as { format: string; root: string; sections: Array<{ head: unknown; frames: number }> }
  expect(header.sections).toHaveLength(2)
  // The real heads (so the sections are read), parts that are not a section's: each load fails, the index is built.
  const heads = header.sections.map(({ head }) => ({ head, frames: 2 }))
  await writeFile(cachePath, Buffer.concat([frame({ ...header, sections: heads }), frame({ stamps: 3 }), frame(new Int32Array(4)), frame({ stamps: { uuids: 'x' }, form: { idsLength: 1 } }), frame('ids')]))
  await loadAndCheck('malformed sections', 2, false)
  // Another schema: the title weighed differently makes other documents.
  await writeFile(cachePath, good)
  const collectionFile = join(project.contentDir, 'collections', 'notes.yaml')
  const yaml = await readFile(collectionFile, 'utf8')
  const doc = parse(yaml) as { fields: Array<{ name: string; options: Record<string, unknown> }> }
  doc.fields.find((f) => f.name === 'title')!.options.search_weight = 7
  await writeFile(collectionFile, stringify(doc))
  const ctx = await open()
  const weighed = ctx.store.collection('notes')!.collection.fields.find((f) => f.name === 'title')!.options.search_weight
  await ctx.close()
  expect(weighed).toBe(7)
  await loadAndCheck('other schema', 0)
  await writeFile(collectionFile, yaml)
}, 60000)
