import { afterAll, describe, expect, it } from 'vitest'
import { makeProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import type { RouteSpec } from '../../../src/server/access/route-access.ts'
import { hashToken } from '../../../src/service/tokens/manage.ts'
import { concretePath, makeTokens, MSG, needsToken } from './helpers.ts'

/*
 * Every registered route × {no token, unknown, expired, end-user key, JWT, token without the
 * ability, token with it} × {public, private project}, plus the project header checks. The
 * routes come from the app's route table after the servers started, so a route another area registers
 * later is covered without touching this file. Only the guard's outcome is asserted: its exact
 * 400/401/403/404 status and message, or that the request got past it.
 */

type Api = 'public' | 'private'
const projects = { public: await makeProject(blogTemplate()), private: await makeProject(blogTemplate()) }
const servers: Record<Api, TestServer> = {
  public: await startTestServer(projects.public.contentDir),
  private: await startTestServer(projects.private.contentDir),
}
await servers.private.ctx.store.putProject({ ...servers.private.ctx.store.project, api: 'private' }, 'cli')
await servers.public.ctx.store.putProject({ ...servers.public.ctx.store.project, api: 'public' }, 'cli')
const tokens = { public: await makeTokens(servers.public.ctx.store), private: await makeTokens(servers.private.ctx.store) }
const EXPIRED = 'cms_expiredTokenForTheMatrixTest0000000000'
for (const api of ['public', 'private'] as const) {
  const store = servers[api].ctx.store
  await store.putTokens([...store.tokens, {
    name: 'expired', abilities: ['read', 'create', 'update', 'delete', 'admin', 'introspect'], hash: hashToken(EXPIRED),
    last4: EXPIRED.slice(-4), created_at: '2020-01-01T00:00:00.000Z', expires_at: '2021-01-01T00:00:00.000Z',
  }], 'cli')
}
const readOnly = await startTestServer(projects.public.contentDir)
readOnly.ctx.readOnly = true

afterAll(async () => {
  for (const s of [servers.public, servers.private, readOnly]) await s.close()
  for (const p of Object.values(projects)) await p.cleanup()
})

const routes = [...servers.public.app.routes]
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'
const UAK = `uak_abcdefghijkl_${'x'.repeat(64)}`

type Kind = 'none' | 'unknown' | 'expired' | 'uak' | 'jwt' | 'without' | 'with'
const KINDS: Kind[] = ['none', 'unknown', 'expired', 'uak', 'jwt', 'without', 'with']

function bearer(kind: Kind, route: RouteSpec, api: Api): string | undefined {
  const t = tokens[api]
  switch (kind) {
    case 'none': return undefined
    case 'unknown': return 'cms_thisTokenWasNeverCreatedAnywhere00000000'
    case 'expired': return EXPIRED
    case 'uak': return UAK
    case 'jwt': return JWT
    case 'without': return route.ability ? t.allBut[route.ability] : t.only.read
    case 'with': return route.ability ? t.only[route.ability] : t.only.read
  }
}

const isFileUrl = (route: RouteSpec): boolean => /^\/files\/:uuid\/(download|thumbnail)$/.test(route.path)

/** The guard's outcome as the spec and the hosted service define it, computed independently of the guard. */
function expected(kind: Kind, route: RouteSpec, api: Api): 'pass' | 401 | 403 {
  // The file URLs an <img> loads (docs/media.md): no headers on a public project; on a private
  // one a signature (none here: the 401 names it) or a token with read.
  if (isFileUrl(route)) return api === 'public' || kind === 'with' || kind === 'without' ? 'pass' : 401
  if (route.ability === null) return 'pass'
  if (kind === 'uak' || kind === 'jwt') return 401
  const needs = needsToken(route, api)
  if (kind === 'with') return 'pass'
  if (!needs) return 'pass'
  return kind === 'without' ? 403 : 401
}

async function send(server: TestServer, route: RouteSpec, init: { token?: string | undefined; headers?: Record<string, string> } = {}) {
  const res = await server.request(concretePath(route.path), {
    method: route.method,
    ...(init.token ? { token: init.token } : {}),
    ...(init.headers ? { headers: init.headers } : {}),
    ...(route.method === 'GET' ? {} : { json: {} }),
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: only possible past the guard (e.g. a download); checked below.
  }
  return { status: res.status, body }
}

const isGuardRefusal = (r: { status: number; body: unknown }) =>
  (r.status === 401 && (r.body as { message?: string })?.message === MSG.unauth) ||
  (r.status === 403 && (r.body as { message?: string })?.message === MSG.forbidden) ||
  (r.status === 400 && (r.body as { message?: string })?.message === MSG.header) ||
  (r.status === 404 && (r.body as { message?: string })?.message === MSG.project)

describe('access matrix over every registered route', () => {
  it('covers the routes the app registers', () => {
    expect(routes.length).toBeGreaterThanOrEqual(3)
    expect(routes.some((r) => r.method === 'GET' && r.path === '/:collection')).toBe(true)
  })

  describe.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
    it.each(['public', 'private'] as const)('%s project: every token kind gets the right status and message', async (api) => {
      const server = servers[api]
      const failures: string[] = []
      for (const kind of KINDS) {
        const want = expected(kind, route, api)
        const got = await send(server, route, { token: bearer(kind, route, api) })
        if (got.status >= 500) failures.push(`${kind}: got a ${got.status}`)
        else if (want === 401 && isFileUrl(route) && kind === 'none' && got.status === 401) continue
        else if (want === 401 && !(got.status === 401 && (got.body as { message?: string }).message === MSG.unauth)) failures.push(`${kind}: want 401 ${MSG.unauth}, got ${got.status} ${JSON.stringify(got.body)}`)
        else if (want === 403 && !(got.status === 403 && (got.body as { message?: string }).message === MSG.forbidden)) failures.push(`${kind}: want 403 ${MSG.forbidden}, got ${got.status} ${JSON.stringify(got.body)}`)
        else if (want === 'pass' && isGuardRefusal(got)) failures.push(`${kind}: want past the guard, got ${got.status} ${JSON.stringify(got.body)}`)
      }
      expect(failures).toEqual([])
    })

    // Project-auth routes (`/auth/*`, `projectAuth`) take no API token but need the project header all the same.
    it.runIf(route.ability !== null || route.projectAuth !== undefined)('needs the project-id header (400) naming a known project (404), before any token check', async () => {
      for (const api of ['public', 'private'] as const) {
        const server = servers[api]
        const full = tokens[api].full
        for (const token of [undefined, full]) {
          const missing = await server.request(concretePath(route.path), { method: route.method, ...(token ? { token } : {}), headers: { 'project-id': '' } })
          expect(missing.status).toBe(400)
          expect(await missing.json()).toEqual({ message: MSG.header })
          const unknown = await send(server, route, { token, headers: { 'project-id': '11111111-2222-4333-8444-555555555555' } })
          expect(unknown).toEqual({ status: 404, body: { message: MSG.project } })
        }
      }
    })

    it('on a --read-only server: writes are refused with 405 and a message saying so; reads get past the guard', async () => {
      const got = await send(readOnly, route, { token: tokens.public.full })
      const write = route.method !== 'GET' && route.ability !== 'read' && route.ability !== 'introspect' && route.ability !== null
      if (write) {
        expect(got.status).toBe(405)
        expect((got.body as { message: string }).message).toMatch(/read-only/)
      } else {
        expect(isGuardRefusal(got)).toBe(false)
        expect(got.status).toBeLessThan(500)
      }
    })
  })
})

describe('token details', () => {
  it('a public read passes with a stale or foreign-project token but never with an end-user key or JWT', async () => {
    const server = servers.public
    expect((await server.request('/articles', { token: 'cms_stale' })).status).toBe(200)
    expect((await server.request('/articles', { token: tokens.private.full })).status).toBe(200)
    for (const token of [UAK, JWT]) {
      const res = await server.request('/articles', { token })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ message: MSG.unauth })
    }
  })

  it('a token of another project is unknown here (401 on a private project)', async () => {
    const res = await servers.private.request('/articles', { token: tokens.public.full })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: MSG.unauth })
  })

  it('accepts the bearer scheme in any case and ignores other schemes', async () => {
    const server = servers.private
    const ok = await server.request('/articles', { headers: { authorization: `bearer ${tokens.private.only.read}` } })
    expect(ok.status).toBe(200)
    const basic = await server.request('/articles', { headers: { authorization: 'Basic dXNlcjpwYXNz' } })
    expect(basic.status).toBe(401)
  })

  it('switching a project to private takes effect on the next request', async () => {
    const server = servers.public
    await server.ctx.store.putProject({ ...server.ctx.store.project, api: 'private' }, 'cli')
    try {
      expect((await server.request('/articles')).status).toBe(401)
      expect((await server.request('/articles', { token: tokens.public.only.read })).status).toBe(200)
    } finally {
      await server.ctx.store.putProject({ ...server.ctx.store.project, api: 'public' }, 'cli')
    }
  })
})
