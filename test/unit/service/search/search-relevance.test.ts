import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createContext, type AppContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import { createApp } from '../../../../src/server/http/app.ts'
import { listEntries } from '../../../../src/service/entries/list.ts'
import { makeProject, type TempProject } from '../../../helpers/project.ts'
import { searchTemplate } from '../../../helpers/search-corpus.ts'

/**
 * Relevance on a corpus written for it (test/helpers/search-corpus.ts: 1,000 fillers in English
 * and German and planted articles): each query's best answer is fixed here by title. Through
 * the app in process (`GET /articles?search=`, `GET /_search`).
 */
let project: TempProject
let ctx: AppContext
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  project = await makeProject(searchTemplate())
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
const q = (s: string) => encodeURIComponent(s)
async function best(params: string): Promise<string | undefined> {
  const { status, body } = await get(`/articles?${params}`)
  expect(status, params).toBe(200)
  return (body as Array<{ fields: { title: string } }>)[0]?.fields.title
}

// [query parameters, expected best answer's title (null: nothing found)]
const CASES: Array<[string, string | null]> = [
  // stems
  [`search=${q('run')}`, 'Running in the rain'],
  [`search=${q('runs')}`, 'Running in the rain'],
  [`search=${q('running')}`, 'Running in the rain'],
  [`search=${q('Häuser')}`, 'Das alte Haus am See'],
  [`search=${q('haus')}&locale=de`, 'Das alte Haus am See'],
  [`search=${q('Bücher')}`, 'Ein Buch für lange Abende'],
  [`search=${q('Kathedrale')}`, 'Kathedralen in Frankreich'],
  [`search=${q('volcano')}`, 'Volcanoes of Iceland'],
  [`search=${q('bridge')}`, 'Bridges and tunnels'],
  [`search=${q('Baum')}`, 'Bäume im Winter'],
  // accents folded
  [`search=${q('muller')}`, 'Müllers Mühle'],
  [`search=${q('Mühle')}`, 'Müllers Mühle'],
  // prefix of the last word
  [`search=${q('photog')}`, 'Photography basics'],
  [`search=${q('kath')}`, 'Kathedralen in Frankreich'],
  [`search=${q('sourd')}`, 'Sourdough starter guide'],
  [`search=${q('bitter oran')}`, 'Marmalade from bitter oranges'],
  [`search=${q('andro')}`, 'Astronomy at home'],
  // one-letter typos
  [`search=${q('photograpy')}`, 'Photography basics'],
  [`search=${q('volcanos')}`, 'Volcanoes of Iceland'],
  [`search=${q('marmelade')}`, 'Marmalade from bitter oranges'],
  [`search=${q('cartografer')}`, 'The cartographer'],
  [`search=${q('knittng')}`, 'Knitting for beginners'],
  // words in the rich text body, markup left out
  [`search=${q('midnight lantern festival')}`, 'Bridges and tunnels'],
  [`search=${q('gulls')}`, 'Harbour notes'],
  [`search=${q('telescopes planets')}`, 'Astronomy at home'],
  // repeatable text
  [`search=${q('needles')}`, 'Knitting for beginners'],
  // with where and locale
  [`search=${q('garten')}&locale=de&where[category]=Reise`, 'Garten im Frühling'],
  [`search=${q('passau')}&locale=de`, 'Radfahren an der Donau'],
  [`search=${q('passau')}&locale=en`, 'Cycling the Danube'],
  [`search=${q('passau')}&where[category]=Travel`, 'Cycling the Danube'],
  [`search=${q('garden tools')}&locale=en&where[category]=Home`, 'Garden tools'],
  // nothing
  [`search=${q('xylophone')}`, null],
  [`search=${q('zebraquartz')}`, null], // only in a field left out of search
  [`search=${q('strong')}`, null], // markup, not text
  [`search=${q('lighthouse')}`, null], // only in a link's address (and in another collection)
  [`search=${q('glaciers')}`, null], // a draft: not in published reads
  [`search=${q('running')}&locale=de`, null],
  [`search=${q('qq')}`, null],
]

describe('search relevance', () => {
  test.each(CASES)('%s → %s', async (params, expected) => {
    expect(await best(params)).toBe(expected ?? undefined)
  })

  test('drafts are found with state=draft by a caller who may read them', async () => {
    expect((await get(`/articles?search=glaciers&state=draft`)).status).toBe(401)
    const body = JSON.parse(listEntries(ctx, 'articles', 'search=glaciers&state=draft', 'http://x').body)
    expect(body.map((e: { fields: { title: string } }) => e.fields.title)).toEqual(['Draft about glaciers'])
  })

  test('a sort orders the matches instead of relevance; pagination counts the matches', async () => {
    const { body } = await get(`/articles?search=passau&sort=title:asc&paginate=1`)
    expect(body.meta.total).toBe(2)
    expect(body.data[0].fields.title).toBe('Cycling the Danube')
    const page2 = await get(`/articles?search=passau&sort=title:asc&paginate=1&page=2`)
    expect(page2.body.data[0].fields.title).toBe('Radfahren an der Donau')
    expect((await get(`/articles?search=garden&count=1`)).body.count).toBeGreaterThan(100)
  })

  test('a word in the title ranks above the same word in the body; only the query locale stems it', async () => {
    const { body } = await get(`/articles?search=galaxy`)
    expect(body.map((e: { fields: { title: string } }) => e.fields.title)).toEqual(['Galaxy field guide', 'Astronomy at home'])
    const en = await get(`/articles?search=lantern&locale=en`)
    expect(en.body.map((e: { fields: { title: string } }) => e.fields.title)).toEqual(['Bridges and tunnels'])
  })

  test('GET /_search answers across collections, best first, with the fixed shape', async () => {
    const { status, body } = await get(`/_search?q=${q('lighthouse')}`)
    expect(status).toBe(200)
    expect(body.data).toEqual([{ collection: 'pages', uuid: expect.any(String), locale: 'en', score: expect.any(Number), title: 'About the lighthouse' }])
    const mixed = await get(`/_search?q=passau&limit=5`)
    expect(mixed.body.data.map((h: { title: string }) => h.title).sort()).toEqual(['Cycling the Danube', 'Radfahren an der Donau'])
    const de = await get(`/_search?q=passau&locale=de&collections=articles`)
    expect(de.body.data.map((h: { title: string; locale: string }) => [h.title, h.locale])).toEqual([['Radfahren an der Donau', 'de']])
  })

  test('bad search parameters are refused naming the parameter', async () => {
    expect((await get(`/_search`)).status).toBe(400)
    expect((await get(`/_search?q=a&limit=0`)).body.message).toMatch(/limit/)
    expect((await get(`/_search?q=a&collections=nope`)).body.message).toMatch(/collections.*nope/)
    expect((await get(`/_search?q=a&locale=xx`)).body.message).toMatch(/locale/)
    expect((await get(`/_search?q=a&page=2`)).body.message).toMatch(/"page"/)
    expect((await get(`/articles?search=${'a'.repeat(201)}`)).body.message).toMatch(/search/)
  })
})
