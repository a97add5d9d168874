import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { smallBlogTemplate } from '../../helpers/templates.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { PreviewTokens } from '../../../src/preview/preview-tokens.ts'

/**
 * Preview tokens (docs/preview.md): read-only, short-lived, signed; they read drafts on public
 * and private projects, on the Node fast read path and on h3 alike, and are refused with a
 * reason when expired, tampered with, another project's, used to write, or out of their scope.
 */
let project: TempProject
let server: TestServer
let admin: string
let reader: string
let published: string
let draft: string

type Via = 'node' | 'h3'
async function read(via: Via, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: { message?: string; data?: unknown } }> {
  const all = { 'project-id': project.projectId, accept: 'application/json', ...headers }
  const res = via === 'node' ? await fetch(`${server.url}${path}`, { headers: all }) : await server.app.fetch(new Request(`http://127.0.0.1${path}`, { headers: all }))
  return { status: res.status, body: (await res.json()) as { message?: string; data?: unknown } }
}
async function issue(body: unknown, token = admin): Promise<{ status: number; json: { token: string; expires_at: string; message?: string } }> {
  const res = await server.request('/_admin/api/preview-tokens', { method: 'POST', token, json: body })
  return { status: res.status, json: (await res.json()) as { token: string; expires_at: string; message?: string } }
}

beforeAll(async () => {
  project = await makeProject(smallBlogTemplate())
  server = await startTestServer(project.contentDir)
  admin = (await createToken(server.ctx.store, { name: 'admin', abilities: ['*'] })).token
  reader = (await createToken(server.ctx.store, { name: 'reader', abilities: ['read'] })).token
  const posts = [...server.ctx.store.collection('posts')!.entries.values()]
  published = posts.find((p) => p.published)!.uuid
  draft = posts.find((p) => !p.published)!.uuid
})
afterAll(async () => {
  await server?.close()
  await project?.cleanup()
})

describe('issuing', () => {
  test('201 {token, expires_at}, an hour by default; ttl_seconds 1..86400; scope checked; needs update', async () => {
    const made = await issue({})
    expect(made.status).toBe(201)
    expect(Object.keys(made.json).sort()).toEqual(['expires_at', 'token'])
    const ttl = Date.parse(made.json.expires_at) - Date.now()
    expect(ttl).toBeGreaterThan(3590_000)
    expect(ttl).toBeLessThanOrEqual(3600_000)
    expect(Date.parse((await issue({ ttl_seconds: 86_400 })).json.expires_at) - Date.now()).toBeGreaterThan(86_390_000)
    for (const ttl_seconds of [0, 86_401, 1.5, 'soon', -3]) {
      const bad = await issue({ ttl_seconds })
      expect(bad.status, String(ttl_seconds)).toBe(400)
      expect(bad.json.message).toMatch(/ttl_seconds/)
    }
    expect((await issue({ collection: 'posts' })).json.message).toMatch(/collection and uuid go together/)
    expect((await issue({ collection: 'nope', uuid: draft })).status).toBe(404)
    expect((await issue({ collection: 'posts', uuid: randomUUID() })).status).toBe(404)
    // A read-only token cannot issue one; no token at all neither.
    expect((await issue({}, reader)).status).toBe(403)
    expect((await server.request('/_admin/api/preview-tokens', { method: 'POST', json: {} })).status).toBe(401)
  })
})

describe.each(['node', 'h3'] as const)('using a token (%s)', (via) => {
  test('reads drafts on a public project, in the header or the query, lists and single entries', async () => {
    const { token } = (await issue({})).json
    expect((await read(via, `/posts/${draft}?state=draft`)).status).toBe(401)
    const one = await read(via, `/posts/${draft}?state=draft`, { 'cms-preview': token })
    expect(one.status).toBe(200)
    expect((one.body.data as { uuid: string }).uuid).toBe(draft)
    expect((await read(via, `/posts/${draft}?state=draft&preview=${token}`)).status).toBe(200)
    expect((await read(via, `/posts?state=draft&preview=${token}`)).status).toBe(200)
    // The same target anonymous afterwards: never a draft from a cache.
    expect((await read(via, `/posts/${draft}?state=draft`)).status).toBe(401)
  })

  test('reads drafts on a private project, where an anonymous read is refused', async () => {
    const { token } = (await issue({})).json
    await server.request('/project', { method: 'PATCH', token: admin, json: { api: 'private' } })
    try {
      expect((await read(via, `/posts/${draft}?state=draft`)).status).toBe(401)
      expect((await read(via, `/posts/${draft}?state=draft`, { 'cms-preview': token })).status).toBe(200)
      expect((await read(via, `/posts?state=draft`, { 'cms-preview': token })).status).toBe(200)
    } finally {
      await server.request('/project', { method: 'PATCH', token: admin, json: { api: 'public' } })
    }
  })

  test('expired, tampered with, another project\'s: 401/403 with a message', async () => {
    const keys = new PreviewTokens(project.stateDir, { now: () => Date.now() - 7_200_000 })
    const expired = (await keys.issue({ project: project.projectId, ttlSeconds: 3600 })).token
    const other = (await new PreviewTokens(project.stateDir).issue({ project: randomUUID(), ttlSeconds: 3600 })).token
    const { token } = (await issue({})).json
    const dot = token.lastIndexOf('.')
    const payload = JSON.parse(Buffer.from(token.slice(4, dot), 'base64url').toString()) as Record<string, unknown>
    const widened = `cpv_${Buffer.from(JSON.stringify({ ...payload, exp: (payload.exp as number) + 999_999 })).toString('base64url')}${token.slice(dot)}`
    const cases: Array<[string, number, RegExp]> = [
      [expired, 401, /expired/], [widened, 401, /not valid/], [`${token.slice(0, -2)}xx`, 401, /not valid/],
      ['garbage', 401, /not valid/], [other, 403, /another project/],
    ]
    for (const [bad, status, message] of cases) {
      const res = await read(via, `/posts/${draft}?state=draft`, { 'cms-preview': bad })
      expect(res.status, bad).toBe(status)
      expect(res.body.message, bad).toMatch(message)
    }
  })

  test('scoped to one entry: that entry only; lists and other entries 403', async () => {
    const { token } = (await issue({ collection: 'posts', uuid: draft })).json
    expect((await read(via, `/posts/${draft}?state=draft`, { 'cms-preview': token })).status).toBe(200)
    const other = await read(via, `/posts/${published}?state=draft`, { 'cms-preview': token })
    expect(other.status).toBe(403)
    expect(other.body.message).toMatch(/another entry/)
    const list = await read(via, '/posts?state=draft', { 'cms-preview': token })
    expect(list.status).toBe(403)
    expect(list.body.message).toMatch(/cannot read lists/)
    expect((await read(via, '/posts', { 'cms-preview': token })).status).toBe(403)
    expect((await read(via, `/posts/${draft}?state=draft&translation_locale=en`, { 'cms-preview': token })).status).toBe(403)
  })
})

test('never writes: a write with a preview token is 401 saying so', async () => {
  const { token } = (await issue({})).json
  for (const [method, path] of [['POST', '/posts'], ['PUT', `/posts/${draft}`], ['DELETE', `/posts/${draft}`], ['PATCH', '/project']] as const) {
    const res = await server.request(path, { method, headers: { 'cms-preview': token }, json: { locale: 'en', state: 'draft', data: { title: 'x' } } })
    expect(res.status, `${method} ${path}`).toBe(401)
    expect(((await res.json()) as { message: string }).message).toMatch(/preview token only reads/)
  }
  expect(server.ctx.store.collection('posts')!.entries.get(draft)!.fields.title).toBe('Bonjour')
})

test('revoking ends a token at once; revoke-all ends every one', async () => {
  const a = (await issue({})).json.token
  const b = (await issue({ collection: 'posts', uuid: draft })).json.token
  const path = `/posts/${draft}?state=draft&preview=${a}`
  expect((await read('node', path)).status).toBe(200)
  expect((await server.request(`/_admin/api/preview-tokens/${encodeURIComponent(a)}`, { method: 'DELETE', token: admin })).status).toBe(200)
  for (const via of ['node', 'h3'] as const) {
    const res = await read(via, path)
    expect(res.status).toBe(401)
    expect(res.body.message).toMatch(/revoked/)
  }
  expect((await server.request('/_admin/api/preview-tokens/garbage', { method: 'DELETE', token: admin })).status).toBe(404)
  expect((await read('node', `/posts/${draft}?state=draft`, { 'cms-preview': b })).status).toBe(200)
  expect((await server.request('/_admin/api/preview-tokens', { method: 'DELETE', token: admin })).status).toBe(200)
  expect((await read('node', `/posts/${draft}?state=draft`, { 'cms-preview': b })).status).toBe(401)
  // Tokens issued afterwards work.
  const c = (await issue({})).json.token
  expect((await read('node', `/posts/${draft}?state=draft`, { 'cms-preview': c })).status).toBe(200)
})
