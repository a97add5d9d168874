import { field } from './project.ts'

/**
 * A corpus for search tests: 1,000 filler articles in English and German (a small neutral
 * vocabulary, so planted words stay rare), and planted articles whose titles name the best
 * answer of a query. `secret` is left out of search (`search: false`); `body` is rich text.
 * Deterministic.
 */
const EN = ['garden', 'window', 'river', 'morning', 'table', 'yellow', 'market', 'letter', 'quiet', 'village', 'summer', 'paper', 'green', 'stone', 'kitchen', 'road']
const DE = ['Garten', 'Fenster', 'Fluss', 'Morgen', 'Tisch', 'gelb', 'Markt', 'Brief', 'ruhig', 'Dorf', 'Sommer', 'Papier', 'grün', 'Stein', 'Küche', 'Straße']
export const CATEGORIES = ['Travel', 'Food', 'Home', 'Reise']

export interface Planted { title: string; locale: 'en' | 'de'; body?: string; summary?: string; category?: string; tags?: string[]; secret?: string; status?: 'draft' | 'published' }

export const PLANTED: Planted[] = [
  { title: 'Running in the rain', locale: 'en', body: '<p>Why runners love wet mornings.</p>' },
  { title: 'Das alte Haus am See', locale: 'de', body: '<p>Ein Haus mit Geschichte.</p>' },
  { title: 'Ein Buch für lange Abende', locale: 'de' },
  { title: 'Photography basics', locale: 'en', summary: 'Light, lenses and patience' },
  { title: 'Kathedralen in Frankreich', locale: 'de', category: 'Reise' },
  { title: 'Volcanoes of Iceland', locale: 'en', category: 'Travel' },
  { title: 'Bridges and tunnels', locale: 'en', body: '<p>Engineering <strong>marvels</strong> under the midnight lantern festival sky.</p>' },
  { title: 'Harbour notes', locale: 'en', body: '<p>The <a href="https://example.org/lighthouse-keeper">keeper</a> counted gulls.</p>' },
  { title: 'Bäume im Winter', locale: 'de', body: '<p>Kahle Äste und Schnee.</p>' },
  { title: 'Sourdough starter guide', locale: 'en', category: 'Food', tags: ['baking', 'bread'] },
  { title: 'Marmalade from bitter oranges', locale: 'en', category: 'Food', summary: 'Seville oranges, sugar and time' },
  { title: 'Garten im Frühling', locale: 'de', category: 'Reise', summary: 'Tulpen und Narzissen' },
  { title: 'Garden tools', locale: 'en', category: 'Home', summary: 'Spades and rakes' },
  { title: 'The cartographer', locale: 'en', secret: 'zebraquartz', summary: 'Maps of forgotten coasts' },
  { title: 'Müllers Mühle', locale: 'de', summary: 'Korn und Wasser' },
  { title: 'Draft about glaciers', locale: 'en', status: 'draft' },
  { title: 'Cycling the Danube', locale: 'en', category: 'Travel', summary: 'From Passau to Vienna' },
  { title: 'Radfahren an der Donau', locale: 'de', category: 'Reise', summary: 'Von Passau nach Wien' },
  { title: 'Knitting for beginners', locale: 'en', category: 'Home', tags: ['wool', 'needles'] },
  { title: 'Galaxy field guide', locale: 'en', summary: 'Spirals and clusters' },
  { title: 'Astronomy at home', locale: 'en', body: '<p>Telescopes, planets and the Andromeda galaxy.</p>' },
]

export function searchTemplate(fillers = 1000): Record<string, unknown> {
  let s = 7
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!
  const words = (vocab: string[], n: number) => Array.from({ length: n }, () => pick(vocab)).join(' ')
  const entries: unknown[] = []
  for (let i = 0; i < fillers; i++) {
    const de = i % 3 === 0
    const vocab = de ? DE : EN
    entries.push({ id: `f${i}`, locale: de ? 'de' : 'en', status: 'published', fields: {
      title: `${words(vocab, 3)} ${i}`, summary: words(vocab, 8), body: `<p>${words(vocab, 30)}</p>`, category: pick(CATEGORIES.slice(0, 3)), tags: [pick(vocab)], secret: '',
    } })
  }
  PLANTED.forEach((p, i) => entries.push({ id: `p${i}`, locale: p.locale, status: p.status ?? 'published', fields: {
    title: p.title, summary: p.summary ?? '', body: p.body ?? '', category: p.category ?? 'Home', tags: p.tags ?? [], secret: p.secret ?? '',
  } }))
  return {
    slug: 'search', name: 'Search', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'de'], public_api: true,
    collections: [
      { name: 'Articles', slug: 'articles', is_singleton: false, fields: [
        field('title', 'text'), field('summary', 'text'), field('body', 'richtext'), field('category', 'text', { options: { search: false } }),
        field('tags', 'text', { options: { repeatable: true } }), field('secret', 'text', { options: { search: false } }),
      ] },
      { name: 'Pages', slug: 'pages', is_singleton: false, fields: [field('heading', 'text'), field('text', 'longtext')] },
    ],
    demo_data: [
      { collection: 'articles', entries },
      { collection: 'pages', entries: [{ id: 'pg1', locale: 'en', status: 'published', fields: { heading: 'About the lighthouse', text: 'Who we are' } }] },
    ],
  }
}
