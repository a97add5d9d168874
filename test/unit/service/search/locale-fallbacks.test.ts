import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appendFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createContext, type AppContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import { createApp } from '../../../../src/server/http/app.ts'
import { getEntry } from '../../../../src/service/entries/list.ts'
import { field, makeProject, type TempProject } from '../../../helpers/project.ts'

/**
 * Locale fallbacks (`fallback=true`, `fallbacks:` in project.yaml): chains of two and three
 * locales, a missing middle locale, drafts never standing in for published translations,
 * singletons, pagination counts, single reads; without `fallback`, answers as before.
 */
const G = (n: number) => `0000000${n}-0000-4000-8000-000000000000`
const art = (id: string, locale: string, title: string, group: number | null, status = 'published') =>
  ({ id, locale, status, fields: { title }, ...(group ? { translation_group_id: G(group) } : {}) })

function template(): Record<string, unknown> {
  return {
    slug: 'fb', name: 'Fallbacks', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'de', 'de-AT', 'fr'], public_api: true,
    collections: [
      { name: 'Articles', slug: 'articles', is_singleton: false, fields: [field('title', 'text')] },
      { name: 'Settings', slug: 'settings', is_singleton: true, fields: [field('title', 'text')] },
    ],
    demo_data: [
      { collection: 'articles', entries: [
        art('g1en', 'en', 'one en', 1), art('g1de', 'de', 'one de', 1), art('g1at', 'de-AT', 'one at', 1),
        art('g2en', 'en', 'two en', 2), art('g2de', 'de', 'two de', 2),
        art('g3en', 'en', 'three en', 3),
        art('g4en', 'en', 'four en', 4), art('g4de', 'de', 'four de draft', 4, 'draft'),
        art('solo', 'fr', 'solo fr', null),
      ] },
      { collection: 'settings', entries: [art('s-en', 'en', 'site en', null), art('s-de', 'de', 'site de', null)] },
    ],
  }
}

let project: TempProject
let ctx: AppContext
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  project = await makeProject(template())
  await appendFile(join(project.contentDir, 'project.yaml'), 'fallbacks:\n  de-AT: [de, en]\n  de: [en]\n')
  ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), source: 'api' })
  app = createApp(ctx)
}, 60000)
afterAll(async () => {
  await ctx?.close()
  await project?.cleanup()
})

async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await app.fetch(new Request(`http://127.0.0.1${path}`, { headers: { 'project-id': project.projectId } }))
  return { status: res.status, body: await res.json() }
}
type Item = { locale: string; fields: { title: string } }
const answers = (items: Item[]) => items.map((e) => `${e.fields.title}|${e.locale}`).sort()

describe('locale fallbacks', () => {
  test('a three-locale chain: each group in its first locale present, a missing middle locale skipped', async () => {
    const { body } = await get('/articles?locale=de-AT&fallback=true')
    expect(answers(body)).toEqual(['four en|en', 'one at|de-AT', 'three en|en', 'two de|de'])
  })

  test('a two-locale chain', async () => {
    const { body } = await get('/articles?locale=de&fallback=true')
    expect(answers(body)).toEqual(['four en|en', 'one de|de', 'three en|en', 'two de|de'])
  })

  test('a locale without a chain falls back to the default locale; an entry without a group is its own', async () => {
    const { body } = await get('/articles?locale=fr&fallback=true')
    expect(answers(body)).toEqual(['four en|en', 'one en|en', 'solo fr|fr', 'three en|en', 'two en|en'])
  })

  test('drafts do not stand in for a published translation; with state=draft they count', async () => {
    expect(answers((await get('/articles?locale=de&fallback=true')).body)).toContain('four en|en')
    const ctxDrafts = JSON.parse((await import('../../../../src/service/entries/list.ts')).listEntries(ctx, 'articles', 'locale=de&fallback=true&state=draft', 'http://x').body) as Item[]
    expect(answers(ctxDrafts)).toEqual(['four de draft|de', 'one de|de', 'three en|en', 'two de|de'])
  })

  test('pagination counts the answers with fallbacks', async () => {
    const { body } = await get('/articles?locale=de-AT&fallback=true&paginate=3&sort=title:asc')
    expect(body.meta.total).toBe(4)
    expect(body.meta.last_page).toBe(2)
    expect(body.data.map((e: Item) => e.fields.title)).toEqual(['four en', 'one at', 'three en'])
    const page2 = await get('/articles?locale=de-AT&fallback=true&paginate=3&sort=title:asc&page=2')
    expect(page2.body.data.map((e: Item) => e.fields.title)).toEqual(['two de'])
    expect((await get('/articles?locale=de-AT&fallback=true&count=1')).body.count).toBe(4)
  })

  test('filters, search and fallbacks combine', async () => {
    expect(answers((await get('/articles?locale=de-AT&fallback=true&where[title][like]=%25en%25')).body)).toEqual(['four en|en', 'three en|en'])
    expect(answers((await get('/articles?locale=de-AT&fallback=true&search=two')).body)).toEqual(['two de|de'])
  })

  test('without fallback, answers are as before', async () => {
    expect(answers((await get('/articles?locale=de-AT')).body)).toEqual(['one at|de-AT'])
    expect((await get('/articles')).body).toHaveLength(8)
  })

  test('a single read answers the entry of its group first in the chain', async () => {
    const all = (await get('/articles?state=published')).body as Array<Item & { uuid: string }>
    const uuidOf = (title: string) => all.find((e) => e.fields.title === title)!.uuid
    const two = await get(`/articles/${uuidOf('two en')}?locale=de-AT&fallback=true`)
    expect([two.body.data.fields.title, two.body.data.locale]).toEqual(['two de', 'de'])
    const three = await get(`/articles/${uuidOf('three en')}?locale=de-AT&fallback=true`)
    expect([three.body.data.fields.title, three.body.data.locale]).toEqual(['three en', 'en'])
    expect((await get(`/articles/${uuidOf('solo fr')}?locale=de&fallback=true`)).status).toBe(404)
    const four = await get(`/articles/${uuidOf('four en')}?locale=de&fallback=true`)
    expect(four.body.data.locale).toBe('en')
    const draft = JSON.parse(getEntry(ctx, 'articles', uuidOf('four en'), 'locale=de&fallback=true&state=draft', 'http://x').body)
    expect(draft.data.fields.title).toBe('four de draft')
  })

  test('singletons follow the chain', async () => {
    expect((await get('/settings?locale=de-AT&fallback=true')).body).toMatchObject({ locale: 'de', fields: { title: 'site de' } })
    expect((await get('/settings?locale=fr&fallback=true')).body).toMatchObject({ locale: 'en', fields: { title: 'site en' } })
    expect((await get('/settings?locale=fr')).status).toBe(404)
  })

  test('fallback must be a flag', async () => {
    const { status, body } = await get('/articles?locale=de&fallback=maybe')
    expect(status).toBe(400)
    expect(body.message).toMatch(/fallback/)
  })
})
