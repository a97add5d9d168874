import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../../src/client/index.ts'
import { generateTypes } from '../../../src/codegen/types.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { richTemplate } from '../codegen/fixture.ts'
import type { Collections, CollectionWhere, ArticlesEntry } from './cms-types.ts'

const ADMIN = 'client-test-admin-token'

describe('typed client', () => {
  let project: TempProject
  let server: TestServer

  beforeAll(async () => {
    project = await makeProject(await richTemplate())
    server = await startTestServer(project.contentDir)
    server.ctx.localAdminToken = ADMIN
  })
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  it('is typed by a generated file that is fresh for the fixture (as `cms types --check` would say)', async () => {
    const committed = await readFile(fileURLToPath(new URL('./cms-types.ts', import.meta.url)), 'utf8')
    expect(committed).toBe(generateTypes(server.ctx.store.sortedCollections()))
  })

  it('lists, gets, creates and publishes against a running server', async () => {
    const cms = createClient<Collections, CollectionWhere>({ baseUrl: server.url, projectId: server.ctx.store.project.uuid, token: ADMIN })
    const featured: ArticlesEntry[] = await cms.entries('articles').list({ locale: 'en', where: { featured: true, reading_minutes: { gte: 1 } }, sort: 'title:asc' })
    expect(featured.map((a) => a.fields.title)).toEqual(['The morning the fog came in'])
    const page = await cms.entries('articles').list({ paginate: 1, page: 2, locale: 'en', sort: 'title:asc' })
    expect(page.meta.total).toBe(2)
    expect(page.data[0]?.fields.title).toBe('The morning the fog came in')
    const { count } = await cms.entries('articles').list({ count: true })
    expect(count).toBe(3)

    const created = await cms.entries('articles').create({ title: 'Tide tables explained', slug: 'tides', reading_minutes: 3 }, { locale: 'en' })
    expect(created.data.published_at).toBeNull()
    const draft = await cms.entries('articles').get(created.data.uuid, { state: 'draft' })
    expect(draft.data.fields.reading_minutes).toBe(3)
    await cms.entries('articles').publish(created.data.uuid)
    const published = await cms.entries('articles').get(created.data.uuid)
    expect(published.data.fields.title).toBe('Tide tables explained')
    expect(published.data.published_at).not.toBeNull()
    const updated = await cms.entries('articles').update(created.data.uuid, { excerpt: 'High and low.' })
    expect(updated.data.fields.excerpt).toBe('High and low.')

    const settings = await cms.entries('settings').list({ locale: 'de', first: true })
    expect(settings.fields.site_name).toBe('Hafennotizen')
    expect(((await cms.collections()) as Array<{ slug: string }>).map((c) => c.slug)).toContain('events')
    await expect(cms.entries('articles').get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 })
    // The hosted service's form of the base URL works too; links then follow the prefix.
    const viaApi = createClient<Collections, CollectionWhere>({ baseUrl: `${server.url}/api/`, projectId: server.ctx.store.project.uuid })
    const paged = await viaApi.entries('articles').list({ paginate: 1, locale: 'en' })
    expect(paged.meta.path).toBe(`${server.url}/api/articles`)
  })

  it('type errors are caught at compile time (checked by `npm run typecheck`)', () => {
    const cms = createClient<Collections, CollectionWhere>({ baseUrl: server.url, projectId: 'x' })
    const typeOnly = () => {
      // @ts-expect-error: not a collection
      void cms.entries('nope')
      // @ts-expect-error: like is not valid on a number field
      void cms.entries('articles').list({ where: { reading_minutes: { like: '3' } } })
      // @ts-expect-error: unknown field in where
      void cms.entries('articles').list({ where: { titel: 'x' } })
    }
    expect(typeof typeOnly).toBe('function')
  })
})
