import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { listingTemplate } from './fixture.ts'

describe('a query parameter that cannot be parsed is a 400 naming it, never every entry', () => {
  let project: TempProject
  let server: TestServer
  beforeAll(async () => {
    project = await makeProject(listingTemplate())
    server = await startTestServer(project.contentDir)
  })
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  for (const [query, name] of [['where[title=1', 'where[title'], ['where[[[=1', 'where[[['], ['where]=1', 'where]'], ['where[title]x=1', 'where[title]x']]) {
    test(`?${query}`, async () => {
      for (const prefix of ['', '/api']) {
        const res = await server.request(`${prefix}/articles?${query}`)
        expect(res.status).toBe(400)
        const body = await res.json() as { message: string }
        expect(body.message).toContain(`"${name}"`)
        expect(body.message).toMatch(/where\[field\]=value/)
      }
      // The same on a single-entry read and through the CLI's service call.
      expect((await server.request(`/articles/00000000-0000-4000-8000-000000000000?${query}`)).status).toBe(400)
    })
  }

  test('well-formed filters still work', async () => {
    const res = await server.request('/articles?where[category]=Tech&where[views][gt]=10&exclude[]=seo')
    expect(res.status).toBe(200)
    const list = await res.json() as Array<{ fields: { category: string } }>
    expect(list.length).toBeGreaterThan(0)
    expect(list.every((e) => e.fields.category === 'Tech')).toBe(true)
  })
})
