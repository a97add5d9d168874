import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isDeepStrictEqual } from 'node:util'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { openContent, type ContentReader } from '../../../src/reader/index.ts'
import type { EntryRecord } from '../../../src/core/types.ts'
import { richTemplate } from '../codegen/fixture.ts'

/**
 * The reader answers as the server does, byte for byte: the same corpus of reads against a
 * real server and a reader over the same content tree, before and after writes.
 */
const ADMIN = 'differential-test-admin-token'

describe('reader vs server (differential)', () => {
  let project: TempProject
  let server: TestServer
  let reader: ContentReader
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    project = await makeProject(await richTemplate())
    server = await startTestServer(project.contentDir)
    // The token `cms serve` gives CLI commands on the same machine: all abilities.
    server.ctx.localAdminToken = ADMIN
    reader = await openContent(project.contentDir, { baseUrl: server.url, watch: true })
    await reader.ready
    for (const slug of ['articles', 'authors', 'categories']) {
      const list = JSON.parse(await (await server.request(`/${slug}?state=draft&sort=created_at:asc`, { token: ADMIN })).text()) as Array<{ uuid: string; fields: Record<string, unknown> }>
      list.forEach((e, i) => (ids[`${slug}${i}`] = e.uuid))
    }
  })
  afterAll(async () => {
    await reader?.close()
    await server?.close()
    await project?.cleanup()
  })

  const corpus = (): string[] => [
    '/', '/?with=collections', '/?with=fields', '/collections', '/collections/articles', '/collections/settings', '/collections/nope',
    '/articles', '/articles?locale=en', '/articles?locale=de', '/articles?locale=fr',
    '/articles?state=draft', '/articles?state=only_draft', '/articles?state=published&locale=en',
    '/articles?where[featured]=1', '/articles?where[featured]=false', '/articles?where[title][like]=%25fog%25', '/articles?where[title][not_like]=%25fog%25',
    '/articles?where[reading_minutes][gt]=4', '/articles?where[reading_minutes][between]=3,6', '/articles?where[reading_minutes][not_between]=3,6',
    '/articles?where[reading_minutes][in]=4,7', '/articles?where[reading_minutes][not_in][]=4', '/articles?where[excerpt][null]=1', '/articles?where[excerpt][not_null]=1',
    '/articles?where[published_date][lt]=2025-04-01', '/articles?where[published_date][gte]=2025-04-01&state=draft',
    '/articles?where[slug]=morning-fog', '/articles?where[slug][not]=morning-fog', '/articles?where[tags]=food',
    '/articles?where[or][0][slug]=morning-fog&where[or][1][reading_minutes][gt]=5',
    '/articles?where[or][0][featured]=1&where[or][1][tags]=food&where[locale]=en',
    '/articles?where[author][name][like]=Maren%25', '/articles?where[author][name]=Tomas%20Reyes&state=draft',
    '/articles?where[categories][slug]=boats', '/articles?where[categories][name][in]=Boats,Food',
    '/articles?sort=title:asc', '/articles?sort=reading_minutes:desc,title:asc', '/articles?sort=published_date:desc&state=draft', '/articles?sort=created_at:desc',
    '/articles?paginate=2', '/articles?paginate=2&page=2', '/articles?paginate=2&page=9', '/articles?paginate=1&page=2&locale=en&sort=title:asc',
    '/articles?limit=1&offset=1', '/articles?first=1&sort=title:desc', '/articles?count=1', '/articles?count=1&where[featured]=1',
    '/articles?exclude=body,seo', '/articles?exclude[]=tags&exclude[]=author', '/articles?exclude=meta_title', '/articles?exclude=nosuch',
    '/articles?timestamps=1', '/articles?timestamps=1&state=draft&exclude=body',
    '/settings', '/settings?locale=de', '/settings?locale=fr', '/settings?exclude=tagline',
    '/authors', '/authors?sort=name:desc', '/categories?locale=de', '/categories?where[slug][in][]=boats&where[slug][in][]=food',
    `/articles/${ids.articles0}`, `/articles/${ids.articles0}?state=draft`, `/articles/${ids.articles0}?translation_locale=de`,
    `/articles/${ids.articles0}?translation_locale=fr`, `/articles/${ids.articles2}?translation_locale=de`,
    `/articles/${ids.articles3}`, `/articles/${ids.articles3}?state=draft&timestamps=1`, `/articles/${ids.articles1}?exclude=body`,
    `/categories/${ids.categories0}?translation_locale=de`, `/authors/${ids.authors0}`,
    '/articles/00000000-0000-4000-8000-000000000000', '/nope', '/articles?where[nosuch]=1', '/articles?sort=title:sideways', '/articles?where[title][bogus]=1',
    '/events', '/events?state=draft',
  ]

  async function compareAll(): Promise<number> {
    const queries = corpus()
    let compared = 0
    let succeeded = 0
    for (const path of queries) {
      // The reader reads the files (drafts included); the server shows drafts to a token with read only.
      const response = await server.request(path, /[?&]state=(?!published)/i.test(path) ? { token: ADMIN } : {})
      const expected = await response.text()
      let actual: string | { error: string }
      try {
        actual = reader.raw(path).body
      } catch (error) {
        actual = { error: (error as Error).message }
      }
      if (response.status === 200) {
        expect(actual, path).toBe(expected)
        succeeded++
      }
      else expect(actual, `${path} (server answered ${response.status})`).toEqual({ error: (JSON.parse(expected) as { message: string }).message })
      compared++
    }
    // Most of the corpus are answers, not errors.
    expect(succeeded).toBeGreaterThanOrEqual(55)
    return compared
  }

  it('answers at least 50 reads byte-for-byte as the server does', async () => {
    expect(corpus().length).toBeGreaterThanOrEqual(50)
    expect(await compareAll()).toBe(corpus().length)
  })

  it('still does after writes made through the server (the reader follows the files)', async () => {
    const seen: EntryRecord[] = []
    const waiters: Array<() => void> = []
    reader.onChange((change) => {
      if (change.kind === 'entry' && change.after) seen.push(change.after)
      for (const w of waiters.splice(0)) w()
    })
    const until = async (uuid: string) => {
      const want = server.ctx.store.findEntry(uuid)?.entry
      while (!seen.some((e) => isDeepStrictEqual(e, want))) await new Promise<void>((r) => waiters.push(r))
    }
    const created = await server.request('/articles', { method: 'POST', json: { data: { title: 'Nets drying on the wall', slug: 'nets', reading_minutes: 2, featured: true, tags: [{ value: 'boats' }], author: ids.authors1 }, state: 'published', locale: 'en' }, token: ADMIN })
    if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`)
    const uuid = ((await created.json()) as { data: { uuid: string } }).data.uuid
    await until(uuid)
    const patched = await server.request(`/articles/${ids.articles0}`, { method: 'PATCH', json: { data: { reading_minutes: 9 } }, token: ADMIN })
    expect(patched.status).toBe(200)
    const published = await server.request(`/articles/${ids.articles0}/publish`, { method: 'POST', token: ADMIN })
    expect(published.status).toBe(200)
    await until(ids.articles0!)
    const renamed = await server.request(`/authors/${ids.authors0}`, { method: 'PATCH', json: { data: { name: 'Maren Holt-Berg' }, state: 'published' }, token: ADMIN })
    expect(renamed.status).toBe(200)
    await until(ids.authors0!)
    expect(await compareAll()).toBeGreaterThanOrEqual(50)
    // The writes are visible in both.
    expect(reader.raw('/articles?where[slug]=nets').body).toContain('Nets drying on the wall')
    expect(reader.raw('/articles?where[author][name][like]=%25Holt-Berg').body).not.toBe('[]')
  }, 30_000)
})
