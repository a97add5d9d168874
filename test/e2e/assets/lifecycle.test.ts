import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdir, readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { assetProject, form, makePdf, makePng } from './helpers.ts'
import type { TempProject } from '../../helpers/project.ts'
import type { TestServer } from '../../helpers/server.ts'
import type { DomainEvent } from '../../../src/core/types.ts'

let project: TempProject
let server: TestServer
let token: string
let readOnlyToken: string
const events: DomainEvent[] = []

beforeAll(async () => {
  ;({ project, server, token, readOnlyToken } = await assetProject())
  const inner = server.ctx.events
  server.ctx.events = { append: async (batch) => { events.push(...batch); await inner.append(batch) } }
})
afterAll(async () => {
  await server?.close()
  await project?.cleanup()
})

type Asset = Record<string, any>
async function upload(name: string, bytes: Buffer | string, fields?: Record<string, string>): Promise<Asset> {
  const res = await server.request('/files', { method: 'POST', token, body: form([{ name, bytes }], fields) })
  expect(res.status, await res.clone().text()).toBe(201)
  return res.json() as Promise<Asset>
}
const get = async (path: string, t = token) => {
  const res = await server.request(path, { token: t })
  return { status: res.status, body: await res.json() as any, headers: res.headers }
}

describe('listing and lookup', () => {
  const made: Asset[] = []
  beforeAll(async () => {
    made.push(await upload('sunset-beach.png', makePng(8, 8), { title: 'Sunset' }))
    made.push(await upload('annual-report.pdf', makePdf()))
    made.push(await upload('notes.txt', 'plain notes'))
    made.push(await upload('beach-house.png', makePng(3, 5)))
  })

  it('lists newest first in the paginated envelope', async () => {
    const { status, body } = await get('/files?paginate=2')
    expect(status).toBe(200)
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 2, total: 4, last_page: 2, from: 1, to: 2 })
    expect(body.data.map((a: Asset) => a.filename)).toEqual(['beach-house.png', 'notes.txt'])
    expect(body.links.next).toContain('page=2')
    expect(body.links.prev).toBeNull()
    const page2 = await get('/files?paginate=2&page=2')
    expect(page2.body.data.map((a: Asset) => a.filename)).toEqual(['annual-report.pdf', 'sunset-beach.png'])
  })

  it('filters by type and searches names, mime types and titles', async () => {
    const names = async (q: string) => (await get(`/files?${q}`)).body.data.map((a: Asset) => a.filename).sort()
    expect(await names('type=image')).toEqual(['beach-house.png', 'sunset-beach.png'])
    expect(await names('type=document')).toEqual(['annual-report.pdf', 'notes.txt'])
    expect(await names('type=video')).toEqual([])
    expect(await names('search=BEACH')).toEqual(['beach-house.png', 'sunset-beach.png'])
    expect(await names('search=pdf')).toEqual(['annual-report.pdf'])
    expect(await names('search=sunset&type=document')).toEqual([])
    expect(await names('search=Sunset')).toEqual(['sunset-beach.png'])
    // Identical bytes are not deduplicated; the sha256 finds every copy.
    expect(await names(`search=${made[1]!.sha256}`)).toEqual(['annual-report.pdf'])
    expect((await get('/files?type=spreadsheet')).status).toBe(400)
  })

  it('finds by uuid and by original file name; 404 otherwise', async () => {
    expect((await get(`/files/${made[2]!.uuid}`)).body.filename).toBe('notes.txt')
    expect((await get('/files/name/annual-report.pdf')).body.uuid).toBe(made[1]!.uuid)
    expect((await get('/files/name/missing.pdf')).status).toBe(404)
    const missing = await get('/files/00000000-0000-4000-8000-000000000000')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toMatch(/Asset not found/)
    expect((await get('/files/not-a-uuid')).status).toBe(404)
  })

  it('reads with a read-only token but cannot write with it', async () => {
    expect((await get('/files', readOnlyToken)).status).toBe(200)
    const res = await server.request('/files', { method: 'POST', token: readOnlyToken, body: form([{ name: 'a.txt', bytes: 'a' }]) })
    expect(res.status).toBe(403)
  })
})

describe('range requests and conditional downloads', () => {
  let asset: Asset
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => `line ${i}\n`).join(''))
  beforeAll(async () => { asset = await upload('big.txt', bytes) })

  const dl = (headers: Record<string, string>) => server.request(`/files/${asset.uuid}/download`, { token, headers })

  it('answers a byte range with 206 and the exact slice', async () => {
    const res = await dl({ range: 'bytes=10-19' })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`)
    expect(res.headers.get('content-length')).toBe('10')
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true)
  })

  it('answers HEAD with the download headers and no body', async () => {
    const res = await server.request(`/files/${asset.uuid}/download`, { token, method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe(String(bytes.length))
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await res.text()).toBe('')
  })

  it('serves suffix and open ranges', async () => {
    const tail = await dl({ range: 'bytes=-7' })
    expect(Buffer.from(await tail.arrayBuffer()).toString()).toBe(bytes.subarray(-7).toString())
    const open = await dl({ range: `bytes=${bytes.length - 3}-` })
    expect(open.status).toBe(206)
    expect(Buffer.from(await open.arrayBuffer()).equals(bytes.subarray(-3))).toBe(true)
  })

  it('answers an unsatisfiable range with 416 and the size', async () => {
    const res = await dl({ range: `bytes=${bytes.length}-` })
    expect(res.status).toBe(416)
    expect(res.headers.get('content-range')).toBe(`bytes */${bytes.length}`)
  })

  it('ignores a range whose If-Range does not match, and answers If-None-Match with 304', async () => {
    const full = await dl({ range: 'bytes=0-1', 'if-range': '"stale"' })
    expect(full.status).toBe(200)
    expect((await full.arrayBuffer()).byteLength).toBe(bytes.length)
    const etag = full.headers.get('etag')!
    const cached = await dl({ 'if-none-match': etag })
    expect(cached.status).toBe(304)
  })

  it('sends safe headers with the bytes', async () => {
    const res = await dl({})
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-disposition')).toContain('big.txt')
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    await res.arrayBuffer()
  })
})

describe('metadata, references, trash and events', () => {
  it('updates metadata with PUT and in bulk, emitting asset.updated', async () => {
    const a = await upload('one.png', makePng(2, 2))
    const b = await upload('two.png', makePng(2, 2))
    const put = await server.request(`/files/${a.uuid}`, { method: 'PUT', token, json: { alt_text: 'One', caption: 'First' } })
    expect(put.status).toBe(200)
    expect((await put.json() as Asset).metadata).toMatchObject({ alt_text: 'One', caption: 'First', title: null })
    const yaml = parse(await readFile(join(project.contentDir, 'assets', `${a.uuid}.yaml`), 'utf8'))
    expect(yaml).toMatchObject({ alt_text: 'One', caption: 'First' })

    const bulk = await server.request('/files/bulk/metadata', { method: 'PATCH', token, json: { items: [{ uuid: a.uuid, title: 'T1' }, { uuid: b.uuid, metadata: { author: 'Ann' } }] } })
    expect(bulk.status).toBe(200)
    const body = await bulk.json() as { message: string; data: Asset[] }
    expect(body.message).toBe('Bulk asset metadata updated successfully.')
    expect(body.data.map((x) => [x.metadata.title, x.metadata.author, x.metadata.alt_text])).toEqual([['T1', null, 'One'], [null, 'Ann', null]])

    const bad = await server.request('/files/bulk/metadata', { method: 'PATCH', token, json: { items: [{ uuid: a.uuid, title: 5 }, { uuid: '00000000-0000-4000-8000-000000000000' }] } })
    expect(bad.status).toBe(422)
    expect(Object.keys((await bad.json() as { errors: object }).errors).sort()).toEqual(['items.0.title', 'items.1.uuid'])
    expect(events.filter((e) => e.asset_uuid === a.uuid).map((e) => e.event)).toEqual(['asset.created', 'asset.updated', 'asset.updated'])
    expect(events.every((e) => e.source === 'api' && typeof e.at === 'string')).toBe(true)
  })

  it('a media field referencing a missing asset is a 422; a real one comes back as an asset object', async () => {
    const missing = await server.request('/posts', { method: 'POST', token, json: { data: { title: 'x', cover: '00000000-0000-4000-8000-000000000000' } } })
    expect(missing.status).toBe(422)
    expect(Object.keys((await missing.json() as { errors: object }).errors)).toContain('data.cover')

    const img = await upload('hero.png', makePng(10, 6))
    const ok = await server.request('/posts', { method: 'POST', token, json: { data: { title: 'x', cover: img.uuid, gallery: [img.uuid] }, state: 'published' } })
    expect(ok.status).toBe(201)
    const created = (await ok.json() as { data: { uuid: string } }).data
    const read = await get(`/posts/${created.uuid}`)
    expect(read.status).toBe(200)
    const entry = (read.body.data ?? read.body) as { fields: Record<string, any> }
    expect(entry.fields.cover).toMatchObject({ uuid: img.uuid, mime_type: 'image/png', url: expect.stringMatching(new RegExp(`^${server.url}/files/${img.uuid}/download\\?v=`)) })
    expect(entry.fields.gallery).toEqual([entry.fields.cover])
  })

  it('refuses to delete a referenced asset with a 422 naming the entries, unless force', async () => {
    const img = await upload('used.png', makePng(2, 2))
    const post = await server.request('/posts', { method: 'POST', token, json: { data: { title: 'uses it', gallery: [img.uuid] } } })
    const entryUuid = (await post.json() as { data: { uuid: string } }).data.uuid

    const refused = await server.request(`/files/${img.uuid}`, { method: 'DELETE', token })
    expect(refused.status).toBe(422)
    const body = await refused.json() as { message: string }
    expect(body.message).toContain(`posts/${entryUuid}`)
    expect(body.message).toContain('gallery')
    expect((await get(`/files/${img.uuid}`)).status).toBe(200)

    const forced = await server.request(`/files/${img.uuid}?force=1`, { method: 'DELETE', token })
    expect(forced.status).toBe(200)
    expect(await forced.json()).toEqual({ success: true, message: 'Asset permanently deleted' })
    expect(existsSync(join(project.contentDir, 'assets', img.uuid))).toBe(false)
    expect(existsSync(join(project.contentDir, 'assets', `${img.uuid}.yaml`))).toBe(false)
    expect(events.at(-1)).toMatchObject({ event: 'asset.deleted', asset_uuid: img.uuid })
  })

  it('trashes an unreferenced asset (bytes kept), hides it, and restores it', async () => {
    const a = await upload('old.txt', 'old')
    const del = await server.request(`/files/${a.uuid}`, { method: 'DELETE', token })
    expect(await del.json()).toEqual({ success: true, message: 'Asset deleted successfully' })
    expect((await get(`/files/${a.uuid}`)).status).toBe(404)
    expect((await get('/files?search=old.txt')).body.data).toEqual([])
    expect((await get('/files?trashed=only')).body.data.map((x: Asset) => x.uuid)).toContain(a.uuid)
    expect(await readdir(join(project.contentDir, 'assets', a.uuid))).toEqual(['old.txt'])
    const yaml = parse(await readFile(join(project.contentDir, 'assets', `${a.uuid}.yaml`), 'utf8'))
    expect(yaml.deleted_at).toEqual(expect.any(String))

    const restored = await server.request(`/files/${a.uuid}/restore`, { method: 'POST', token })
    expect(restored.status).toBe(200)
    expect((await get(`/files/${a.uuid}`)).status).toBe(200)
  })
})

describe('limits', () => {
  it('answers 413 for a file over CMS_UPLOAD_LIMIT and leaves nothing behind', async () => {
    const { project: p, server: s, token: t } = await assetProject({ CMS_UPLOAD_LIMIT: '2048' })
    try {
      const res = await s.request('/files', { method: 'POST', token: t, body: form([{ name: 'big.txt', bytes: 'x'.repeat(5000) }]) })
      expect(res.status).toBe(413)
      expect((await res.json() as { message: string }).message).toMatch(/upload limit of 2\.0 KB/)
      // Far over the limit: refused from Content-Length before the body is read.
      const huge = await s.request('/files', { method: 'POST', token: t, body: form([{ name: 'huge.txt', bytes: 'x'.repeat(3 * 1024 * 1024) }]) })
      expect(huge.status).toBe(413)
      const ok = await s.request('/files', { method: 'POST', token: t, body: form([{ name: 'small.txt', bytes: 'x'.repeat(2048) }]) })
      expect(ok.status).toBe(201)
      expect((await readdir(join(p.contentDir, 'assets'))).length).toBe(2)
    } finally {
      await s.close()
      await p.cleanup()
    }
  })

  it('accepts extra types from CMS_UPLOAD_MIME_ALLOW', async () => {
    const { project: p, server: s, token: t } = await assetProject({ CMS_UPLOAD_MIME_ALLOW: 'image/svg+xml' })
    try {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'
      const res = await s.request('/files', { method: 'POST', token: t, body: form([{ name: 'dot.svg', bytes: svg }]) })
      expect(res.status).toBe(201)
      expect((await res.json() as Asset).mime_type).toBe('image/svg+xml')
    } finally {
      await s.close()
      await p.cleanup()
    }
    const refused = await server.request('/files', { method: 'POST', token, body: form([{ name: 'dot.svg', bytes: '<svg/>' }]) })
    expect(refused.status).toBe(422)
  })
})
