import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createContext, type AppContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import { createApp } from '../../../../src/server/http/app.ts'
import { createToken } from '../../../../src/service/tokens/manage.ts'
import { translationGaps } from '../../../../src/service/entries/translation-report.ts'
import { slicing } from '../../../../src/query/steps.ts'
import { field, makeProject, type TempProject } from '../../../helpers/project.ts'

/**
 * `GET /_translations?entries=…` (the editor's "Not yet in German" on lists and forms): each
 * entry's missing locales through its group, for every member of the group, not only its source;
 * drafts count with state=draft; `summary=true` answers Home's counts alone.
 */
const G = (n: number) => `0000000${n}-0000-4000-8000-000000000000`
const art = (id: string, locale: string, title: string, group: number | null, status = 'published') =>
  ({ id, locale, status, fields: { title }, ...(group ? { translation_group_id: G(group) } : {}) })

let project: TempProject
let ctx: AppContext
let app: ReturnType<typeof createApp>
let token: string
let uuidOf: (title: string) => string

beforeAll(async () => {
  project = await makeProject({
    slug: 'te', name: 'Translation entries', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'de', 'fr'], public_api: true,
    collections: [
      { name: 'Articles', slug: 'articles', is_singleton: false, fields: [field('title', 'text')] },
      { name: 'Settings', slug: 'settings', is_singleton: true, fields: [field('title', 'text')] },
    ],
    demo_data: [
      { collection: 'articles', entries: [
        art('a-en', 'en', 'all en', 1), art('a-de', 'de', 'all de', 1), art('a-fr', 'fr', 'all fr', 1),
        art('p-en', 'en', 'pair en', 2), art('p-de', 'de', 'pair de', 2),
        art('d-en', 'en', 'draft en', 3), art('d-fr', 'fr', 'draft fr', 3, 'draft'),
        art('solo', 'de', 'solo de', null),
      ] },
      { collection: 'settings', entries: [art('s-en', 'en', 'site en', null), art('s-de', 'de', 'site de', null)] },
    ],
  })
  ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), source: 'api' })
  app = createApp(ctx)
  token = (await createToken(ctx.store, { name: 'editor', abilities: ['read'] })).token
  const all = (await get('/articles?state=draft')).body as Array<{ uuid: string; fields: { title: string } }>
  uuidOf = (title) => all.find((e) => e.fields.title === title)!.uuid
}, 60000)
afterAll(async () => {
  await ctx?.close()
  await project?.cleanup()
})

async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await app.fetch(new Request(`http://127.0.0.1${path}`, { headers: { 'project-id': project.projectId, authorization: `Bearer ${token}` } }))
  return { status: res.status, body: await res.json() }
}

describe('GET /_translations?entries=', () => {
  test('every member of a group says what its group lacks, not only the source', async () => {
    const titles = ['all en', 'all de', 'pair en', 'pair de', 'solo de']
    const { status, body } = await get(`/_translations?collections=articles&entries=${titles.map((t) => uuidOf(t)).join(',')}`)
    expect(status).toBe(200)
    expect(body).toEqual({ entries: {
      [uuidOf('all en')]: [], [uuidOf('all de')]: [],
      [uuidOf('pair en')]: ['fr'], [uuidOf('pair de')]: ['fr'],
      [uuidOf('solo de')]: ['en', 'fr'],
    } })
  })

  test('drafts count as present with state=draft; a draft is not in a published answer', async () => {
    const en = uuidOf('draft en'), fr = uuidOf('draft fr')
    expect((await get(`/_translations?entries=${en},${fr}`)).body.entries).toEqual({ [en]: ['de', 'fr'] })
    expect((await get(`/_translations?state=draft&entries=${en},${fr}`)).body.entries).toEqual({ [en]: ['de'], [fr]: ['de'] })
  })

  test('a singleton\'s entries are one group; unknown uuids are left out', async () => {
    const settings = (await get('/settings?state=draft&locale=en')).body as { uuid: string }
    const unknown = '99999999-0000-4000-8000-000000000000'
    expect((await get(`/_translations?collections=settings&entries=${settings.uuid},${unknown}`)).body.entries).toEqual({ [settings.uuid]: ['fr'] })
  })

  test('summary=true answers the per-locale counts alone, the same as the full report\'s', async () => {
    const full = (await get('/_translations?state=draft')).body
    const summary = (await get('/_translations?state=draft&summary=true')).body
    expect(summary).toEqual({ locales: full.locales })
    // articles: 4 groups (all, pair, draft, solo), settings: 1.
    expect(summary.locales).toEqual({ en: { present: 4, total: 5 }, de: { present: 4, total: 5 }, fr: { present: 2, total: 5 } })
  })

  test('a server runs the report in slices (every few entries here) and answers the same', async () => {
    const saved = { ...slicing }
    Object.assign(slicing, { rows: 2, ms: 0 })
    try {
      for (const query of ['state=draft', 'state=draft&summary=true', '']) {
        const sliced = await translationGaps({ ...ctx, slicedLists: true }, query)
        expect(sliced, query).toEqual((await get(`/_translations?${query}`)).body)
      }
    } finally {
      Object.assign(slicing, saved)
    }
  })

  test('bad parameters are a 400 naming them', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `e${i}`).join(',')
    for (const [query, word] of [[`entries=${many}`, 'entries'], ['entries=a&entries=b', 'entries'], ['summary=maybe', 'summary'], ['entries=a&summary=true', 'summary'], ['colour=red', 'colour']] as const) {
      const { status, body } = await get(`/_translations?${query}`)
      expect(status, word).toBe(400)
      expect(body.message, word).toContain(word)
    }
  })
})
