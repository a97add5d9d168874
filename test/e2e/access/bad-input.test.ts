import { createHash } from 'node:crypto'
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { concretePath, rawRequest, socketRequest, type RawResponse } from './helpers.ts'

/*
 * At least 300 generated malformed requests against a private project: every answer must be
 * a 4xx JSON `{message}` without a stack or a path, the server must stay up, the canary file
 * beside the content root must be neither read nor written, and the content tree must be
 * byte-identical afterwards. Requests carry a token with every ability, so they reach the
 * body parsers and handlers rather than stopping at 401.
 */

const project = await makeProject(blogTemplate())
const server = await startTestServer(project.contentDir)
await server.ctx.store.putProject({ ...server.ctx.store.project, api: 'private' }, 'cli')
const full = (await createToken(server.ctx.store, { name: 'fuzz', abilities: ['*'] })).token
await server.ctx.store.flush()
const id = project.projectId
const CANARY_SECRET = `canary-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 24)}`
const canary = join(project.dir, 'canary-secret.txt')
await writeFile(canary, `${CANARY_SECRET}\n`)
await utimes(canary, new Date(0), new Date('2020-01-01T00:00:00Z'))
const articles = [...server.ctx.store.collection('articles')!.entries.keys()]
const entry = articles[0]!

afterAll(async () => {
  await server.close()
  await project.cleanup()
})

interface BadRequest {
  label: string
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** Raw bytes for requests node's client refuses to build. */
  raw?: Buffer
}

const auth = { 'project-id': id, authorization: `Bearer ${full}`, accept: 'application/json' }
const json = { ...auth, 'content-type': 'application/json' }

function generate(): BadRequest[] {
  const out: BadRequest[] = []
  const jsonRoutes: Array<[string, string]> = [
    ['POST', '/articles'], ['PUT', `/articles/${entry}`], ['PATCH', `/articles/${entry}`], ['POST', '/bulk/articles/entries'],
    ['POST', '/webhooks'], ['POST', '/collections'], ['POST', '/project/locales'],
  ]
  const broken = ['{', '{"data":', '[1,2', 'nul', '{"a":1,}', "{'data':{}}", '{"data":{"title":"x"}}}', '\u0000', '{"data": NaN}',
    '{"data": undefined}', '""', '123', 'true', 'null', '[]', '{"data":{"title":"x"', '{"data"}', '\ufeff{"data":{}}x']
  const deep = '['.repeat(10_000) + ']'.repeat(10_000)
  const deepObject = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)
  const big = `[${Array.from({ length: 100_000 }, () => '0').join(',')}]`
  const bodies: Array<[string, string | Buffer]> = [
    ...broken.map((b, i) => [`broken JSON #${i}`, b] as [string, string]),
    ['deep arrays', deep], ['deep objects', deepObject], ['100k-element array body', big],
    ['data is a 100k-element array', `{"data":${big}}`],
    ['title is a 100k-element array', `{"data":{"title":${big}}}`],
    ['__proto__ at the top', '{"__proto__":{"admin":true},"data":{"title":"x"}}'],
    ['__proto__ in data', '{"data":{"__proto__":{"title":"x"}}}'],
    ['constructor.prototype in data', '{"data":{"constructor":{"prototype":{"polluted":1}}}}'],
    ['escaped __proto__', '{"data":{"\\u005f_proto__":{"title":"x"}}}'],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x64, 0x61, 0x74, 0x61, 0x22, 0x3a, 0xff, 0xfe, 0x7d])],
    ['over the body limit', `{"data":{"title":"${'x'.repeat(1024 * 1024 + 10)}"}}`],
  ]
  for (const [method, path] of jsonRoutes) {
    for (const [label, body] of bodies) out.push({ label: `${method} ${path}: ${label}`, method, path, headers: json, body })
    out.push({ label: `${method} ${path}: text/plain`, method, path, headers: { ...auth, 'content-type': 'text/plain' }, body: '{"data":{}}' })
    out.push({ label: `${method} ${path}: form`, method, path, headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: 'data[title]=x' })
  }

  // Traversal and junk in every path parameter of every registered route.
  const payloads = ['..', '.', '%2e%2e', '%2E%2E', '..%2f..%2fcanary-secret.txt', '%2e%2e%2f%2e%2e%2fcanary-secret.txt', '..%5c..%5ccanary-secret.txt',
    '%252e%252e%252fcanary-secret.txt', '%00', '..%00', '%c0%af', '%ff', 'a%0d%0aX-Injected:1', '..%252f']
  for (const route of server.app.routes) {
    const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
    for (const param of params) {
      for (const payload of payloads) {
        const path = concretePath(route.path.replace(`:${param}`, '\u0001')).replace('\u0001', payload)
        out.push({ label: `${route.method} ${route.path} with ${param}=${payload}`, method: route.method, path, headers: route.method === 'GET' ? auth : json, ...(route.method === 'GET' ? {} : { body: '{}' }) })
      }
    }
  }
  for (const path of ['/articles/../../canary-secret.txt', '/../canary-secret.txt', '/files/../../../canary-secret.txt', '/%2e%2e/canary-secret.txt', '//canary-secret.txt/..']) {
    out.push({ label: `raw traversal ${path}`, path, headers: auth })
  }

  // Query strings beyond the parser's limits, reserved keys, bad encodings, unknown fields and operators.
  const queries = [
    `where[__proto__][title]=x`, `where[constructor][prototype][x]=1`, `__proto__[x]=1`, `where[title][__proto__]=x`, `where[or][0][__proto__]=1`,
    `where[title]=%ff`, `locale=%c0%af`, `where[title]=%zz`, `where[a][b][c][d][e][f][g][h]=1`, `where[or][5000][title]=x`,
    Array.from({ length: 1500 }, (_, i) => `p${i}=1`).join('&'), `where[nope]=1`, `where[title][bogus]=1`,
  ]
  for (const q of queries) for (const path of ['/articles', '/authors']) out.push({ label: `query ${q.slice(0, 40)} on ${path}`, path: `${path}?${q}`, headers: auth })

  // Wrong methods on every registered path.
  const byPath = new Map<string, Set<string>>()
  for (const r of server.app.routes) byPath.set(r.path, (byPath.get(r.path) ?? new Set()).add(r.method))
  for (const [path, methods] of byPath) {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE']) {
      if (methods.has(method)) continue
      out.push({ label: `wrong method ${method} ${path}`, method, path: concretePath(path), headers: method === 'GET' || method === 'TRACE' ? auth : json, ...(method === 'GET' || method === 'TRACE' ? {} : { body: '{}' }) })
    }
  }

  // Headers: oversized, many, invalid bytes, foreign credentials.
  out.push({ label: 'a 20 KiB header', path: '/articles', headers: { ...auth, 'x-filler': 'a'.repeat(20_000) } })
  out.push({ label: 'a 12 KiB bearer', path: '/articles', headers: { 'project-id': id, authorization: `Bearer ${'a'.repeat(12_000)}` } })
  out.push({ label: 'a 20 KiB URL', path: `/articles?x=${'a'.repeat(20_000)}`, headers: auth })
  out.push({ label: '500 headers without a token', path: '/articles', headers: { 'project-id': id, ...Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`x-h${i}`, 'v'])) } })
  out.push({ label: 'end-user key', path: '/articles', headers: { 'project-id': id, authorization: 'Bearer uak_abcdefghijkl_x' } })
  out.push({ label: 'traversal in project-id', path: '/articles', headers: { 'project-id': '../../canary-secret.txt', authorization: `Bearer ${full}` } })
  const rawHead = (line: string, extra = '') => Buffer.from(`${line}\r\nhost: x\r\nproject-id: ${id}\r\nauthorization: Bearer ${full}\r\n${extra}connection: close\r\n\r\n`)
  out.push({ label: 'raw 0xff in the path', path: '', raw: Buffer.concat([Buffer.from('GET /articles/'), Buffer.from([0xff]), rawHead(' HTTP/1.1').subarray(0)]) })
  out.push({ label: 'invalid bytes in project-id', path: '', raw: Buffer.concat([Buffer.from('GET / HTTP/1.1\r\nhost: x\r\nproject-id: '), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('\r\nconnection: close\r\n\r\n')]) })
  out.push({ label: 'unknown method', path: '', raw: rawHead('BREW /articles HTTP/1.1') })
  out.push({ label: 'HTTP/0.9 style garbage', path: '', raw: Buffer.from('\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n') })
  out.push({ label: 'space in the path', path: '', raw: rawHead('GET /arti cles HTTP/1.1') })
  out.push({ label: 'chunked body over the limit', path: '', raw: Buffer.concat([
    Buffer.from(`POST /articles HTTP/1.1\r\nhost: x\r\nproject-id: ${id}\r\nauthorization: Bearer ${full}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`),
    Buffer.from(`${(2 * 1024 * 1024).toString(16)}\r\n${'x'.repeat(2 * 1024 * 1024)}\r\n0\r\n\r\n`),
  ]) })
  return out
}

async function hashTree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const walk = async (dir: string) => {
    for (const d of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, d.name)
      if (d.isDirectory()) await walk(path)
      else out.set(relative(root, path), createHash('sha256').update(await readFile(path)).digest('hex'))
    }
  }
  await walk(root)
  return out
}

/** Whether this file system records reads in atime (not mounted noatime): then a read of the canary is detectable. */
async function atimeWorks(): Promise<boolean> {
  const probe = join(project.dir, 'atime-probe.txt')
  await writeFile(probe, 'probe')
  await utimes(probe, new Date(0), new Date('2020-01-01T00:00:00Z'))
  await readFile(probe)
  return (await stat(probe)).atimeMs > 0
}

describe('bad-input suite', () => {
  it('answers every malformed request with a 4xx JSON {message}, keeps serving, and touches nothing', async () => {
    const requests = generate()
    expect(requests.length).toBeGreaterThanOrEqual(300)
    const treeBefore = await hashTree(project.contentDir)
    const siblingsBefore = (await readdir(project.dir)).filter((n) => n !== '.cms').sort()

    const failures: string[] = []
    const check = (req: BadRequest, res: RawResponse) => {
      let body: unknown
      try {
        body = JSON.parse(res.text)
      } catch {
        body = undefined
      }
      const message = (body as { message?: unknown } | undefined)?.message
      if (res.status < 400 || res.status > 499) failures.push(`${req.label}: status ${res.status}`)
      else if (!String(res.headers['content-type'] ?? '').includes('application/json')) failures.push(`${req.label}: content-type ${String(res.headers['content-type'])}`)
      else if (typeof message !== 'string' || !message) failures.push(`${req.label}: no message in ${res.text.slice(0, 80)}`)
      if (res.text.includes(CANARY_SECRET)) failures.push(`${req.label}: leaked the canary`)
      if (res.text.includes(project.dir) || /\n\s+at /.test(res.text)) failures.push(`${req.label}: leaked a path or stack`)
    }
    const queue = [...requests]
    const worker = async () => {
      for (let req = queue.shift(); req; req = queue.shift()) {
        const res = req.raw
          ? await socketRequest(server.url, req.raw)
          : await rawRequest(server.url, { method: req.method ?? 'GET', path: req.path, ...(req.headers ? { headers: req.headers } : {}), ...(req.body !== undefined ? { body: req.body } : {}) })
        check(req, res)
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    expect(failures).toEqual([])

    // Still up and still right.
    const alive = await server.request('/articles', { token: full })
    expect(alive.status).toBe(200)
    expect(((await alive.json()) as unknown[]).length).toBeGreaterThan(0)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).admin).toBeUndefined()

    // Nothing written or read outside the content root; the content tree unchanged.
    await server.ctx.store.flush()
    const after = await stat(canary)
    if (await atimeWorks()) expect(after.atimeMs, 'the canary beside the content root was read').toBe(0)
    expect(after.mtime.toISOString()).toBe('2020-01-01T00:00:00.000Z')
    expect(await readFile(canary, 'utf8')).toBe(`${CANARY_SECRET}\n`)
    expect((await readdir(project.dir)).filter((n) => n !== '.cms' && n !== 'atime-probe.txt').sort()).toEqual(siblingsBefore)
    expect(await hashTree(project.contentDir)).toEqual(treeBefore)
  }, 180_000)
})
