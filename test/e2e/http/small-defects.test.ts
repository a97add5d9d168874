import { afterEach, describe, expect, test } from 'vitest'
import { connect } from 'node:net'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { form } from '../assets/helpers.ts'
import { rawRequest } from '../access/helpers.ts'

/** Issue 12, defect 11: the smaller escapes and 500s, each through the real server. */
let project: TempProject | undefined
let server: TestServer | undefined
let token = ''
afterEach(async () => {
  await server?.close()
  await project?.cleanup()
  server = undefined
  project = undefined
})

async function start(fields = [field('title', 'text')], env: Record<string, string> = {}): Promise<TestServer> {
  project = await makeProject({
    format: 'elmapicms', version: 1, type: 'project', name: 'Small', default_locale: 'en', locales: ['en'], public_api: true,
    collections: [{ name: 'Posts', slug: 'posts', is_singleton: false, fields }],
    demo_data: [],
  })
  server = await startTestServer(project.contentDir, { env })
  token = (await createToken(server.ctx.store, { name: 'all', abilities: ['read', 'create', 'update', 'delete', 'admin'] })).token
  return server
}

describe('small defects of issue 12', () => {
  test('an upload named with 84 CJK characters (256 bytes with .txt) is stored under a shorter name, not a 500', async () => {
    const s = await start()
    const name = `${'漢'.repeat(84)}.txt`
    expect(Buffer.byteLength(name)).toBeGreaterThan(255)
    const res = await s.request('/files', { method: 'POST', token, body: form([{ name, bytes: 'hello' }]) })
    expect(res.status).toBe(201)
    const asset = await res.json() as { uuid: string; filename: string }
    const [stored] = await readdir(join(project!.contentDir, 'assets', asset.uuid))
    expect(Buffer.byteLength(stored!)).toBeLessThanOrEqual(255)
    expect(stored!.endsWith('.txt')).toBe(true)
    const dl = await s.request(`/files/${asset.uuid}/download`, { token })
    expect(await dl.text()).toBe('hello')
  })

  test('a field named constructor is refused with 422 (and so is any Object.prototype name)', async () => {
    const s = await start()
    const res = await s.request('/collections/posts/fields', { method: 'POST', token, json: { type: 'text', name: 'constructor', label: 'C' } })
    expect(res.status).toBe(422)
    expect(JSON.stringify(await res.json())).toMatch(/constructor.*reserved/)
    const created = await s.request('/collections', { method: 'POST', token, json: { name: 'Things', slug: 'things', fields: [{ type: 'text', name: 'constructor', label: 'C' }] } })
    expect(created.status).toBe(422)
  })

  test('a collection that already has a constructor field (hand-written) stays writable', async () => {
    const s = await start([field('title', 'text'), field('constructor', 'text')])
    const a = await s.request('/posts', { method: 'POST', token, json: { data: { title: 'no constructor value' } } })
    expect(a.status, await a.clone().text()).toBe(201)
    const list = await s.request('/posts?state=draft', { token })
    expect(list.status).toBe(200)
    const [entry] = await list.json() as Array<{ fields: Record<string, unknown> }>
    expect(entry!.fields).toEqual({ title: 'no constructor value', constructor: null })
  })

  test('empty path segments are no route: GET //webhooks is 404, not 405', async () => {
    const s = await start()
    for (const path of ['//webhooks', '/webhooks//logs', '//posts']) {
      const res = await rawRequest(s.url, { path, headers: { 'project-id': s.ctx.store.project.uuid, authorization: `Bearer ${token}` } })
      expect(res.status, path).toBe(404)
      expect(res.headers.allow, path).toBeUndefined()
    }
  })

  test('webhook URLs spelling loopback in IPv4-compatible and IPv4-translated IPv6 forms are refused (the strict rules: private hosts not allowed)', async () => {
    const s = await start([field('title', 'text')], { WEBHOOK_ALLOW_INSECURE_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'false' })
    for (const url of ['http://[::127.0.0.1]/', 'http://[::ffff:0:7f00:1]/', 'http://[::ffff:127.0.0.1]/', 'http://[0:0:0:0:0:ffff:a00:1]/', 'http://[::10.0.0.1]/']) {
      const res = await s.request('/webhooks', { method: 'POST', token, json: { name: 'h', url, events: ['content.created'], sources: ['api'] } })
      expect(res.status, url).toBe(422)
      expect(JSON.stringify(await res.json()), url).toMatch(/loopback, private/)
    }
    const ok = await s.request('/webhooks', { method: 'POST', token, json: { name: 'public', url: 'http://[2606:4700:4700::1111]/', events: ['content.created'], sources: ['api'] } })
    expect(ok.status, await ok.clone().text()).toBe(201)
  })

  test('collection slugs that are Windows device names are refused', async () => {
    const s = await start()
    for (const slug of ['con', 'aux', 'nul', 'prn', 'com1', 'lpt9']) {
      const res = await s.request('/collections', { method: 'POST', token, json: { name: slug, slug } })
      expect(res.status, slug).toBe(422)
      expect(JSON.stringify(await res.json()), slug).toMatch(/reserved device name/)
    }
    const rename = await s.request('/collections/posts', { method: 'PUT', token, json: { slug: 'aux' } })
    expect(rename.status).toBe(422)
    expect((await s.request('/collections', { method: 'POST', token, json: { name: 'Console', slug: 'console' } })).status).toBe(201)
  })

  test('/files/bulk/upload refuses a declared 2 GB body with 413 before reading it', async () => {
    const s = await start()
    const { hostname, port } = new URL(s.url)
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname)
      let got = ''
      socket.on('data', (d) => { got += d.toString(); if (got.includes('\r\n\r\n')) { resolve(got); socket.destroy() } })
      socket.on('error', reject)
      socket.setTimeout(8000, () => { socket.destroy(); reject(new Error(`no answer to a declared 2 GB body (got ${JSON.stringify(got)})`)) })
      socket.write([
        'POST /files/bulk/upload HTTP/1.1', `Host: ${hostname}:${port}`, `project-id: ${s.ctx.store.project.uuid}`, `authorization: Bearer ${token}`,
        'content-type: multipart/form-data; boundary=xyz', 'content-length: 2147483648', '', '--xyz\r\n',
      ].join('\r\n'))
    })
    expect(answer).toMatch(/^HTTP\/1\.1 413/)
    expect(await readdir(join(project!.contentDir, 'assets')).catch(() => [])).toEqual([])
  })
})
