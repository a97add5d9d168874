import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeHandler } from 'h3/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { listingTemplate } from './fixture.ts'

/**
 * The Node fast read path (src/server/fast-read/fast-read.ts) must answer exactly as the h3 route does:
 * each request goes to the real server, to a Node server over the same app whose fast path
 * counts what it answered (the composition listen.ts makes), and to a Node server over the same
 * app through h3 alone; the three answers must have the same status, body and every response
 * header except the volatile ones (see VOLATILE).
 */
let project: TempProject
let server: TestServer
let probe: Server
let h3only: Server
let fastAnswered = 0
let readToken: string
let writeOnlyToken: string
let uuid: string

/**
 * Headers that depend on the instant of the answer, not on the path that gave it: `Date` (the
 * clock's second may tick between the requests) and `Retry-After` (seconds left in the rate
 * window at that instant). Both are still checked: present on one side iff on the other, and
 * Retry-After within a second.
 */
const VOLATILE = new Set(['date', 'retry-after'])

async function listenOn(handler: (req: IncomingMessage, res: ServerResponse) => void, tls?: { key: Buffer; cert: Buffer }): Promise<Server> {
  const s = tls ? createHttpsServer(tls, handler) : createServer(handler)
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  return s
}
const urlOf = (s: Server): string => `${s instanceof Object && 'setSecureContext' in s ? 'https' : 'http'}://127.0.0.1:${(s.address() as AddressInfo).port}`

/** A Node server over `app`, with its fast path counted, and one through h3 alone. */
async function pathServers(app: TestServer['app'], tls?: { key: Buffer; cert: Buffer }): Promise<{ fast: Server; slow: Server; closeAll(): Promise<void> }> {
  const viaH3 = toNodeHandler(app)
  const fastRead = app.fastRead!
  const fast = await listenOn((req, res) => {
    if (fastRead(req, res)) fastAnswered++
    else void viaH3(req, res)
  }, tls)
  const slow = await listenOn((req, res) => void viaH3(req, res), tls)
  const closeAll = async () => {
    for (const s of [fast, slow]) {
      s.closeAllConnections()
      await new Promise((resolve) => s.close(resolve))
    }
  }
  return { fast, slow, closeAll }
}
let closePaths: () => Promise<void>

beforeAll(async () => {
  project = await makeProject(listingTemplate())
  server = await startTestServer(project.contentDir, { env: { CMS_CORS_ORIGINS: 'http://site.test' } })
  ;({ fast: probe, slow: h3only, closeAll: closePaths } = await pathServers(server.app))
  readToken = (await createToken(server.ctx.store, { name: 'reader', abilities: ['read'] })).token
  writeOnlyToken = (await createToken(server.ctx.store, { name: 'writer', abilities: ['create'] })).token
  const list = (await (await server.request('/articles?limit=1')).json()) as Array<{ uuid: string }>
  uuid = list[0]!.uuid
})
afterAll(async () => {
  await closePaths?.()
  await server?.close()
  await project?.cleanup()
})

interface Seen { status: number; body: string; headers: Record<string, string> }
interface Answer { status: number; statusText: string; headers: Record<string, string>; body: string }

/**
 * Every server is asked with the same `Host` (links, `meta.path` and the ETag follow it), over
 * node:http, which sends the header as given.
 */
const HOST = 'cms.test:4000'

function ask(base: string, path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = base.startsWith('https:') ? httpsRequest : httpRequest
    // The TLS test's certificate is self-signed.
    const req = send(`${base}${path}`, { method, headers: { host: HOST, ...headers }, rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const seen: Record<string, string> = {}
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) seen[name] = Array.isArray(value) ? value.join(', ') : value
        resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: seen, body: Buffer.concat(chunks).toString('utf8') })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

function view(r: Answer): Seen {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(r.headers)) if (!VOLATILE.has(name)) headers[name] = value
  return { status: r.status, body: r.body, headers }
}

/** The volatile headers of two answers: present on both or neither, Retry-After within a second. */
function sameVolatile(a: Answer, b: Answer): void {
  for (const name of VOLATILE) expect(name in a.headers, name).toBe(name in b.headers)
  const ra = a.headers['retry-after']
  if (ra !== undefined) expect(Math.abs(Number(ra) - Number(b.headers['retry-after']))).toBeLessThanOrEqual(1)
}

/**
 * One request on each path. `node` is the fast server's answer (`fast`: whether its fast path
 * gave it), `h3` the h3-only server's, `real` the real server's (listen.ts).
 */
async function both(path: string, headers: Record<string, string> = {}, method = 'GET', servers: [string, string, string] = [urlOf(probe), urlOf(h3only), server.url]) {
  // Drafts need a token with read (docs/security.md): a draft read here is a reader's unless the
  // test sends its own authorization ('' for none at all).
  const { authorization, ...rest } = headers
  const drafts = /[?&]state=(?!published)/i.test(path) && authorization === undefined
  const auth = drafts ? `Bearer ${readToken}` : authorization || undefined
  const all = { 'project-id': server.ctx.store.project.uuid, ...(auth ? { authorization: auth } : {}), ...rest }
  const before = fastAnswered
  const viaNode = await ask(servers[0], path, all, method)
  const fast = fastAnswered > before
  const viaH3 = await ask(servers[1], path, all, method)
  const viaReal = await ask(servers[2], path, all, method)
  sameVolatile(viaNode, viaH3)
  sameVolatile(viaNode, viaReal)
  return { node: view(viaNode), h3: view(viaH3), real: view(viaReal), fast, statusText: viaReal.statusText }
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
    const { node, h3, real, fast, statusText } = await both(path)
    expect(node).toEqual(h3)
    expect(real).toEqual(h3)
    expect(node.status).toBe(200)
    expect(statusText).toBe('OK')
    // This answer came from the fast path (and the h3-only one from h3).
    expect(fast).toBe(true)
  })

  test('a single entry, and a single entry in another state', async () => {
    for (const path of [`/articles/${uuid}`, `/articles/${uuid}?state=draft&exclude=seo`]) {
      const { node, h3, real, fast, statusText } = await both(path)
      expect(node).toEqual(h3)
      expect(real).toEqual(h3)
      expect(statusText).toBe('OK')
      expect(fast).toBe(true)
    }
  })

  test('an anonymous draft read is refused as h3 refuses it (401), a token without read 403', async () => {
    for (const [path, headers, status] of [
      ['/articles?state=draft', { authorization: '' }, 401], [`/articles/${uuid}?state=only_draft`, { authorization: '' }, 401],
      ['/articles?state=draft', { authorization: `Bearer ${writeOnlyToken}` }, 403],
    ] as const) {
      const { node, h3, real, fast } = await both(path, { ...headers })
      expect(node.status, path).toBe(status)
      expect(node).toEqual(h3)
      expect(real).toEqual(h3)
      expect(fast).toBe(false)
    }
  })

  test('If-None-Match gives the same empty 304', async () => {
    const first = await both('/articles?paginate=5')
    const { node, h3, real, fast, statusText } = await both('/articles?paginate=5', { 'if-none-match': first.node.headers.etag! })
    expect(node.status).toBe(304)
    expect(node.body).toBe('')
    expect(node).toEqual(h3)
    expect(real).toEqual(h3)
    expect(statusText).toBe('Not Modified')
    expect(fast).toBe(true)
  })

  test('CORS headers for an allowed origin, none for another', async () => {
    const allowed = await both('/articles?limit=2', { origin: 'http://site.test' })
    expect(allowed.node.headers['access-control-allow-origin']).toBe('http://site.test')
    expect(allowed.node.headers.vary).toBe('Origin')
    expect(allowed.node).toEqual(allowed.h3)
    expect(allowed.real).toEqual(allowed.h3)
    expect(allowed.fast).toBe(true)
    const other = await both('/articles?limit=2', { origin: 'http://evil.test' })
    expect(other.node.headers['access-control-allow-origin']).toBeUndefined()
    expect(other.node).toEqual(other.h3)
    expect(other.real).toEqual(other.h3)
  })

  test('tokens: a read token and a token without read on a public project', async () => {
    for (const token of [readToken, writeOnlyToken, 'not-a-token']) {
      const r = await both('/articles?limit=2', { authorization: `Bearer ${token}` })
      expect(r.node).toEqual(r.h3)
      expect(r.real).toEqual(r.h3)
      expect(r.node.status).toBe(200)
      expect(r.fast).toBe(true)
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
    const { node, h3, real, fast } = await both(path, headers)
    expect(node.status).toBeGreaterThanOrEqual(400)
    expect(node).toEqual(h3)
    expect(real).toEqual(h3)
    expect(fast).toBe(false)
    expect(JSON.parse(node.body)).toHaveProperty('message')
  })

  test('a private project needs a token on the fast path too', async () => {
    const before = server.ctx.store.project
    server.ctx.store.ingestion.applyFileProject({ ...before, api: 'private' })
    try {
      const anonymous = await both('/articles?limit=1')
      expect(anonymous.node.status).toBe(401)
      expect(anonymous.node).toEqual(anonymous.h3)
      expect(anonymous.real).toEqual(anonymous.h3)
      const withoutRead = await both('/articles?limit=1', { authorization: `Bearer ${writeOnlyToken}` })
      expect(withoutRead.node.status).toBe(403)
      expect(withoutRead.node).toEqual(withoutRead.h3)
      expect(withoutRead.real).toEqual(withoutRead.h3)
      const reader = await both('/articles?limit=1', { authorization: `Bearer ${readToken}` })
      expect(reader.node.status).toBe(200)
      expect(reader.node).toEqual(reader.h3)
      expect(reader.real).toEqual(reader.h3)
      expect(reader.fast).toBe(true)
    } finally {
      server.ctx.store.ingestion.applyFileProject(before)
    }
  })
})

describe('the rest of the corpus: /api prefix, HEAD, CORS preflights', () => {
  test('under /api: a list, an entry, a 304 and an error', async () => {
    const list = await both('/api/articles?paginate=2')
    expect(list.node.status).toBe(200)
    expect(list.node.body).toContain('http://cms.test:4000/api/articles')
    expect(list.node).toEqual(list.h3)
    expect(list.real).toEqual(list.h3)
    expect(list.fast).toBe(true)
    const entry = await both(`/api/articles/${uuid}`)
    expect(entry.node).toEqual(entry.h3)
    expect(entry.fast).toBe(true)
    const again = await both('/api/articles?paginate=2', { 'if-none-match': list.node.headers.etag! })
    expect(again.node.status).toBe(304)
    expect(again.node).toEqual(again.h3)
    expect(again.real).toEqual(again.h3)
    const missing = await both('/api/articles/00000000-0000-4000-8000-000000000000')
    expect(missing.node.status).toBe(404)
    expect(missing.node).toEqual(missing.h3)
    expect(missing.fast).toBe(false)
  })

  // The fast path remembers routed targets and the last Host it checked (fast-read.ts): a
  // repeated target, a Host that changes between requests and a bad Host after a good one must
  // each answer as the first time, with the links of the Host sent.
  test('a repeated target with another Host, a bad Host, then the first again', async () => {
    const path = '/articles?paginate=2&page=2'
    const asked: Array<[string | undefined, string]> = [[undefined, 'http://cms.test:4000/'], ['other.test:5000', 'http://other.test:5000/'], ['bad host', ''], [undefined, 'http://cms.test:4000/'], ['other.test:5000', 'http://other.test:5000/api/']]
    for (const [host, link] of asked) {
      const target = link.endsWith('/api/') ? `/api${path}` : path
      const r = await both(target, host ? { host } : {})
      expect(r.node).toEqual(r.h3)
      expect(r.real).toEqual(r.h3)
      if (!link) {
        expect(r.fast).toBe(false)
        continue
      }
      expect(r.node.status).toBe(200)
      expect(r.node.body).toContain(`${link}articles?paginate=2`)
      expect(r.node.body).not.toContain(link.includes('other') ? 'cms.test' : 'other.test')
      expect(r.fast).toBe(true)
    }
    // A target that is not a read of this path stays so when asked again.
    for (let i = 0; i < 2; i++) expect((await both('/collections')).fast).toBe(false)
  })

  test('HEAD: every header of the GET answer, on both paths', async () => {
    for (const path of ['/articles?paginate=5', `/articles/${uuid}`]) {
      const head = await both(path, {}, 'HEAD')
      expect(head.node.status).toBe(200)
      expect(head.node.body).toBe('')
      expect(head.node).toEqual(head.h3)
      expect(head.real).toEqual(head.h3)
      expect(head.fast).toBe(true)
    }
  })

  test('CORS preflights (granted and refused) and simple requests answer the same', async () => {
    const granted = await both('/articles', { origin: 'http://site.test', 'access-control-request-method': 'GET' }, 'OPTIONS')
    expect(granted.node.status).toBe(204)
    expect(granted.node.headers['access-control-allow-origin']).toBe('http://site.test')
    expect(granted.node).toEqual(granted.h3)
    expect(granted.real).toEqual(granted.h3)
    const refused = await both('/articles', { origin: 'http://evil.test', 'access-control-request-method': 'DELETE' }, 'OPTIONS')
    expect(refused.node.status).toBe(403)
    expect(refused.node).toEqual(refused.h3)
    expect(refused.real).toEqual(refused.h3)
    const simple = await both(`/articles/${uuid}`, { origin: 'http://site.test', 'if-none-match': '*' })
    expect(simple.node.status).toBe(304)
    expect(simple.node.headers['access-control-expose-headers']).toContain('etag')
    expect(simple.node).toEqual(simple.h3)
    expect(simple.real).toEqual(simple.h3)
    expect(simple.fast).toBe(true)
  })

  test('rate limited: the X-RateLimit-* headers and the 429 are the same on both paths', async () => {
    const limited = await startTestServer(project.contentDir, { env: { API_RATE_LIMIT_PER_MINUTE: '2' } })
    // Each path its own token, so each counts its own requests: the headers must still match.
    const tokens = await Promise.all(['fast', 'h3', 'real'].map(async (name) => (await createToken(limited.ctx.store, { name, abilities: ['read'] })).token))
    const paths = await pathServers(limited.app)
    try {
      const servers: [string, string, string] = [urlOf(paths.fast), urlOf(paths.slow), limited.url]
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) {
        const answers = await Promise.all(servers.map((base, k) => ask(base, '/articles?limit=1', { 'project-id': limited.ctx.store.project.uuid, authorization: `Bearer ${tokens[k]}` })))
        const [node, h3, real] = answers.map(view)
        sameVolatile(answers[0]!, answers[1]!)
        sameVolatile(answers[0]!, answers[2]!)
        expect(node).toEqual(h3)
        expect(real).toEqual(h3)
        statuses.push(node!.status)
      }
      expect(statuses).toEqual([200, 200, 429])
    } finally {
      await paths.closeAll()
      await limited.close()
    }
  })
})

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

describe('behind TLS', () => {
  // The scheme of links and of the ETag's base comes from the connection, as h3 sees it.
  test.skipIf(!hasOpenssl)('links say https on the fast path as on h3', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-tls-'))
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=cms.test',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' })
      const tls = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }
      const paths = await pathServers(server.app, tls)
      try {
        const r = await both('/articles?paginate=2', {}, 'GET', [urlOf(paths.fast), urlOf(paths.slow), urlOf(paths.slow)])
        expect(r.node.status).toBe(200)
        expect(r.node.body).toContain('https://cms.test:4000/articles')
        expect(r.node).toEqual(r.h3)
        expect(r.fast).toBe(true)
      } finally {
        await paths.closeAll()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
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

/**
 * Repeated anonymous reads are answered from one record per target (repeat-answers.ts). Each
 * case asks a target twice anonymously (the second answer comes from the record), then changes
 * one thing the record depends on, and the next answer must be what h3 gives.
 */
describe('repeated anonymous reads', () => {
  const twice = async (path: string, headers: Record<string, string> = {}) => {
    await both(path, headers)
    const again = await both(path, headers)
    expect(again.node).toEqual(again.h3)
    expect(again.fast).toBe(true)
    return again
  }

  test('a write in between: the next answer has it', async () => {
    const path = '/articles?paginate=50&sort=views:desc'
    const before = await twice(path)
    const created = await server.request('/articles', { method: 'POST', token: writeOnlyToken, json: { data: { title: 'Repeat record check', views: 1_000_000 }, state: 'published' } })
    expect(created.status).toBe(201)
    const after = await both(path)
    expect(after.node).toEqual(after.h3)
    expect(after.node.body).not.toEqual(before.node.body)
    expect(after.node.body).toContain('Repeat record check')
  })

  test('the project made private in between: 401 without a token', async () => {
    const path = '/articles?limit=2'
    await twice(path)
    const before = server.ctx.store.project
    server.ctx.store.ingestion.applyFileProject({ ...before, api: 'private' })
    try {
      const r = await both(path)
      expect(r.node.status).toBe(401)
      expect(r.node).toEqual(r.h3)
    } finally {
      server.ctx.store.ingestion.applyFileProject(before)
    }
  })

  test('what the record does not cover takes the full pass: another project, Origin, If-None-Match, a token, HEAD', async () => {
    const path = '/articles?paginate=3'
    const first = await twice(path)
    const cases: Array<[Record<string, string>, string, number]> = [
      [{ 'project-id': '00000000-0000-4000-8000-000000000000' }, 'GET', 404],
      [{ origin: 'http://site.test' }, 'GET', 200],
      [{ 'if-none-match': first.node.headers.etag! }, 'GET', 304],
      [{ authorization: `Bearer ${writeOnlyToken}` }, 'GET', 200],
      [{ authorization: 'Bearer not-a-token' }, 'GET', 200],
      [{}, 'HEAD', 200],
      [{ host: 'other.test:5000' }, 'GET', 200],
      // Header names in any case; a header sent twice (Node joins a repeated Project-Id).
      [{ Authorization: 'Bearer not-a-token', ORIGIN: 'http://site.test' }, 'GET', 200],
      [{ 'If-None-Match': first.node.headers.etag! }, 'GET', 304],
      [{ 'Project-Id': server.ctx.store.project.uuid }, 'GET', 200],
      [{ 'project-id': [server.ctx.store.project.uuid, server.ctx.store.project.uuid] as unknown as string }, 'GET', 404],
      [{ 'X-Forwarded-Host': 'proxy.test' }, 'GET', 200],
    ]
    for (const [headers, method, status] of cases) {
      // Kept again for the plain request first (a full pass for another Host keeps that one).
      await twice(path)
      const r = await both(path, headers, method)
      expect(r.node.status).toBe(status)
      expect(r.node).toEqual(r.h3)
      expect(r.real).toEqual(r.h3)
    }
    expect((await both(path, { origin: 'http://site.test' })).node.headers['access-control-allow-origin']).toBe('http://site.test')
    expect((await both(path, {}, 'HEAD')).node.body).toBe('')
    expect((await both(path, { host: 'other.test:5000' })).node.body).toContain('other.test:5000')
  })

  test('a rate limit set by a config reload in between: the next answer is counted', async () => {
    const path = '/articles?limit=4'
    await twice(path)
    const config = server.ctx.config
    server.ctx.config = { ...config, rateLimitPerMinute: 1000, rateLimitExplicit: true }
    try {
      const r = await both(path)
      expect(r.node.headers['x-ratelimit-limit']).toBe('1000')
      expect(r.node.headers['x-ratelimit-remaining']).toBeDefined()
      expect(r.real.headers['x-ratelimit-limit']).toBe('1000')
    } finally {
      server.ctx.config = config
    }
  })
})
