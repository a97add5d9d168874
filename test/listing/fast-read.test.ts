import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeProject, type TempProject } from '../helpers/project.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'
import { createToken } from '../../src/service/tokens/manage.ts'
import { listingTemplate } from './fixture.ts'

/**
 * The Node fast read path (src/server/fast-read.ts) must answer exactly as the h3 route does:
 * each request goes to the real server (fast path) and to `app.fetch` (h3 only), and the
 * two answers must have the same status, body and API headers.
 */
let project: TempProject
let server: TestServer
let readToken: string
let writeOnlyToken: string
let uuid: string

const COMPARED = ['etag', 'cache-control', 'content-type', 'access-control-allow-origin', 'access-control-expose-headers', 'vary', 'allow', 'x-ratelimit-limit']

beforeAll(async () => {
  project = await makeProject(listingTemplate())
  server = await startTestServer(project.contentDir, { env: { CMS_CORS_ORIGINS: 'http://site.test' } })
  readToken = (await createToken(server.ctx.store, { name: 'reader', abilities: ['read'] })).token
  writeOnlyToken = (await createToken(server.ctx.store, { name: 'writer', abilities: ['create'] })).token
  const list = (await (await server.request('/articles?limit=1')).json()) as Array<{ uuid: string }>
  uuid = list[0]!.uuid
})
afterAll(async () => {
  await server?.close()
  await project?.cleanup()
})

async function both(path: string, headers: Record<string, string> = {}) {
  const all = { 'project-id': server.ctx.store.project.uuid, ...headers }
  const viaNode = await fetch(`${server.url}${path}`, { headers: all })
  const viaH3 = await server.app.fetch(new Request(`${server.url}${path}`, { headers: all }))
  const view = async (r: Response) => ({
    status: r.status,
    body: await r.text(),
    headers: Object.fromEntries(COMPARED.map((h) => [h, r.headers.get(h)])),
  })
  return { node: await view(viaNode), h3: await view(viaH3), statusText: viaNode.statusText }
}

const PATHS = [
  '/articles',
  '/articles?paginate=5&page=2&sort=views:desc',
  '/articles?where[category]=Tech&where[views][gte]=50&limit=3&offset=1',
  '/articles?where[title][like]=delta&count=1',
  '/articles?state=draft&exclude=tags,featured&timestamps=1',
  '/articles?first=1&locale=fr',
  '/articles?paginate=5&page=99',
  '/authors',
  '/settings',
]

describe('fast read path answers as h3 does', () => {
  test.each(PATHS)('GET %s', async (path) => {
    const { node, h3, statusText } = await both(path)
    expect(node).toEqual(h3)
    expect(node.status).toBe(200)
    // Only Node's own writeHead sends a reason phrase: this answer came from the fast path.
    expect(statusText).toBe('OK')
  })

  test('a single entry, and a single entry in another state', async () => {
    for (const path of [`/articles/${uuid}`, `/articles/${uuid}?state=draft&exclude=seo`]) {
      const { node, h3, statusText } = await both(path)
      expect(node).toEqual(h3)
      expect(statusText).toBe('OK')
    }
  })

  test('If-None-Match gives the same empty 304', async () => {
    const first = await both('/articles?paginate=5')
    const { node, h3, statusText } = await both('/articles?paginate=5', { 'if-none-match': first.node.headers.etag! })
    expect(node.status).toBe(304)
    expect(node.body).toBe('')
    expect(node).toEqual(h3)
    expect(statusText).toBe('Not Modified')
  })

  test('CORS headers for an allowed origin, none for another', async () => {
    const allowed = await both('/articles?limit=2', { origin: 'http://site.test' })
    expect(allowed.node.headers['access-control-allow-origin']).toBe('http://site.test')
    expect(allowed.node.headers.vary).toBe('Origin')
    expect(allowed.node).toEqual(allowed.h3)
    const other = await both('/articles?limit=2', { origin: 'http://evil.test' })
    expect(other.node.headers['access-control-allow-origin']).toBeNull()
    expect(other.node).toEqual(other.h3)
  })

  test('tokens: a read token and a token without read on a public project', async () => {
    for (const token of [readToken, writeOnlyToken, 'not-a-token']) {
      const r = await both('/articles?limit=2', { authorization: `Bearer ${token}` })
      expect(r.node).toEqual(r.h3)
      expect(r.node.status).toBe(200)
    }
  })

  // Errors are never answered by the fast path: h3 gives them, with its own messages.
  test.each([
    ['/articles?where[nope]=1', {}],
    ['/articles?paginate=0', {}],
    ['/articles?sort=views:sideways', {}],
    ['/nothing-here', {}],
    [`/articles/00000000-0000-4000-8000-000000000000`, {}],
    ['/articles/not-a-uuid', {}],
    ['/articles?where[__proto__][x]=1', {}],
    ['/articles', { 'project-id': '' }],
    ['/articles', { 'project-id': '11111111-1111-4111-8111-111111111111' }],
    ['/articles', { authorization: 'Bearer uak_enduserkey' }],
  ] as Array<[string, Record<string, string>]>)('error %s', async (path, headers) => {
    const { node, h3 } = await both(path, headers)
    expect(node.status).toBeGreaterThanOrEqual(400)
    expect(node).toEqual(h3)
    expect(JSON.parse(node.body)).toHaveProperty('message')
  })

  test('a private project needs a token on the fast path too', async () => {
    const before = server.ctx.store.project
    server.ctx.store.project = { ...before, api: 'private' }
    try {
      const anonymous = await both('/articles?limit=1')
      expect(anonymous.node.status).toBe(401)
      expect(anonymous.node).toEqual(anonymous.h3)
      const reader = await both('/articles?limit=1', { authorization: `Bearer ${readToken}` })
      expect(reader.node.status).toBe(200)
      expect(reader.node).toEqual(reader.h3)
    } finally {
      server.ctx.store.project = before
    }
  })
})

describe('fast read path and the rate limit', () => {
  test('counts each request once and hands the 429 to h3', async () => {
    const limited = await startTestServer(project.contentDir, { env: { API_RATE_LIMIT_PER_MINUTE: '3' } })
    try {
      const seen: Array<[number, string | null]> = []
      for (let i = 0; i < 4; i++) {
        const r = await limited.request('/articles?limit=1', { token: readToken })
        await r.arrayBuffer()
        seen.push([r.status, r.headers.get('x-ratelimit-remaining')])
      }
      expect(seen).toEqual([[200, '2'], [200, '1'], [200, '0'], [429, '0']])
      const last = await limited.request('/articles?limit=1', { token: readToken })
      expect(last.status).toBe(429)
      expect(last.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(((await last.json()) as { message: string }).message).toMatch(/^Too Many Attempts/)
    } finally {
      await limited.close()
    }
  })
})

describe('HEAD', () => {
  test('a list and an entry: the GET headers, no body, on both paths', async () => {
    for (const path of ['/articles?paginate=5', `/articles/${uuid}`]) {
      const init = { method: 'HEAD', headers: { 'project-id': server.ctx.store.project.uuid } }
      const viaNode = await fetch(`${server.url}${path}`, init)
      const viaH3 = await server.app.fetch(new Request(`${server.url}${path}`, init))
      const get = await fetch(`${server.url}${path}`, { headers: init.headers })
      expect(viaNode.status).toBe(200)
      expect(await viaNode.text()).toBe('')
      expect(viaNode.headers.get('etag')).toBe(get.headers.get('etag'))
      expect(viaNode.headers.get('content-length')).toBe(String(Buffer.byteLength(await get.text())))
      expect(viaH3.status).toBe(200)
      expect(viaH3.headers.get('etag')).toBe(get.headers.get('etag'))
    }
  })

  test('a 405 lists HEAD beside GET', async () => {
    const r = await fetch(`${server.url}/articles`, { method: 'PUT', headers: { 'project-id': server.ctx.store.project.uuid } })
    expect(r.status).toBe(405)
    expect(r.headers.get('allow')).toBe('POST, GET, HEAD')
  })
})
