import { afterAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { checkQuery } from '../../../src/server/access/request-limits.ts'
import { rawRequest } from './helpers.ts'

const cleanup: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

async function serve(env: Record<string, string> = {}, api: 'public' | 'private' = 'public'): Promise<{ server: TestServer; project: TempProject; full: string }> {
  const project = await makeProject(blogTemplate())
  const server = await startTestServer(project.contentDir, { env })
  cleanup.push(async () => { await server.close(); await project.cleanup() })
  await server.ctx.store.putProject({ ...server.ctx.store.project, api }, 'cli')
  const full = (await createToken(server.ctx.store, { name: 'full', abilities: ['*'] })).token
  return { server, project, full }
}

const preflight = (server: TestServer, origin: string, method: string) =>
  fetch(`${server.url}/articles`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'project-id, authorization, content-type' } })

describe('CORS', () => {
  it('by default lets any origin read a public project, and nothing more', async () => {
    const { server, full } = await serve()
    const read = await server.request('/articles', { headers: { origin: 'http://localhost:3000' } })
    expect(read.status).toBe(200)
    expect(read.headers.get('access-control-allow-origin')).toBe('*')
    expect(read.headers.get('access-control-expose-headers')).toContain('etag')
    const pre = await preflight(server, 'http://localhost:3000', 'GET')
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    expect(pre.headers.get('access-control-allow-headers')).toContain('project-id')
    const write = await preflight(server, 'http://localhost:3000', 'POST')
    expect(write.status).toBe(403)
    expect(((await write.json()) as { message: string }).message).toContain('CMS_CORS_ORIGINS')
    const post = await server.request('/articles', { method: 'POST', token: full, json: { data: {} }, headers: { origin: 'http://localhost:3000' } })
    expect(post.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('by default shares nothing of a private project with a browser', async () => {
    const { server, full } = await serve({}, 'private')
    const read = await server.request('/articles', { token: full, headers: { origin: 'http://localhost:3000' } })
    expect(read.status).toBe(200)
    expect(read.headers.get('access-control-allow-origin')).toBeNull()
    expect((await preflight(server, 'http://localhost:3000', 'GET')).status).toBe(403)
  })

  it('CMS_CORS_ORIGINS lists the origins allowed every method; others get nothing', async () => {
    const { server, full } = await serve({ CMS_CORS_ORIGINS: 'http://localhost:3000, https://preview.example' }, 'private')
    const pre = await preflight(server, 'https://preview.example', 'POST')
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://preview.example')
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST')
    const read = await server.request('/articles', { token: full, headers: { origin: 'http://localhost:3000' } })
    expect(read.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(read.headers.get('vary')).toContain('Origin')
    const error = await server.request('/articles', { headers: { origin: 'http://localhost:3000' } })
    expect(error.status).toBe(401)
    expect(error.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    const other = await server.request('/articles', { token: full, headers: { origin: 'https://evil.example' } })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    expect((await preflight(server, 'https://evil.example', 'GET')).status).toBe(403)
  })
})

describe('input limits', () => {
  it('JSON bodies: 413 over the size limit (naming the setting), 400 malformed, 415 not JSON, 400 reserved keys and deep nesting', async () => {
    const { server, full } = await serve({ CMS_BODY_LIMIT: '2048' })
    const post = (body: string, type = 'application/json') =>
      server.request('/articles', { method: 'POST', token: full, body, headers: { 'content-type': type } })
    const big = await post(JSON.stringify({ data: { title: 'x'.repeat(4000) } }))
    expect(big.status).toBe(413)
    expect(((await big.json()) as { message: string }).message).toContain('CMS_BODY_LIMIT')
    const broken = await post('{"data":')
    expect(broken.status).toBe(400)
    expect(((await broken.json()) as { message: string }).message).toMatch(/^Malformed JSON body/)
    expect((await post('{"data":{}}', 'text/plain')).status).toBe(415)
    const proto = await post('{"data":{"__proto__":{"title":"x"}}}')
    expect(proto.status).toBe(400)
    expect(await proto.json()).toEqual({ message: 'JSON body uses the reserved key "__proto__".' })
    const deep = await post(`{"data":${'['.repeat(100)}${']'.repeat(100)}}`)
    expect(deep.status).toBe(400)
    expect(await deep.json()).toEqual({ message: 'JSON body is nested more than 64 levels deep.' })
  })

  it('query strings beyond the parser limits are 400 naming the problem', async () => {
    const { server } = await serve()
    const cases: Array<[string, RegExp]> = [
      [Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&'), /1001 parameters; at most 1000/],
      ['where[a][b][c][d][e][f][g]=1', /nested 7 levels deep; at most 6/],
      ['where[or][5000][title]=x', /index 5000/],
      ['where[__proto__][x]=1', /reserved name "__proto__"/],
      ['where[constructor][prototype]=1', /reserved name "constructor"/],
      ['where[title]=%E0%A4%A', /not valid percent-encoded UTF-8/],
    ]
    for (const [q, message] of cases) {
      const res = await server.request(`/articles?${q}`)
      expect(res.status, q).toBe(400)
      expect(((await res.json()) as { message: string }).message).toMatch(message)
    }
    expect(() => checkQuery('where[or][0][author][name][like]=%25x%25&sort=title:asc&paginate=10')).not.toThrow()
  })

  it('path segments that are no slug or uuid are 404 before any handler: traversal, encoded separators, NUL', async () => {
    const { server, project } = await serve()
    const h = { 'project-id': project.projectId }
    for (const path of ['/articles/..', '/articles/%2e%2e', '/articles/..%2f..%2fproject.yaml', '/articles/%252e%252e%252f', '/articles/%00', '/..%5c..%5cproject.yaml']) {
      const res = await rawRequest(server.url, { path, headers: h })
      expect(res.status, path).toBe(404)
      expect(JSON.parse(res.text), path).toEqual({ message: expect.any(String) })
    }
    const bad = await server.request('/Articles!/x')
    expect(bad.status).toBe(404)
    const badUuid = await server.request('/articles/not-a-uuid')
    expect(badUuid.status).toBe(404)
    expect(await badUuid.json()).toEqual({ message: 'Content not found.' })
    const badSlug = await server.request('/collections/UPPER_case')
    expect(await badSlug.json()).toEqual({ message: 'Collection not found.' })
  })
})
