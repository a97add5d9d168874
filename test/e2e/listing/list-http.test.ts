import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { ARTICLES, categoryOf, isPublished, listingTemplate } from './fixture.ts'

type Entry = { uuid: string; locale: string; published_at: string | null; fields: Record<string, unknown>; created_at?: string; updated_at?: string }
type Envelope = { data: Entry[]; links: Record<string, string | null>; meta: Record<string, unknown> }

let project: TempProject
let server: TestServer
/** Drafts need a token with read (docs/security.md); published reads stay anonymous. */
let readToken: string
const published = Array.from({ length: ARTICLES }, (_, k) => k + 1).filter(isPublished).reverse() // newest first
const titleNo = (e: Entry) => Number(/Article (\d+)/.exec(String(e.fields.title))![1])

beforeAll(async () => {
  project = await makeProject(listingTemplate())
  server = await startTestServer(project.contentDir)
  readToken = (await createToken(server.ctx.store, { name: 'reader', abilities: ['read'] })).token
})
afterAll(async () => {
  await server?.close()
  await project?.cleanup()
})

const get = async <T = unknown>(path: string, headers?: Record<string, string>) => {
  const drafts = /[?&]state=(?!published)/i.test(path)
  const res = await server.request(path, { ...(headers ? { headers } : {}), ...(drafts ? { token: readToken } : {}) })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: (text ? JSON.parse(text) : null) as T }
}

describe('plain list', () => {
  test('published entries, newest first, as a plain array', async () => {
    const r = await get<Entry[]>('/articles')
    expect(r.status).toBe(200)
    expect(r.json.map(titleNo)).toEqual(published)
    expect(Object.keys(r.json[0]!)).toEqual(['uuid', 'locale', 'published_at', 'fields'])
  })

  test('entry shaping: hidden and password fields absent, repeatable as plain arrays, relations expanded, enumeration array', async () => {
    const [first] = (await get<Entry[]>('/articles?where[title]=Article 21 delta')).json
    const fields = first!.fields
    expect(fields).not.toHaveProperty('secret')
    expect(fields).not.toHaveProperty('internal')
    expect(fields.tags).toEqual(['t1', 't21'])
    expect(fields.kind).toEqual(['x'])
    expect(fields.views).toBe(210)
    expect(fields.author).toMatchObject({ locale: 'en', fields: { name: 'Ada' } })
    expect((fields.author as Entry).fields).not.toHaveProperty('email')
    expect(fields.seo).toEqual({ meta_title: 'Meta 21', meta_description: 'desc', social: { og_title: 'OG 21', og_image: 'img' } })
  })

  test('a relation to itself gives a stub with the uuid only; others are expanded one level', async () => {
    const [a2] = (await get<Entry[]>('/articles?where[title]=Article 2')).json
    const related = a2!.fields.related as Entry[]
    expect(related[0]).toEqual({ uuid: a2!.uuid })
    expect(related[1]).toMatchObject({ fields: { title: 'Article 3 delta' } })
    expect((related[1]!.fields.author as { uuid: string })).toEqual({ uuid: expect.any(String) })
  })

  test('unknown collection is 404 Collection not found.', async () => {
    const r = await get('/nope')
    expect(r.status).toBe(404)
    expect(r.json).toEqual({ message: 'Collection not found.' })
  })

  test('limit and offset; offset ignored without limit', async () => {
    expect((await get<Entry[]>('/articles?limit=3&offset=2')).json.map(titleNo)).toEqual(published.slice(2, 5))
    expect((await get<Entry[]>('/articles?offset=2')).json.map(titleNo)).toEqual(published)
  })

  test('locale filter and where on several operators', async () => {
    const fr = (await get<Entry[]>('/articles?locale=fr')).json
    expect(fr.length).toBeGreaterThan(0)
    expect(fr.every((e) => e.locale === 'fr')).toBe(true)
    const r = await get<Entry[]>('/articles?where[views][gte]=100&where[views][lt]=150&where[category]=tech&sort=views:asc')
    expect(r.json.map(titleNo)).toEqual([10, 11, 12, 13, 14].filter((i) => isPublished(i) && categoryOf(i) === 'Tech'))
    expect((await get<Entry[]>('/articles?where[title][like]=%25delta&where[author][name]=Ada')).json.map(titleNo)).toEqual(published.filter((i) => i % 2 === 1))
    expect((await get<Entry[]>('/articles?where[or][0][views]=10&where[or][1][views]=20')).json.map(titleNo)).toEqual([2, 1])
  })

  test('sort on numbers is numeric and works on every key', async () => {
    expect((await get<Entry[]>('/articles?sort=views:desc')).json.map(titleNo)).toEqual([...published].sort((a, b) => b - a))
    const r = (await get<Entry[]>('/articles?sort=category:asc,views:DESC')).json.map(titleNo)
    const expected = [...published].sort((a, b) => categoryOf(a).localeCompare(categoryOf(b)) || b - a)
    expect(r).toEqual(expected)
  })
})

describe('paginated envelope', () => {
  const per = 6
  const total = published.length // 20
  const lastPage = Math.ceil(total / per) // 4

  test.each([1, 2, 4])('page %i: data, links and meta', async (page) => {
    const r = await get<Envelope>(`/articles?paginate=${per}&page=${page}&locale=`)
    expect(r.status).toBe(200)
    expect(Object.keys(r.json)).toEqual(['data', 'links', 'meta'])
    expect(r.json.data.map(titleNo)).toEqual(published.slice((page - 1) * per, page * per))
    const path = `${server.url}/articles`
    const link = (p: number) => `${path}?paginate=${per}&locale=&page=${p}`
    expect(r.json.links).toEqual({ first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null })
    expect(r.json.meta).toEqual({
      current_page: page, from: (page - 1) * per + 1, last_page: lastPage, path, per_page: per, to: Math.min(page * per, total), total,
    })
  })

  test('page defaults to 1; a page past the end is empty with correct meta', async () => {
    expect((await get<Envelope>(`/articles?paginate=${per}`)).json.meta.current_page).toBe(1)
    const r = await get<Envelope>(`/articles?paginate=${per}&page=9`)
    expect(r.json.data).toEqual([])
    expect(r.json.meta).toMatchObject({ current_page: 9, from: null, to: null, total, last_page: lastPage })
    expect(r.json.links.next).toBeNull()
  })

  test('paginate beats limit and offset', async () => {
    const r = await get<Envelope>('/articles?paginate=2&limit=1&offset=5')
    expect(r.json.data.map(titleNo)).toEqual(published.slice(0, 2))
  })
})

describe('count, first, exclude, timestamps', () => {
  test('count is the full filtered total, ignoring limit, offset and paginate', async () => {
    expect((await get('/articles?count')).json).toEqual({ count: published.length })
    expect((await get('/articles?count=1&paginate=2&limit=1&offset=3&where[featured]=true')).json).toEqual({ count: published.filter((i) => i % 2 === 0).length })
    expect((await get<Entry[]>('/articles?count=0&limit=1')).json).toHaveLength(1)
  })

  test('first gives one object, 404 Content not found. when none match', async () => {
    const r = await get<Entry>('/articles?first&sort=views:asc')
    expect(titleNo(r.json)).toBe(1)
    const none = await get('/articles?first=true&where[views][gt]=100000')
    expect(none.status).toBe(404)
    expect(none.json).toEqual({ message: 'Content not found.' })
  })

  test('exclude top-level fields, group children and nested group children, as a list or exclude[]', async () => {
    const [a] = (await get<Entry[]>('/articles?exclude=tags,seo&limit=1')).json
    expect(a!.fields).not.toHaveProperty('tags')
    expect(a!.fields).not.toHaveProperty('seo')
    const [b] = (await get<Entry[]>('/articles?exclude[]=meta_title&exclude[]=og_image&limit=1')).json
    expect(b!.fields.seo).toEqual({ meta_description: 'desc', social: { og_title: expect.any(String) } })
    expect(b!.fields).toHaveProperty('title')
  })

  test('timestamps adds created_at and updated_at; timestamps=0 does not', async () => {
    const [a] = (await get<Entry[]>('/articles?timestamps&limit=1')).json
    expect(Object.keys(a!)).toEqual(['uuid', 'locale', 'published_at', 'fields', 'created_at', 'updated_at'])
    const [b] = (await get<Entry[]>('/articles?timestamps=0&limit=1')).json
    expect(b).not.toHaveProperty('created_at')
  })
})

describe('states', () => {
  test('draft lists every entry, only_draft the unpublished ones', async () => {
    expect((await get<Entry[]>('/articles?state=draft')).json).toHaveLength(ARTICLES)
    expect((await get<Entry[]>('/articles?state=with_draft')).json).toHaveLength(ARTICLES)
    expect((await get<Entry[]>('/articles?state=only_draft')).json.map(titleNo)).toEqual([25, 20, 15, 10, 5])
  })

  test('after a draft edit: published serves and filters on the snapshot, draft on the live values; only the changed answers get new ETags', async () => {
    const list = (await get<Entry[]>('/articles?where[title]=Article 7 delta')).json
    const uuid = list[0]!.uuid
    const before = await get('/articles?state=draft&where[title]=Draft 7')
    const etagBefore = (await get('/articles')).headers.get('etag')!
    const draftEtagBefore = (await get('/articles?state=draft')).headers.get('etag')
    const index = server.ctx.store.collection('articles')!
    const record = index.entries.get(uuid)!
    await server.ctx.store.putEntry('articles', { ...record, fields: { ...record.fields, title: 'Draft 7' }, updated_at: new Date().toISOString() }, 'api')
    expect(before.json).toEqual([])
    expect((await get<Entry[]>('/articles?where[title]=Article 7 delta')).json.map((e) => e.uuid)).toEqual([uuid])
    expect((await get<Entry[]>('/articles?where[title]=Draft 7')).json).toEqual([])
    const draft = (await get<Entry[]>('/articles?state=draft&where[title]=Draft 7')).json
    expect(draft.map((e) => e.fields.title)).toEqual(['Draft 7'])
    expect((await get<{ data: Entry }>(`/articles/${uuid}`)).json.data.fields.title).toBe('Article 7 delta')
    expect((await get<{ data: Entry }>(`/articles/${uuid}?state=draft`)).json.data.fields.title).toBe('Draft 7')
    // The published list reads the same bytes as before: the same ETag, and a revalidation still 304.
    expect((await get('/articles')).headers.get('etag')).toBe(etagBefore)
    expect((await get('/articles', { 'if-none-match': etagBefore })).status).toBe(304)
    expect((await get('/articles?state=draft')).headers.get('etag')).not.toBe(draftEtagBefore)
  })
})

describe('singleton', () => {
  test('one object in the default locale, or the locale asked for; 404 when none', async () => {
    expect((await get<Entry>('/settings')).json).toMatchObject({ locale: 'en', fields: { site_name: 'Harbour' } })
    expect((await get<Entry>('/settings?locale=fr')).json).toMatchObject({ locale: 'fr', fields: { site_name: 'Port' } })
    const none = await get('/settings?locale=de')
    expect(none.status).toBe(404)
    expect(none.json).toEqual({ message: 'Content not found.' })
  })
})

describe('single entry', () => {
  test('{data: entry}, honouring exclude and timestamps', async () => {
    const [a] = (await get<Entry[]>('/articles?limit=1')).json
    const r = await get<{ data: Entry }>(`/articles/${a!.uuid}?exclude=seo&timestamps`)
    expect(r.status).toBe(200)
    expect(r.json.data.uuid).toBe(a!.uuid)
    expect(r.json.data.fields).not.toHaveProperty('seo')
    expect(r.json.data).toHaveProperty('created_at')
    expect(r.headers.get('etag')).toMatch(/^"/)
  })

  test('404 when absent, in another collection, or never published (published state)', async () => {
    const [author] = (await get<Entry[]>('/authors')).json
    const [draft] = (await get<Entry[]>('/articles?state=only_draft')).json
    for (const path of ['/articles/00000000-0000-4000-8000-000000000000', `/articles/${author!.uuid}`, `/articles/${draft!.uuid}`, '/articles/not-a-uuid']) {
      const r = await get(path)
      expect(r.status, path).toBe(404)
      expect(r.json).toEqual({ message: 'Content not found.' })
    }
    expect((await get(`/articles/${draft!.uuid}?state=draft`)).status).toBe(200)
  })

  test('translation_locale returns the linked entry in that locale', async () => {
    const en = (await get<Entry[]>('/articles?where[title]=Article 1 delta')).json[0]!
    const r = await get<{ data: Entry }>(`/articles/${en.uuid}?translation_locale=fr`)
    expect(r.status).toBe(200)
    expect(r.json.data).toMatchObject({ locale: 'fr', fields: { title: 'Article 4' } })
    expect((await get(`/articles/${en.uuid}?translation_locale=de`)).json).toEqual({ message: "Translation not found for locale 'de'." })
    const other = (await get<Entry[]>('/articles?where[title]=Article 3 delta')).json[0]!
    expect((await get(`/articles/${other.uuid}?translation_locale=fr`)).json).toEqual({ message: 'This entry has no translations linked.' })
  })
})

describe('ETag and revalidation', () => {
  test('an ETag names the bytes sent: the body\'s SHA-1 (as the static export\'s manifest has it), for lists, pages, counts, singletons and entries', async () => {
    const named = (text: string) => `"${createHash('sha1').update(text).digest('base64url').slice(0, 27)}"`
    const [a] = (await get<Entry[]>('/articles?limit=1')).json
    for (const path of ['/articles', '/articles?paginate=5&page=2', '/articles?where[views][gte]=0&count=1', '/settings?locale=fr', `/articles/${a!.uuid}`, '/articles?where[title]=Nobody']) {
      const r = await get(path)
      expect(r.status, path).toBe(200)
      expect(r.headers.get('etag'), path).toBe(named(r.text))
    }
  })

  test('If-None-Match gives 304 with no body; Cache-Control no-cache', async () => {
    const first = await get('/articles?paginate=5')
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const again = await get('/articles?paginate=5', { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect((await get('/articles?paginate=5', { 'if-none-match': `W/${etag}, "other"` })).status).toBe(304)
    expect((await get('/articles?paginate=6', { 'if-none-match': etag })).status).toBe(200)
    const [a] = (await get<Entry[]>('/articles?limit=1')).json
    const one = await get(`/articles/${a!.uuid}`)
    expect((await get(`/articles/${a!.uuid}`, { 'if-none-match': one.headers.get('etag')! })).status).toBe(304)
  })
})

describe('400s', () => {
  test.each([
    ['where[nope]=1', 'unknown field "nope"'],
    ['where[title][approx]=x', 'unknown operator "approx"'],
    ['paginate=0', 'paginate'],
    ['paginate=5&page=-1', 'page'],
    ['limit=abc', 'limit'],
    ['sort=views:up', 'sort direction'],
    ['sort=views:desc:x', 'sort parameter is malformed'],
    ['sort=nope', 'unknown field "nope"'],
    ['where[views][between]=1', 'needs exactly two values'],
    ['where[views]=lots', 'not a valid number'],
    ['exclude=nope', 'unknown field "nope"'],
    ['state=archived', 'state'],
    ['where[__proto__][title]=x', '__proto__'],
    ['where[constructor][title]=x', 'constructor'],
    ['a[b][c][d][e][f][g]=1', 'nested'],
    [Array.from({ length: 120 }, (_, i) => `p${i}=1`).join('&'), 'parameters'],
  ])('%s', async (query, fragment) => {
    const r = await get<{ message: string }>(`/articles?${query}`)
    expect(r.status).toBe(400)
    expect(Object.keys(r.json)).toEqual(['message'])
    expect(r.json.message).toContain(fragment)
  })
})
