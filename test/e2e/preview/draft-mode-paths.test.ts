import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { smallBlogTemplate } from '../../helpers/templates.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { createDraftModeHandler } from '../../../src/next/draft-mode.ts'

/**
 * The Next.js draft-mode handler redirects to the path the site's `resolvePath` makes from an
 * entry, often from its fields, which editors write. A path that a browser would read as another
 * site must never become the redirect (test/unit/next/handlers.test.ts has the refusals before
 * the read; test/e2e/frameworks/next.test.ts the redirect inside a real app).
 */
let project: TempProject
let server: TestServer
let token: string
let uuid: string

beforeAll(async () => {
  project = await makeProject(smallBlogTemplate())
  server = await startTestServer(project.contentDir)
  const admin = (await createToken(server.ctx.store, { name: 'admin', abilities: ['*'] })).token
  const res = await server.request('/_admin/api/preview-tokens', { method: 'POST', token: admin, json: { ttl: '10m' } })
  expect(res.status).toBe(201)
  token = ((await res.json()) as { token: string }).token
  uuid = [...server.ctx.store.collection('posts')!.entries.values()][0]!.uuid
})
afterAll(async () => {
  await server?.close()
  await project?.cleanup()
})

describe('createDraftModeHandler: where it may send a person', () => {
  const hostile = ['//evil.example/x', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/x\r\n', 'https://evil.example', 'posts/x', '']
  for (const path of hostile) {
    it(`answers 500 and sets no cookie when resolvePath gives ${JSON.stringify(path)}`, async () => {
      const GET = createDraftModeHandler({ url: server.url, projectId: project.projectId, resolvePath: () => path })
      const res = await GET(new Request(`http://site.test/api/draft?collection=posts&uuid=${uuid}&token=${encodeURIComponent(token)}`))
      expect(res.status).toBe(500)
      expect(res.headers.get('location')).toBeNull()
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(await res.text()).toContain('resolvePath must return a path on this site')
    })
  }
})
