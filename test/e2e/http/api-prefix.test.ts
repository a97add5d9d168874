import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { sharedFixture } from '../../helpers/templates.ts'
import { listingTemplate } from '../listing/fixture.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { createSdkClient } from './sdk-client.ts'

describe('every API route also under /api (the hosted service\'s base URL)', () => {
  let project: TempProject
  let server: TestServer
  let token: string
  beforeAll(async () => {
    project = await makeProject(listingTemplate())
    server = await startTestServer(project.contentDir)
    token = (await createToken(server.ctx.store, { name: 'site', abilities: ['read', 'create', 'update', 'delete'] })).token
  })
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  test('an SDK-style client with basePath <url>/api lists, gets and creates', async () => {
    const sdk = createSdkClient({ basePath: `${server.url}/api`, projectId: project.projectId, token })
    const info = await sdk.getProject()
    expect(info.uuid).toBe(project.projectId)
    const collections = await sdk.getCollections()
    expect(collections.map((c: { slug: string }) => c.slug)).toContain('articles')
    const list = await sdk.getEntries('articles', { where: { category: 'Tech' }, sort: 'views:asc' })
    expect(list.length).toBeGreaterThan(0)
    expect(list.every((e: { fields: { category: string } }) => e.fields.category === 'Tech')).toBe(true)
    const one = await sdk.getEntry('articles', list[0].uuid)
    expect(one.data.uuid).toBe(list[0].uuid)
    const created = await sdk.createEntry('articles', { state: 'published', data: { title: 'Via /api', views: 7 } })
    expect(created.data.uuid).toMatch(/^[0-9a-f-]{36}$/)
    const again = await sdk.getEntry('articles', created.data.uuid)
    expect(again.data.fields.title).toBe('Via /api')
  })

  test('pagination links and meta.path follow the prefix the request used (fast path and h3 path)', async () => {
    for (const prefix of ['/api', '']) {
      const viaNode = await (await server.request(`${prefix}/articles?paginate=5&page=2`)).json() as { links: Record<string, string | null>; meta: { path: string } }
      expect(viaNode.meta.path).toBe(`${server.url}${prefix}/articles`)
      expect(viaNode.links.next).toBe(`${server.url}${prefix}/articles?paginate=5&page=3`)
      const viaH3 = await (await server.app.fetch(new Request(`http://127.0.0.1${prefix}/articles?paginate=5&page=2`, { headers: { 'project-id': project.projectId } }))).json() as { meta: { path: string } }
      expect(viaH3.meta.path).toBe(`http://127.0.0.1${prefix}/articles`)
    }
  })

  test('errors, 404s and 405s look the same under /api', async () => {
    const missing = await server.request('/api/nope')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: 'Collection not found.' })
    const wrongMethod = await server.request('/api/collections', { method: 'DELETE' })
    expect(wrongMethod.status).toBe(405)
    const noProject = await fetch(`${server.url}/api/articles`)
    expect(noProject.status).toBe(await (await fetch(`${server.url}/articles`)).status)
  })
})

const pagination = sharedFixture('pagination-example.json')

describe.skipIf(!pagination)('the hosted service\'s pagination example through /api (../shared)', () => {
  let project: TempProject
  let server: TestServer
  beforeAll(async () => {
    project = await makeProject(pagination!)
    server = await startTestServer(project.contentDir)
  })
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  test('ELMAPI_API_URL=<host>/api: lists, paginates and gets', async () => {
    const sdk = createSdkClient({ basePath: `${server.url}/api`, projectId: project.projectId })
    const all = await sdk.getEntries('articles')
    expect(all).toHaveLength(40)
    const page = await sdk.getEntries('articles', { paginate: 15, page: 3 })
    expect(page.data).toHaveLength(10)
    expect(page.meta.path).toBe(`${server.url}/api/articles`)
    expect(page.links.first).toBe(`${server.url}/api/articles?paginate=15&page=1`)
    expect((await sdk.getEntry('articles', all[0].uuid)).data.uuid).toBe(all[0].uuid)
  })
})
