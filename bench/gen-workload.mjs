#!/usr/bin/env node
// Our benchmark workload: N articles in the hosted service's template format, with the same
// shape and distribution as the standard workload (locales en 60% / fr 25% / de 15%; 80%
// published; 12 categories; views 0..99999; dates 2020..2025; title/slug/excerpt/content).
// Deterministic for a given N and seed.
//
//   node bench/gen-workload.mjs 10000 > /tmp/articles.json
//   node bench/gen-workload.mjs 10000 --json-server > /tmp/db.json
export function generate(n, options = {}) {
  return [...eachEntry(n, options)]
}

/** The entries of `generate`, one at a time (a million of them need not be held at once). */
export function* eachEntry(n, { seed = 42 } = {}) {
  let s = seed
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648)
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)]
  const categories = ['Technology', 'Science', 'Business', 'Health', 'Travel', 'Food', 'Sports', 'Culture', 'Politics', 'Education', 'Design', 'Music']
  const words = ['alpha', 'beta', 'gamma', 'delta', 'content', 'server', 'local', 'build', 'review', 'release', 'draft', 'publish', 'index', 'query', 'filter', 'page', 'sort', 'field', 'value', 'collection', 'entry', 'version', 'webhook', 'token', 'locale', 'asset']
  const sentence = (k) => Array.from({ length: k }, () => pick(words)).join(' ')
  for (let i = 1; i <= n; i++) {
    const r = rnd()
    const locale = r < 0.6 ? 'en' : r < 0.85 ? 'fr' : 'de'
    const category = pick(categories)
    const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(rnd() * 6 * 365) * 86400000).toISOString().slice(0, 10)
    const words4 = sentence(4)
    const title = `Article ${i}: ${words4}`
    yield {
      id: `e${i}`, locale, status: rnd() < 0.8 ? 'published' : 'draft',
      fields: {
        title, slug: `article-${i}-${words4.replace(/ /g, '-')}`,
        content: `<p>${sentence(60)}</p><p>${sentence(40)}</p>`, excerpt: sentence(14),
        published_date: day, views: Math.floor(rnd() * 100000), category,
      },
    }
  }
}

/**
 * Writes the template of N entries to `file` entry by entry: at a million entries the whole
 * JSON text (about 1 GB) is more than one JavaScript string can hold.
 */
export async function writeTemplate(file, n, options = {}) {
  const { createWriteStream } = await import('node:fs')
  const { once } = await import('node:events')
  const template = toTemplate([])
  template.description = `generated workload, ${n} articles`
  const head = JSON.stringify(template)
  const marker = '"entries":[]'
  const at = head.lastIndexOf(marker) + marker.length - 1
  const out = createWriteStream(file)
  const write = async (text) => { if (!out.write(text)) await once(out, 'drain') }
  await write(head.slice(0, at))
  let first = true
  for (const entry of eachEntry(n, options)) {
    await write((first ? '' : ',') + JSON.stringify(entry))
    first = false
  }
  await write(head.slice(at))
  out.end()
  await once(out, 'finish')
}

export function toTemplate(entries) {
  const field = (name, type, extra = {}) => ({
    type, label: name, name, description: null, placeholder: null,
    options: { repeatable: false, multiple: false, hiddenInAPI: false, ...extra },
    validations: { unique: { status: false, message: null }, required: { status: name === 'title', message: null }, charcount: { max: null, min: null, type: 'Between', status: false, message: null } },
  })
  return {
    slug: 'bench', name: 'Benchmark', description: `generated workload, ${entries.length} articles`, has_demo_data: true,
    default_locale: 'en', locales: ['en', 'fr', 'de'], public_api: true,
    collections: [{ name: 'Articles', slug: 'articles', is_singleton: false, fields: [
      field('title', 'text'), field('slug', 'slug', { slug: { field: 'title', readonly: false } }), field('content', 'richtext'),
      field('excerpt', 'text'), field('published_date', 'date'), field('views', 'number'), field('category', 'text'),
    ] }],
    demo_data: [{ collection: 'articles', entries }],
  }
}

export function toJsonServer(entries) {
  return { articles: entries.map((e) => ({ id: e.id, locale: e.locale, state: e.status, ...e.fields })) }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 10000)
  const seedArg = process.argv.find((a) => a.startsWith('--seed='))
  const entries = generate(n, { seed: seedArg ? Number(seedArg.slice(7)) : 42 })
  process.stdout.write(JSON.stringify(process.argv.includes('--json-server') ? toJsonServer(entries) : toTemplate(entries)))
}
