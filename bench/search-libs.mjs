#!/usr/bin/env node
// The measurement behind the choice of search library (docs/benchmarks.md, "Search library"):
// MiniSearch, Orama and FlexSearch each index the standard workload's articles (title,
// excerpt, content without markup) and answer the five query shapes with a page of 10.
// One library per child process, so that heap figures do not mix.
//   node bench/search-libs.mjs [entries]   (default 100000)
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { generate } from './gen-workload.mjs'
import { median, pct } from './lib.mjs'

const N = Number(process.argv[2] ?? 100000)
const lib = process.argv[3]
const SHAPES = {
  'one word': { q: 'webhook' },
  'two words': { q: 'content server' },
  'prefix (4)': { q: 'publ' },
  'one typo': { q: 'webhok' },
  'word + locale + category': { q: 'release', locale: 'de', category: 'Science' },
}
const strip = (html) => html.replace(/<[^>]*>/g, ' ')

async function measure(name) {
  const docs = generate(N).map((e, i) => ({ id: i, title: e.fields.title, excerpt: e.fields.excerpt, content: strip(e.fields.content), locale: e.locale, category: e.fields.category }))
  global.gc?.()
  const heap0 = process.memoryUsage().heapUsed
  const t0 = performance.now()
  const engine = await engines[name](docs)
  const buildMs = performance.now() - t0
  global.gc?.()
  const heapMb = (process.memoryUsage().heapUsed - heap0) / 1048576
  const out = { lib: name, buildMs: Math.round(buildMs), heapMb: Math.round(heapMb) }
  for (const [shape, q] of Object.entries(SHAPES)) {
    const times = []
    let hits = 0
    for (let i = 0; i < 60; i++) {
      const t = performance.now()
      hits = (await engine.search(q)).length
      times.push(performance.now() - t)
    }
    out[shape] = `${median(times).toFixed(2)}/${pct(times, 99).toFixed(2)} (${hits})`
  }
  const patch = []
  for (let i = 0; i < 200; i++) {
    const d = docs[i * 37]
    const t = performance.now()
    await engine.replace({ ...d, title: `${d.title} changed` })
    patch.push(performance.now() - t)
  }
  out['patch p50 ms'] = median(patch).toFixed(3)
  return out
}

const engines = {
  async minisearch(docs) {
    const { default: MiniSearch } = await import('minisearch')
    const ms = new MiniSearch({ fields: ['title', 'excerpt', 'content'], storeFields: [] })
    ms.addAll(docs)
    const byId = new Map(docs.map((d) => [d.id, d]))
    return {
      search: ({ q, locale, category }) => ms.search(q, {
        prefix: (t, i, terms) => i === terms.length - 1, fuzzy: (t) => (t.length > 4 ? 1 : 0), combineWith: 'AND',
        filter: locale ? (r) => byId.get(r.id).locale === locale && byId.get(r.id).category === category : undefined,
      }).slice(0, 10),
      replace: (d) => { ms.discard(d.id); ms.add(d); byId.set(d.id, d) },
    }
  },
  async orama(docs) {
    const { create, insertMultiple, search, remove, insert } = await import('@orama/orama')
    const db = create({ schema: { title: 'string', excerpt: 'string', content: 'string', locale: 'enum', category: 'enum' } })
    await insertMultiple(db, docs.map((d) => ({ ...d, id: String(d.id) })), 5000)
    return {
      search: async ({ q, locale, category }) => (await search(db, { term: q, limit: 10, tolerance: 1, where: locale ? { locale: { eq: locale }, category: { eq: category } } : undefined })).hits,
      replace: async (d) => { await remove(db, String(d.id)); await insert(db, { ...d, id: String(d.id) }) },
    }
  },
  async flexsearch(docs) {
    const { Document } = await import('flexsearch')
    const index = new Document({ document: { id: 'id', index: ['title', 'excerpt', 'content'], tag: ['locale', 'category'] }, tokenize: 'forward' })
    for (const d of docs) index.add(d)
    return {
      search: ({ q, locale, category }) => {
        const r = index.search(q, { limit: 10, suggest: true, merge: true, tag: locale ? { locale, category } : undefined })
        return r
      },
      replace: (d) => { index.update(d) },
    }
  },
}

if (lib) {
  process.stdout.write(JSON.stringify(await measure(lib)))
} else {
  const rows = []
  for (const name of Object.keys(engines)) {
    const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', fileURLToPath(import.meta.url), String(N), name], { encoding: 'utf8' })
    if (r.status !== 0) { console.error(name, r.stderr.slice(-1500)); continue }
    rows.push(JSON.parse(r.stdout))
  }
  console.log(`search libraries, ${N} articles, p50/p99 ms (hits), load ${(await import('node:os')).loadavg()[0].toFixed(2)}`)
  console.table(rows)
}
