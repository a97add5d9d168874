import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { makeProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

const project = await makeProject(blogTemplate())
const server = await startTestServer(project.contentDir, { watch: true })
await (server.ctx as { watcher?: { ready: Promise<void> } }).watcher?.ready
const { token } = await createToken(server.ctx.store, { name: 'overview', abilities: ['*'] })
afterAll(async () => {
  await server.close()
  await project.cleanup()
})

interface Overview {
  collections: Array<{ slug: string; name: string; singleton?: boolean; counts: { total: number; draft: number; published: number; changed: number; trashed: number; by_locale: Record<string, number> } }>
  recent: Array<{ collection: string; uuid: string; title: string | null; type: string; source: string; at: string }>
  problems: Array<{ file: string; line: number | null; code: string; message: string }>
}
const getOverview = async (): Promise<Overview> => {
  const res = await server.request('/_admin/api/overview', { token })
  expect(res.status).toBe(200)
  return await res.json() as Overview
}
const create = async (collection: string, body: Record<string, unknown>): Promise<string> => {
  const res = await server.request(`/${collection}`, { method: 'POST', token, json: body })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { data: { uuid: string } }).data.uuid
}

describe('GET /_admin/api/overview', () => {
  it('counts entries by state and locale per collection, and lists recent changes newest first', async () => {
    const base = (await getOverview()).collections.find((c) => c.slug === 'categories')!.counts
    await create('categories', { data: { name: 'Draft only' } })
    const published = await create('categories', { data: { name: 'Published' }, state: 'published' })
    const changed = await create('categories', { data: { name: 'Changed' }, state: 'published' })
    await server.request(`/categories/${changed}`, { method: 'PATCH', token, json: { data: { name: 'Changed, not yet published' } } })
    const trashed = await create('categories', { data: { name: 'Trashed' } })
    await server.request(`/categories/${trashed}`, { method: 'DELETE', token })
    await create('categories', { data: { name: 'Catégorie' }, locale: 'fr' }).catch(() => null)

    const o = await getOverview()
    const c = o.collections.find((x) => x.slug === 'categories')!
    expect(c.name).toBeTruthy()
    const frAdded = c.counts.by_locale.fr !== undefined && c.counts.by_locale.fr > (base.by_locale.fr ?? 0) ? 1 : 0
    expect(c.counts.total - base.total).toBe(3 + frAdded) // the trashed one is counted apart
    expect(c.counts.draft - base.draft).toBe(1 + frAdded)
    expect(c.counts.published - base.published).toBe(2)
    expect(c.counts.changed - base.changed).toBe(1)
    expect(c.counts.trashed - base.trashed).toBe(1)
    expect(c.counts.by_locale.en! - (base.by_locale.en ?? 0)).toBe(3)
    expect(o.collections.find((x) => x.slug === 'settings')?.singleton).toBe(true)

    expect(o.recent.length).toBeLessThanOrEqual(30)
    const top = o.recent[0]!
    expect(top.source).toBe('api')
    expect(o.recent.find((r) => r.uuid === trashed && r.type === 'trashed')).toMatchObject({ collection: 'categories', title: 'Trashed' })
    expect(o.recent.find((r) => r.uuid === changed && r.type === 'updated')).toMatchObject({ title: 'Changed, not yet published' })
    expect(o.recent.find((r) => r.uuid === published && r.type === 'published')).toBeTruthy()
    const times = o.recent.map((r) => Date.parse(r.at))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })

  it('lists the problems the watcher found in hand-edited files, with file, line and reason', async () => {
    await writeFile(join(project.contentDir, 'entries', 'categories', '0b7e5a44-4c1b-4d2a-9a55-1f1f1f1f1f1f.json'), '{\n  "uuid": "0b7e5a44-4c1b-4d2a-9a55-1f1f1f1f1f1f",\n  "fields": {,\n}\n')
    const problem = await vi.waitFor(async () => {
      const o = await getOverview()
      const hit = o.problems.find((p) => p.file === 'entries/categories/0b7e5a44-4c1b-4d2a-9a55-1f1f1f1f1f1f.json')
      if (!hit) throw new Error('not reported yet')
      return hit
    }, { timeout: 10_000, interval: 50 })
    expect(problem.line).toBe(3)
    expect(problem.code).toBe('syntax')
    expect(problem.message).toMatch(/JSON syntax error/)
    expect(problem.message).not.toContain(project.dir)
  })

  it('needs a token or session with read', async () => {
    expect((await server.request('/_admin/api/overview')).status).toBe(401)
  })
})

describe('GET /_admin/api/assets/{uuid}/usage', () => {
  it('lists the entries whose media fields hold the asset', async () => {
    const form = new FormData()
    form.append('file', new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')], { type: 'image/png' }), 'dot.png')
    const up = await fetch(`${server.url}/files`, { method: 'POST', headers: { 'project-id': project.projectId, authorization: `Bearer ${token}` }, body: form })
    expect(up.status, await up.clone().text()).toBe(201)
    const asset = (await up.json() as { uuid?: string; data?: { uuid: string } })
    const assetUuid = asset.uuid ?? asset.data!.uuid
    const empty = await server.request(`/_admin/api/assets/${assetUuid}/usage`, { token })
    expect(await empty.json()).toEqual({ data: [] })

    const collection = 'with_media'
    const made = await server.request('/collections', { method: 'POST', token, json: { name: 'With media', slug: collection, fields: [{ type: 'text', name: 'title', label: 'Title' }, { type: 'media', name: 'cover', label: 'Cover' }] } })
    expect(made.status, await made.clone().text()).toBeLessThan(300)
    const uuid = await create(collection, { data: { title: 'Has a cover', cover: assetUuid } })
    const res = await server.request(`/_admin/api/assets/${assetUuid}/usage`, { token })
    expect(await res.json()).toEqual({ data: [{ collection, uuid, title: 'Has a cover', field: 'cover' }] })
    expect((await server.request('/_admin/api/assets/00000000-0000-4000-8000-000000000000/usage', { token })).status).toBe(404)
  })
})
