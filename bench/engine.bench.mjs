#!/usr/bin/env node
// The query engine alone (src/query/view.ts through the list service's compiled queries), in
// process, no HTTP, no files: N standard-workload articles as records, then the steps a server
// takes at start and for never-seen shapes, each timed with performance.now. Counts that do not
// depend on load are printed beside the times: how many slices a sliced step took (each slice
// gives the event loop back) and the longest slice.
//
//   npm run build && node bench/engine.bench.mjs [N=100000]     (ENGINE_MODE=sync|sliced|scan)
// Run it a few times (fresh processes) and read medians: one run's first calls include the JIT.
import { performance } from 'node:perf_hooks'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eachEntry } from './gen-workload.mjs'

const root = join(fileURLToPath(import.meta.url), '../..')
const { CollectionView, scanSteps } = await import(join(root, 'dist/query/view.js'))
const { runNow } = await import(join(root, 'dist/query/steps.js'))
const { compileWhere } = await import(join(root, 'dist/query/compile-where.js'))
const { compileSort, sortSignature } = await import(join(root, 'dist/query/sort.js'))
const { parseListQuery } = await import(join(root, 'dist/query/params.js'))

const n = Number(process.argv[2] ?? 100000)
const f = (name, type) => ({ uuid: `f-${name}`, type, label: name, name, description: null, placeholder: null, options: {}, validations: {} })
const schema = { slug: 'articles', fields: [f('title', 'text'), f('slug', 'slug'), f('content', 'richtext'), f('excerpt', 'longtext'), f('published_date', 'date'), f('views', 'number'), f('category', 'text')] }
const records = []
let i = 0
for (const e of eachEntry(n)) {
  const at = new Date(Date.UTC(2024, 0, 1) + i++ * 1000).toISOString()
  const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
  const published = e.status === 'published' ? e.fields : null
  records.push({ uuid, locale: e.locale, translation_group: null, created_at: at, updated_at: at, published_at: published ? at : null, published_version: published ? 1 : null, deleted_at: null, fields: e.fields, published })
}
const env = { schema, target: () => null, related: () => null }
const compile = (raw) => {
  const q = parseListQuery(raw)
  const need = q.count ? 0 : q.paginate !== null ? q.page * q.paginate : q.limit !== null ? q.offset + q.limit : Infinity
  return { q, need, query: { locale: q.locale, where: q.where ? compileWhere(q.where, env) : null, sort: compileSort(q.sort, schema), sortSignature: sortSignature(q.sort), cacheKey: raw } }
}
const time = (fn) => { const t = performance.now(); const r = fn(); return [performance.now() - t, r] }
/** Runs an async sliced step with a pause that records each slice's length. */
async function sliced(fn) {
  const slices = []
  let last = performance.now()
  const t0 = last
  const pause = () => new Promise((resolve) => { const now = performance.now(); slices.push(now - last); setImmediate(() => { last = performance.now(); resolve() }) })
  const r = await fn(pause)
  slices.push(performance.now() - last)
  const longest = Math.max(...slices)
  return { ms: performance.now() - t0, slices: slices.length, longest, at: slices.indexOf(longest), r }
}
const fmt = (x) => `${x.toFixed(1)} ms`
const out = {}
const fields = ['title', 'slug', 'published_date', 'views', 'category'].map((name) => ({ field: name, kind: name === 'views' ? 'number' : name === 'published_date' ? 'date' : 'text' }))
const Q2 = 'locale=en&where[category]=Science&sort=views:desc&paginate=20&page=2'
const SHAPES = { selective: 'locale=de&where[views][lt]=5000&sort=published_date:asc&paginate=10', fullSort: 'sort=title:asc&paginate=20', like: 'where[title][like]=%25delta%25&limit=20', count: 'where[views][gt]=50000&count=1' }
const mode = process.env.ENGINE_MODE ?? 'sync'
/** CPU time of the process (user + system, all threads: GC helpers included), ms. */
const cpu = (fn) => { const c = process.cpuUsage(); const t = performance.now(); fn(); const d = process.cpuUsage(c); return `${fmt(performance.now() - t)} wall, ${fmt((d.user + d.system) / 1000)} cpu` }
if (mode === 'scan') {
  // A read before its view is built (just after start): a pass over the entries.
  const q2 = compile(Q2)
  const q1 = compile('limit=1')
  out.scanLimit1 = cpu(() => runNow(scanSteps(records, 'published', q1.query, q1.need)))
  out.scanQ2 = cpu(() => runNow(scanSteps(records, 'published', q2.query, q2.need)))
  out.scanQ2again = cpu(() => runNow(scanSteps(records, 'published', q2.query, q2.need)))
  out.build = cpu(() => new CollectionView(records, 'published'))
} else if (mode === 'sync') {
  const [ctor, view] = time(() => new CollectionView(records, 'published', { onMissingSort: () => {} }))
  out.construct = fmt(ctor)
  out.warm = fmt(time(() => view.warm(fields))[0])
  const q2 = compile(Q2)
  out.firstQ2 = fmt(time(() => view.match(q2.query, q2.need))[0])
  for (const [name, raw] of Object.entries(SHAPES)) { const c = compile(raw); out[name] = fmt(time(() => view.match(c.query, c.need))[0]) }
} else {
  const build = await sliced((pause) => CollectionView.build(records, 'published', { onMissingSort: () => {} }, pause))
  out.construct = `${fmt(build.ms)} in ${build.slices} slices, longest ${fmt(build.longest)} (#${build.at})`
  const view = build.r
  const warm = await sliced((pause) => view.warmSliced(fields, pause))
  out.warm = `${fmt(warm.ms)} in ${warm.slices} slices, longest ${fmt(warm.longest)} (#${warm.at})`
  const q2 = compile(Q2)
  out.firstQ2 = fmt(time(() => view.match(q2.query, q2.need))[0])
  for (const [name, raw] of Object.entries(SHAPES)) {
    const c = compile(raw)
    const r = await sliced((pause) => view.matchSliced(c.query, c.need, pause))
    out[name] = `${fmt(r.ms)} in ${r.slices} slices, longest ${fmt(r.longest)} (#${r.at})`
  }
}
console.log(JSON.stringify({ n, mode, ...out }))
