#!/usr/bin/env node
// Full-text search (docs/search.md) at N standard-workload articles, in process on dist/, no
// HTTP: the index's build (in slices, as a server does after listening) against the views a
// server builds before it listens (the start without search), its heap, the patch of one
// changed entry, and the five query shapes with paginate=10, p50/p99, beside a `like` filter
// (the only text filter before) timed in the same run as the baseline.
//
// Also the index cache: the form a server saves (sliced), its file, and the load a start does
// (sliced), against the build from the entries.
//
//   npx tsc -p tsconfig.build.json && node bench/search.bench.mjs [N=100000]
import { performance } from 'node:perf_hooks'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { loadavg } from 'node:os'
import { eachEntry } from './gen-workload.mjs'
import { median, pct } from './lib.mjs'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc')
const root = join(fileURLToPath(import.meta.url), '../..')
const { CollectionView } = await import(join(root, 'dist/query/view.js'))
const { runNow } = await import(join(root, 'dist/query/steps.js'))
const { compileWhere } = await import(join(root, 'dist/query/compile-where.js'))
const { compileSort, sortSignature } = await import(join(root, 'dist/query/sort.js'))
const { parseListQuery } = await import(join(root, 'dist/query/params.js'))
const { CollectionSearch } = await import(join(root, 'dist/service/entries/search-indexes.js'))
const { searchMatchSteps } = await import(join(root, 'dist/service/entries/search-match.js'))
const { SearchIndex } = await import(join(root, 'dist/query/search/search-index.js'))
const { runSliced } = await import(join(root, 'dist/query/steps.js'))
const { serialize, deserialize } = await import('node:v8')
const { writeFileSync, readFileSync, rmSync, mkdtempSync } = await import('node:fs')
const { tmpdir } = await import('node:os')

const n = Number(process.argv[2] ?? 100000)
const f = (name, type) => ({ uuid: `f-${name}`, type, label: name, name, description: null, placeholder: null, options: {}, validations: {} })
const collection = { uuid: 'c', name: 'Articles', slug: 'articles', is_singleton: false, order: 0, created_at: '', updated_at: '', fields: [f('title', 'text'), f('slug', 'slug'), f('content', 'richtext'), f('excerpt', 'text'), f('published_date', 'date'), f('views', 'number'), f('category', 'text')] }
const schema = { slug: 'articles', fields: collection.fields }
const entries = new Map()
let i = 0
for (const e of eachEntry(n)) {
  const at = new Date(Date.UTC(2024, 0, 1) + i++ * 1000).toISOString()
  const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
  const published = e.status === 'published' ? e.fields : null
  entries.set(uuid, { uuid, locale: e.locale, translation_group: null, created_at: at, updated_at: at, published_at: published ? at : null, published_version: published ? 1 : null, deleted_at: null, fields: e.fields, published })
}
const ms = (x) => `${x.toFixed(2)} ms`
const heap = () => { gc(); gc(); return process.memoryUsage().heapUsed }

// The start without search: the views a server builds before listening (published and draft).
let t = performance.now()
const view = new CollectionView(entries.values(), 'published')
new CollectionView(entries.values(), 'draft')
const viewsMs = performance.now() - t

// The published index, built in slices as after listening: total time and the longest slice.
const before = heap()
const search = new CollectionSearch(collection, entries)
let last = performance.now()
let longest = 0
let slices = 0
t = last
const index = await search.ready('published', () => new Promise((resolve) => { const now = performance.now(); longest = Math.max(longest, now - last); slices++; setImmediate(() => { last = performance.now(); resolve() }) }))
const buildMs = performance.now() - t
const indexMb = (heap() - before) / 1048576

// The index cache (service/entries/search-cache.ts): the form taken in slices as a server saves
// it, written and read back as a file, and loaded in slices as a start does; each with its
// longest slice (what a request waiting behind it would feel).
const sliced = async (steps) => {
  let last = performance.now(), longest = 0, n = 0
  const s = performance.now()
  const value = await runSliced(steps, () => new Promise((resolve) => { longest = Math.max(longest, performance.now() - last); n++; setImmediate(() => { last = performance.now(); resolve() }) }))
  longest = Math.max(longest, performance.now() - last)
  return { value, ms: performance.now() - s, longest, slices: n }
}
const dir = mkdtempSync(join(tmpdir(), 'search-bench-'))
const saved = await sliced(index.formSteps())
// As the cache file holds it (service/entries/search-cache.ts): the form without its ids, then the ids in 4 MB frames, one serialized per slice.
const BLOCK = 1 << 20
const parts = [{ ...saved.value, ids: null, idsLength: saved.value.ids.length }]
for (let at = 0; at < saved.value.ids.length; at += BLOCK) parts.push(saved.value.ids.slice(at, at + BLOCK))
let writeMs = 0, longestFrame = 0, fileBytes = 0
const frames = parts.map((part) => { const s = performance.now(); const b = serialize(part); const d = performance.now() - s; writeMs += d; longestFrame = Math.max(longestFrame, d); fileBytes += b.length; return b })
t = performance.now()
writeFileSync(join(dir, 'search-cache.bin'), Buffer.concat(frames))
writeMs += performance.now() - t
t = performance.now()
const read = readFileSync(join(dir, 'search-cache.bin'))
let at = 0, readMs = performance.now() - t, longestRead = 0
const back = frames.map((f) => { const s = performance.now(); const v = deserialize(read.subarray(at, at + f.length)); at += f.length; const d = performance.now() - s; readMs += d; longestRead = Math.max(longestRead, d); return v })
const ids = new Int32Array(back[0].idsLength)
back.slice(1).reduce((o, block) => { ids.set(block, o); return o + block.length }, 0)
const form = { ...back[0], ids }
const loaded = await sliced(SearchIndex.fromFormSteps(form))
rmSync(dir, { recursive: true, force: true })
if (loaded.value.size !== index.size) throw new Error(`the loaded index holds ${loaded.value.size} documents, the built one ${index.size}`)

const env = { schema, target: () => null, related: () => null }
const match = (raw) => {
  const q = parseListQuery(raw)
  return { q, m: { locale: q.locale, where: q.where ? compileWhere(q.where, env) : null, sort: compileSort(q.sort, schema), sortSignature: sortSignature(q.sort), cacheKey: null } }
}
const SHAPES = {
  'one word': 'search=webhook&paginate=10',
  'two words': 'search=content%20server&paginate=10',
  'prefix (4 letters)': 'search=publ&paginate=10',
  'one-letter typo': 'search=webhok&paginate=10',
  'word + locale + where[category]': 'search=release&locale=de&where[category]=Science&paginate=10',
}
const LOCALES = ['en', 'fr', 'de']
const rows = []
// The filtered shape as it was before: each match tested through its row, the equality index not read.
const unhinted = (m) => ({ ...m, where: m.where && { ...m.where, hints: [] } })
const RUNS = [
  ...Object.entries(SHAPES).map(([shape, raw]) => [shape, raw, (m) => m]),
  ['same, each match tested (before: no equality index)', SHAPES['word + locale + where[category]'], unhinted],
  // Ranking alone: the page without the count of matches (as /_search and `first` read).
  ['one word, page only (no total, as /_search)', SHAPES['one word'], (m) => m, false],
]
for (const [shape, raw, adapt, counted = true] of RUNS) {
  const { q, m: parsed } = match(raw)
  const m = adapt(parsed)
  const times = []
  let total = 0
  // The first run, timed apart: the view's equality index of the category is built at a
  // server's start, and the shape's code is not yet optimized by V8.
  const s0 = performance.now()
  runNow(searchMatchSteps(index, view, q.search, m, 10, q.locale ? [q.locale] : LOCALES, counted))
  const first = performance.now() - s0
  // Warm-up, untimed: the slowest samples were the first ten of a shape (V8 optimizing its code
  // path), which a running server has long passed; p50/p99 are of the steady state after it.
  for (let k = 0; k < 10; k++) runNow(searchMatchSteps(index, view, q.search, m, 10, q.locale ? [q.locale] : LOCALES, counted))
  for (let k = 0; k < 120; k++) {
    const s = performance.now()
    total = runNow(searchMatchSteps(index, view, q.search, m, 10, q.locale ? [q.locale] : LOCALES, counted)).total
    times.push(performance.now() - s)
  }
  rows.push({ shape, 'first run': ms(first), p50: ms(median(times)), p99: ms(pct(times, 99)), matches: counted ? total : '' })
}
// Baseline, same run: the `like` filter on the title (a scan of every row, no ranking).
{
  const { m } = match('where[title][like]=%25webhook%25&paginate=10')
  const times = []
  for (let k = 0; k < 40; k++) {
    const s = performance.now()
    runNow(view.matchSteps({ ...m, cacheKey: null }, 10, false))
    times.push(performance.now() - s)
  }
  rows.push({ shape: 'baseline: where[title][like]=%webhook%', p50: ms(median(times)), p99: ms(pct(times, 99)), matches: '' })
}

// The patch of one changed entry (its terms out, the new ones in), as the read model does per write.
const patches = []
const uuids = [...entries.keys()]
for (let k = 0; k < 2000; k++) {
  const e = entries.get(uuids[(k * 7919) % uuids.length])
  const fields = { ...e.fields, title: `${e.fields.title} edited ${k}` }
  const changed = { ...e, fields, published: fields, updated_at: new Date().toISOString() }
  const s = performance.now()
  search.touch(changed.uuid, changed)
  patches.push(performance.now() - s)
}

console.table([{
  'cache save: form (sliced)': `${ms(saved.ms)} in ${saved.slices} slices, longest ${ms(saved.longest)}`,
  'cache save: serialize + write': `${ms(writeMs)} (${(fileBytes / 1048576).toFixed(1)} MB, ${frames.length} frames, longest ${ms(longestFrame)})`,
  'cache load: read + deserialize': `${ms(readMs)} (longest frame ${ms(longestRead)})`,
  'cache load: index from form (sliced)': `${ms(loaded.ms)} in ${loaded.slices} slices, longest ${ms(loaded.longest)}`,
  'start with search, warm cache (views + load)': ms(viewsMs + readMs + loaded.ms),
  'start with search, no cache (views + build)': ms(viewsMs + buildMs),
}])
console.log(`search at ${n} articles (load ${loadavg()[0].toFixed(2)}, ${n} docs, published index ${index.size} docs)`)
console.table(rows)
console.table([{
  'views before listening (start without search)': ms(viewsMs),
  'search index build (after listening, sliced)': `${ms(buildMs)} in ${slices} slices, longest ${ms(longest)}`,
  'index heap': `${indexMb.toFixed(0)} MB`,
  'patch per write p50/p99': `${ms(median(patches))} / ${ms(pct(patches, 99))}`,
}])
