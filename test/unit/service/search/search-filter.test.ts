import { afterAll, beforeAll, expect, test } from 'vitest'
import fc from 'fast-check'
import { createContext, type AppContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import { listEntries } from '../../../../src/service/entries/list.ts'
import { field, makeProject, type TempProject } from '../../../helpers/project.ts'

/**
 * A search with an equality filter ranks only the rows of the list view's equality index
 * (search-match.ts, `candidateSteps`): its answers must be those of the same filter written so
 * that it names no index (`[eq]`: each match tested through its row), page and total alike.
 */
const WORDS = ['river', 'garden', 'lantern', 'Häuser', 'running', 'quiet', 'stone']
const CATEGORIES = ['Travel', 'Home', 'Science']
let project: TempProject
let ctx: AppContext

beforeAll(async () => {
  project = await makeProject({
    slug: 'filter', name: 'Filter', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'de'], public_api: true,
    collections: [{ name: 'Notes', slug: 'notes', is_singleton: false, fields: [field('title', 'text'), field('body', 'richtext'), field('category', 'text')] }],
    demo_data: [{ collection: 'notes', entries: Array.from({ length: 120 }, (_, i) => ({ id: `n${i}`, locale: i % 3 ? 'en' : 'de', status: i % 4 ? 'published' : 'draft', fields: { title: `${WORDS[i % 7]} ${WORDS[(i * 3) % 7]}`, body: `<p>${WORDS[(i * 5) % 7]} ${WORDS[(i * 2) % 7]}</p>`, category: CATEGORIES[i % 3] } })) }],
  })
  ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), source: 'api' })
}, 60000)
afterAll(async () => {
  await ctx?.close()
  await project?.cleanup()
})

test('a search filtered by an indexed equality answers as the same filter tested row by row', () => {
  fc.assert(fc.property(
    fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }), fc.constantFrom(...CATEGORIES, 'None'), fc.constantFrom('', '&locale=de', '&locale=en'),
    fc.constantFrom('', '&state=draft'), fc.integer({ min: 1, max: 3 }),
    (words, category, locale, state, page) => {
      const base = `search=${encodeURIComponent(words.join(' '))}${locale}${state}&paginate=5&page=${page}`
      const read = (where: string) => {
        const { data, meta } = JSON.parse(listEntries(ctx, 'notes', `${base}&${where}`, 'http://x').body as string) as { data: Array<{ uuid: string }>; meta: { total: number } }
        return { uuids: data.map((e) => e.uuid), total: meta.total }
      }
      expect(read(`where[category]=${category}`)).toEqual(read(`where[category][eq]=${category}`))
    },
  ), { numRuns: 60, seed: 2029 })
})
