import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { serve, type ServeProcess } from '../../helpers/cli.ts'

/**
 * Issue 12, defect 6: one `like` GET with stacked `%` groups held the event loop forever
 * (a backtracking regex). The server runs in its own process so a hang fails this test by
 * timeout instead of freezing the test runner.
 */
let project: TempProject
let server: ServeProcess

beforeAll(async () => {
  project = await makeProject({
    format: 'elmapicms', version: 1, type: 'project', name: 'Like', default_locale: 'en', locales: ['en'], public_api: true,
    collections: [{ name: 'Posts', slug: 'posts', is_singleton: false, fields: [field('content', 'longtext')] }],
    demo_data: [{ collection: 'posts', entries: Array.from({ length: 40 }, (_, i) => ({ id: `p${i}`, locale: 'en', state: 'published', fields: { content: `${'e'.repeat(60 + i)}${i === 7 ? '!!' : ''}` } })) }],
  })
  server = await serve(['--dir', project.contentDir, '--host', '127.0.0.1'])
})
afterAll(async () => {
  server?.child.kill('SIGKILL')
  await server?.exited
  await project?.cleanup()
})

describe('like with stacked % groups', () => {
  test('answers promptly with the right entries, and the server keeps answering', async () => {
    const get = (query: string) => fetch(`${server.url}/posts?${query}`, { headers: { 'project-id': project.projectId, accept: 'application/json' }, signal: AbortSignal.timeout(10_000) })
    const res = await get('where[content][like]=%25e%25e%25e%25e%25e%25e%25e%25e%25!!')
    expect(res.status).toBe(200)
    const body = await res.json() as Array<{ fields: { content: string } }>
    expect(body.map((e) => e.fields.content)).toEqual([`${'e'.repeat(67)}!!`])
    const after = await get('where[content][not_like]=%25e%25e%25e%25e%25e%25e%25e%25e%25e%25e%25e%25e%25!')
    expect(after.status).toBe(200)
    expect(await after.json()).toHaveLength(39)
  })
})
