import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createContext, type AppContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import { createApp } from '../../../../src/server/http/app.ts'
import { createAppShell } from '../../../../src/server/http/app-shell.ts'
import { createLazyApp, mayMatch } from '../../../../src/server/http/lazy-app.ts'
import { ROUTE_GROUPS } from '../../../../src/server/http/route-groups.ts'
import { ROUTE_PATHS } from '../../../../src/server/http/route-paths.ts'
import { collectGroupPaths } from '../../../../src/server/http/route-inventory.ts'
import { makeProject, type TempProject } from '../../../helpers/project.ts'
import { smallBlogTemplate } from '../../../helpers/templates.ts'

/**
 * The app a command answers with in process loads route groups as requests need them
 * (lazy-app.ts): its route table and its answers are createApp's.
 */
const TOKEN = 'lazy-app-test-local-admin-token'
let project: TempProject
let ctx: AppContext

beforeAll(async () => {
  project = await makeProject(smallBlogTemplate())
  ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: {} }), source: 'cli', localAdminToken: TOKEN })
})
afterAll(async () => {
  await ctx?.close()
  await project?.cleanup()
})

describe('the route groups', () => {
  test('route-paths.ts is what each group registers (else: npm run routes:paths)', async () => {
    expect(ROUTE_PATHS).toEqual(await collectGroupPaths())
  })

  test('all groups, in their order, make createApp route table', async () => {
    const { app } = createAppShell(ctx)
    for (const group of ROUTE_GROUPS) (await group.load())(app, ctx)
    const table = (routes: typeof app.routes) => routes.map((r) => `${r.method} ${r.path} ${r.ability ?? '-'} ${r.summary}`)
    expect(table(app.routes)).toEqual(table(createApp(ctx).routes))
  })

  test('a path may match the patterns the router would match it to', () => {
    expect(mayMatch('/:collection', '/posts')).toBe(true)
    expect(mayMatch('/:collection', '/posts/')).toBe(true)
    expect(mayMatch('/collections/:slug', '/Collections/posts')).toBe(true)
    expect(mayMatch('/collections/:slug', '/%63ollections/posts')).toBe(true)
    expect(mayMatch('/_admin/**', '/_admin')).toBe(true)
    expect(mayMatch('/_admin/**', '/_admin/a/b/c')).toBe(true)
    expect(mayMatch('/_admin/**', '/posts')).toBe(false)
    expect(mayMatch('/collections/:slug', '/posts')).toBe(false)
    expect(mayMatch('/:collection/:uuid', '/a/b/c')).toBe(false)
  })
})

describe('answers', () => {
  const UUID = '0b5c1a8e-2f7d-4c1e-9a3b-5d6e7f809102'
  const REQUESTS: [string, string, Record<string, string>?, string?][] = [
    ['GET', '/'], ['GET', '/', { accept: 'text/html' }], ['GET', '/api'], ['GET', '/api/'],
    ['GET', '/project'], ['DELETE', '/project'], ['GET', '/Project'], ['GET', '/collections'], ['GET', '/collections/posts'],
    ['GET', '/collections/nope'], ['GET', '/posts'], ['GET', '/api/posts'], ['GET', '/posts?paginate=1'],
    ['GET', '/posts?where[views][gt]=x'], ['HEAD', '/posts'], ['GET', '/nope'], ['GET', `/posts/${UUID}`], ['GET', '/posts/not-a-uuid'],
    ['PUT', '/posts'], ['POST', '/posts', { 'content-type': 'application/json' }, '{"title":'],
    ['POST', '/posts', { 'content-type': 'application/json' }, '{"locale":"en","data":{"views":"many"}}'],
    ['GET', '//webhooks'], ['GET', '/webhooks'], ['PATCH', '/webhooks'], ['GET', '/files'], ['GET', `/files/${UUID}/download`],
    ['GET', '/_admin/api/tokens'], ['GET', '/_admin/overlay.js'], ['GET', '/favicon.ico'],
    ['GET', '/_schedule'], ['GET', '/_releases'], ['GET', '/_search?q=x'], ['GET', '/_translations'],
    ['GET', '/auth/me'], ['GET', '/_replica'], ['GET', '/a/b/c/d'], ['POST', '/collections/posts/fields', { 'content-type': 'application/json' }, '{}'],
    ['OPTIONS', '/posts', { origin: 'http://site.example', 'access-control-request-method': 'GET' }],
    ['GET', '/openapi.json'], ['GET', '/posts'],
  ]

  const answer = async (fetch: (r: Request) => Promise<Response> | Response, [method, path, headers, body]: (typeof REQUESTS)[number]) => {
    const res = await fetch(new Request(`http://127.0.0.1:4000${path}`, {
      method, body: body ?? null,
      headers: { 'project-id': ctx.store.project.uuid, authorization: `Bearer ${TOKEN}`, ...headers },
    }))
    const head = [...res.headers].filter(([k]) => k !== 'date').sort()
    return { status: res.status, head, body: await res.text() }
  }

  test('a fresh lazy app answers each request as createApp does', async () => {
    const app = createApp(ctx)
    for (const request of REQUESTS) {
      const lazy = createLazyApp(ctx)
      expect({ request, ...(await answer(lazy.fetch, request)) }).toEqual({ request, ...(await answer(app.fetch, request)) })
    }
  })

  test('a read loads the groups with a route for its method, not those that write on the same path', async () => {
    const lazy = createLazyApp(ctx)
    const routes = () => lazy.app.routes.map((r) => `${r.method} ${r.path}`)
    expect((await answer(lazy.fetch, ['GET', '/posts'])).status).toBe(200)
    expect(routes()).toContain('GET /:collection')
    expect(routes()).not.toContain('POST /:collection')
    // A method no loaded group has: every group with a route on the path, so the 405 lists them all.
    const put = await answer(lazy.fetch, ['PUT', '/posts'])
    expect(put.status).toBe(405)
    expect(routes()).toContain('POST /:collection')
  })

  test('one lazy app answers a sequence as createApp does, its route table in createApp order once all groups loaded', async () => {
    const app = createApp(ctx)
    const lazy = createLazyApp(ctx)
    for (const request of REQUESTS) expect({ request, ...(await answer(lazy.fetch, request)) }).toEqual({ request, ...(await answer(app.fetch, request)) })
    expect(lazy.app.routes.map((r) => `${r.method} ${r.path}`)).toEqual(app.routes.map((r) => `${r.method} ${r.path}`))
  })
})
