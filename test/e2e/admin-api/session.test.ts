import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { signInLink } from '../../../src/server/admin/session-routes.ts'
import { browserWrite, cookiePair, signInByLink, signInByToken } from './helpers.ts'
import { createToken, revokeToken } from '../../../src/service/tokens/manage.ts'

const project = await makeProject(blogTemplate())
let server: TestServer = await startTestServer(project.contentDir)
afterAll(async () => {
  await server.close()
  await project.cleanup()
})

const session = (cookie: string) => fetch(`${server.url}/_admin/api/session`, { headers: { cookie } })

describe('sign-in by link', () => {
  it('exchanges a ticket once for a session cookie (HttpOnly, SameSite=Strict, Path=/), then redirects to the editor', async () => {
    const link = signInLink(server.ctx, server.url)
    expect(link).toMatch(/\/_admin\/login\?ticket=[\w-]{20,}$/)
    // A link checker's HEAD does not use it up.
    expect((await fetch(link, { method: 'HEAD', redirect: 'manual' })).headers.get('set-cookie')).toBeNull()
    const first = await fetch(link, { redirect: 'manual' })
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe('/_admin/')
    const setCookie = first.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^cms_session=[\w-]{40,};/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Strict')
    expect(setCookie).toContain('Path=/')
    expect(setCookie).not.toContain('Secure') // plain http on loopback

    const again = await fetch(link, { redirect: 'manual' })
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe('/_admin/signin?error=link-expired')
    expect(again.headers.get('set-cookie')).toBeNull()

    const res = await session(cookiePair(first))
    expect(res.status).toBe(200)
    const body = await res.json() as Record<string, unknown>
    expect(body).toMatchObject({
      via: 'link',
      abilities: ['read', 'create', 'update', 'delete', 'admin', 'introspect'],
      project: { uuid: project.projectId, default_locale: 'en' },
    })
    expect(typeof body.name).toBe('string')
    expect((body.name as string).length).toBeGreaterThan(0)
    expect(Date.parse(body.expires_at as string)).toBeGreaterThan(Date.now())
  })

  it('a link with next= leads to that editor screen; a next= that leaves the editor leads home; an expired one keeps it for the sign-in page', async () => {
    const to = await fetch(signInLink(server.ctx, server.url, '/c/posts?per=25'), { redirect: 'manual' })
    expect(to.status).toBe(303)
    expect(to.headers.get('location')).toBe('/_admin/c/posts?per=25')
    expect(to.headers.get('set-cookie')).toMatch(/^cms_session=/)
    // Hand-made links: another site, a scheme, a backslash, a control character: never followed.
    for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'c/posts', '/c/posts\r\nSet-Cookie: x=1']) {
      const res = await fetch(`${signInLink(server.ctx, server.url)}&next=${encodeURIComponent(next)}`, { redirect: 'manual' })
      expect(res.status, next).toBe(303)
      expect(res.headers.get('location'), next).toBe('/_admin/')
    }
    const used = await fetch(`${server.url}/_admin/login?ticket=spent&next=${encodeURIComponent('/changes')}`, { redirect: 'manual' })
    expect(used.headers.get('location')).toBe('/_admin/signin?error=link-expired&next=%2Fchanges')
  })

  it('a made-up or empty ticket goes to the sign-in page with link-expired', async () => {
    for (const q of ['?ticket=nope', '', '?ticket=']) {
      const res = await fetch(`${server.url}/_admin/login${q}`, { redirect: 'manual' })
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/_admin/signin?error=link-expired')
    }
  })

  it('the sessions file holds only a hash of the session id, outside content/', async () => {
    const cookie = await signInByLink(server)
    const id = cookie.split('=')[1]!
    const text = await readFile(join(project.stateDir, 'sessions.json'), 'utf8')
    expect(text).not.toContain(id)
    const { createHash } = await import('node:crypto')
    expect(text).toContain(createHash('sha256').update(id).digest('hex'))
  })

  it('GET /_admin/api/session without a cookie, or with an unknown one, is 401 {message}', async () => {
    const none = await fetch(`${server.url}/_admin/api/session`)
    expect(none.status).toBe(401)
    expect(await none.json()).toHaveProperty('message')
    expect((await session('cms_session=abcdefabcdefabcdef')).status).toBe(401)
  })
})

describe('sign-in by token', () => {
  it('a token session has the token\'s name and abilities; a read-only token\'s session gets 403 on writes', async () => {
    const { token } = await createToken(server.ctx.store, { name: 'reader', abilities: ['read'] })
    const res = await fetch(`${server.url}/_admin/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ token }) })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ name: 'reader', abilities: ['read'], via: 'token', project: { uuid: project.projectId } })
    const cookie = cookiePair(res)

    const read = await server.request('/articles?state=draft', { headers: { cookie } })
    expect(read.status).toBe(200)
    const write = await server.request('/articles', { method: 'POST', headers: browserWrite(server, cookie), json: { data: { title: 'No' } } })
    expect(write.status).toBe(403)
    expect(await write.json()).toHaveProperty('message')
  })

  it('a bad token is 401 {message} and sets no cookie', async () => {
    const res = await fetch(`${server.url}/_admin/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'cms_wrong' }) })
    expect(res.status).toBe(401)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await res.json()).toHaveProperty('message')
  })

  it('revoking the token ends its sessions', async () => {
    const cookie = await signInByToken(server, ['read', 'create'], 'short-lived')
    expect((await session(cookie)).status).toBe(200)
    await revokeToken(server.ctx.store, 'short-lived')
    expect((await session(cookie)).status).toBe(401)
  })

  it('a token session with create writes entries through the normal API', async () => {
    const cookie = await signInByToken(server, ['read', 'create'])
    const res = await server.request('/articles', { method: 'POST', headers: browserWrite(server, cookie), json: { data: { title: 'By cookie' } } })
    expect(res.status).toBe(201)
  })
})

describe('the cookie on a private project', () => {
  it('reads with a session cookie on the fast read path and through h3; without it 401', async () => {
    const cookie = await signInByLink(server)
    const store = server.ctx.store
    await store.putProject({ ...store.project, api: 'private' }, 'cli')
    try {
      expect((await server.request('/articles')).status).toBe(401)
      expect((await server.request('/articles', { headers: { cookie } })).status).toBe(200) // Node fast path
      const viaH3 = await server.app.fetch(new Request(`${server.url}/articles`, { headers: { cookie, 'project-id': project.projectId } }))
      expect(viaH3.status).toBe(200)
      expect((await server.request('/collections', { headers: { cookie } })).status).toBe(200)
    } finally {
      await store.putProject({ ...store.project, api: 'public' }, 'cli')
    }
  })
})

describe('CSRF', () => {
  it('refuses a cookie-authenticated write without Origin, with a foreign Origin, or marked cross-site; accepts the same origin', async () => {
    const cookie = await signInByLink(server)
    const post = (headers: Record<string, string>) => server.request('/categories', { method: 'POST', headers: { cookie, ...headers }, json: { data: { name: `c${Math.random()}` } } })
    const missing = await post({})
    expect(missing.status).toBe(403)
    expect((await missing.json() as { message: string }).message).toMatch(/Origin/)
    expect((await post({ origin: 'http://evil.example' })).status).toBe(403)
    expect((await post({ origin: server.url.replace('127.0.0.1', 'localhost') })).status).toBe(403)
    expect((await post({ origin: server.url, 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await post({ origin: server.url, 'sec-fetch-site': 'same-origin' })).status).toBe(201)
    expect((await post({ origin: server.url })).status).toBe(201)
  })

  it('behind a TLS-ending proxy (X-Forwarded-Proto: https) the https origin is the own origin, and the cookie is Secure', async () => {
    const { token } = await createToken(server.ctx.store, { name: 'behind-proxy', abilities: ['*'] })
    const httpsOrigin = server.url.replace('http:', 'https:')
    const res = await fetch(`${server.url}/_admin/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: httpsOrigin, 'x-forwarded-proto': 'https' }, body: JSON.stringify({ token }) })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toContain('; Secure')
    const cookie = cookiePair(res)
    const write = await server.request('/categories', { method: 'POST', headers: { cookie, origin: httpsOrigin, 'x-forwarded-proto': 'https' }, json: { data: { name: 'Via proxy' } } })
    expect(write.status).toBe(201)
    expect((await server.request('/categories', { method: 'POST', headers: { cookie, origin: httpsOrigin }, json: { data: { name: 'Not via proxy' } } })).status).toBe(403)
  })

  it('reads need no Origin; a bearer token request ignores the cookie rules', async () => {
    const cookie = await signInByLink(server)
    expect((await server.request('/articles?state=draft', { headers: { cookie } })).status).toBe(200)
    const { token } = await createToken(server.ctx.store, { name: 'writer', abilities: ['read', 'create'] })
    const res = await server.request('/categories', { method: 'POST', token, headers: { cookie }, json: { data: { name: 'By token' } } })
    expect(res.status).toBe(201)
  })

  it('token sign-in from another origin is refused', async () => {
    const { token } = await createToken(server.ctx.store, { name: 'x-site', abilities: ['read'] })
    const res = await fetch(`${server.url}/_admin/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://evil.example' }, body: JSON.stringify({ token }) })
    expect(res.status).toBe(403)
    expect(res.headers.get('set-cookie')).toBeNull()
  })
})

describe('sign-out, revoke-all, restart and expiry', () => {
  it('DELETE /_admin/api/session ends the session and clears the cookie', async () => {
    const cookie = await signInByLink(server)
    const res = await fetch(`${server.url}/_admin/api/session`, { method: 'DELETE', headers: browserWrite(server, cookie) })
    expect(res.status).toBe(204)
    expect(res.headers.get('set-cookie')).toMatch(/^cms_session=;.*Max-Age=0/)
    expect((await session(cookie)).status).toBe(401)
  })

  it('revoke-all (local admin token) ends every session and unused link', async () => {
    server.ctx.localAdminToken = 'local-admin-secret-for-tests'
    const a = await signInByLink(server)
    const b = await signInByToken(server, ['read'])
    const unused = signInLink(server.ctx, server.url)
    const res = await fetch(`${server.url}/_admin/api/sessions`, { method: 'DELETE', headers: { authorization: 'Bearer local-admin-secret-for-tests' } })
    expect(res.status).toBe(200)
    expect((await res.json() as { revoked: number }).revoked).toBeGreaterThanOrEqual(2)
    expect((await session(a)).status).toBe(401)
    expect((await session(b)).status).toBe(401)
    expect((await fetch(unused, { redirect: 'manual' })).headers.get('location')).toBe('/_admin/signin?error=link-expired')
  })

  it('links are minted only for the local admin token', async () => {
    server.ctx.localAdminToken = 'local-admin-secret-for-tests'
    const ok = await fetch(`${server.url}/_admin/api/links`, { method: 'POST', headers: { authorization: 'Bearer local-admin-secret-for-tests' } })
    expect(ok.status).toBe(200)
    const { url } = await ok.json() as { url: string }
    expect(url.startsWith(`${server.url}/_admin/login?ticket=`)).toBe(true)
    const { token } = await createToken(server.ctx.store, { name: 'admin-token', abilities: ['*'] })
    const refused = await fetch(`${server.url}/_admin/api/links`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    expect(refused.status).toBe(403)
  })

  it('sessions survive a server restart; an idle or past-its-end session is refused after one', async () => {
    const kept = await signInByLink(server)
    const idle = await signInByLink(server)
    const old = await signInByLink(server)
    await server.close()
    // Age two sessions on disk: one idle for 13 h, one signed in 8 days ago (and seen just now).
    const file = join(project.stateDir, 'sessions.json')
    const data = JSON.parse(await readFile(file, 'utf8')) as { sessions: Array<{ hash: string; last_seen_at: string; ends_at: string }> }
    const { createHash } = await import('node:crypto')
    const hash = (c: string) => createHash('sha256').update(c.split('=')[1]!).digest('hex')
    for (const s of data.sessions) {
      if (s.hash === hash(idle)) s.last_seen_at = new Date(Date.now() - 13 * 3_600_000).toISOString()
      if (s.hash === hash(old)) s.ends_at = new Date(Date.now() - 60_000).toISOString()
    }
    await writeFile(file, JSON.stringify(data))
    server = await startTestServer(project.contentDir)
    expect((await session(kept)).status).toBe(200)
    expect((await session(idle)).status).toBe(401)
    expect((await session(old)).status).toBe(401)
  })
})
