import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'

/** The hosted service's own pagination template, when ../shared is present (skipped in a plain clone). */
const file = fileURLToPath(new URL('../../../../shared/fixtures/elmapi/pagination-example.json', import.meta.url))
const present = existsSync(file)

describe.skipIf(!present)('pagination-example template', () => {
  let project: TempProject
  let server: TestServer
  beforeAll(async () => {
    project = await makeProject(JSON.parse(readFileSync(file, 'utf8')))
    server = await startTestServer(project.contentDir)
  })
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  test('GET /articles lists all 40 as a plain array, the last template entry first', async () => {
    const list = (await (await server.request('/articles')).json()) as Array<{ fields: { title: string; views: number } }>
    expect(list).toHaveLength(40)
    expect(list[0]!.fields.title).toMatch(/^Article 40:/)
    expect(typeof list[0]!.fields.views).toBe('number')
  })

  test('paginate=15: three pages, the last one short', async () => {
    const body = (await (await server.request('/articles?paginate=15&page=3')).json()) as { data: unknown[]; meta: Record<string, unknown> }
    expect(body.data).toHaveLength(10)
    expect(body.meta).toMatchObject({ current_page: 3, from: 31, to: 40, last_page: 3, per_page: 15, total: 40 })
  })

  test('numbers compare numerically and sort numerically', async () => {
    const sorted = (await (await server.request('/articles?sort=views:desc&limit=40')).json()) as Array<{ fields: { views: number } }>
    const views = sorted.map((e) => e.fields.views)
    expect(views).toEqual([...views].sort((a, b) => b - a))
    const count = (await (await server.request(`/articles?where[views][gte]=${views[9]}&count`)).json()) as { count: number }
    expect(count.count).toBeGreaterThanOrEqual(10)
  })
})
