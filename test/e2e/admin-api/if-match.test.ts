import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

const project = await makeProject(blogTemplate())
const server = await startTestServer(project.contentDir, { env: { CMS_CORS_ORIGINS: 'http://site.example' } })
const { token } = await createToken(server.ctx.store, { name: 'writer', abilities: ['*'] })
afterAll(async () => {
  await server.close()
  await project.cleanup()
})

const fileOf = (uuid: string) => join(project.contentDir, 'entries', 'articles', `${uuid}.json`)
const draftTag = async (uuid: string): Promise<string> => {
  const res = await server.request(`/articles/${uuid}?state=draft`, { token })
  expect(res.status).toBe(200)
  return res.headers.get('etag')!
}

/** A published entry whose draft then changed (so every lifecycle route has something to do). */
async function changedEntry(): Promise<{ uuid: string; etag: string }> {
  const res = await server.request('/articles', { method: 'POST', token, json: { data: { title: 'First' }, state: 'published' } })
  expect(res.status).toBe(201)
  const uuid = ((await res.json()) as { data: { uuid: string } }).data.uuid
  const patched = await server.request(`/articles/${uuid}`, { method: 'PATCH', token, json: { data: { title: 'Second' } } })
  expect(patched.status).toBe(200)
  return { uuid, etag: patched.headers.get('etag')! }
}

const WRITES: Array<{ name: string; send: (uuid: string, headers: Record<string, string>) => Promise<Response> }> = [
  { name: 'PUT', send: (u, h) => server.request(`/articles/${u}`, { method: 'PUT', token, headers: h, json: { data: { title: 'Put' } } }) },
  { name: 'PATCH', send: (u, h) => server.request(`/articles/${u}`, { method: 'PATCH', token, headers: h, json: { data: { title: 'Patched' } } }) },
  { name: 'publish', send: (u, h) => server.request(`/articles/${u}/publish`, { method: 'POST', token, headers: h }) },
  { name: 'unpublish', send: (u, h) => server.request(`/articles/${u}/unpublish`, { method: 'POST', token, headers: h }) },
  { name: 'discard-draft', send: (u, h) => server.request(`/articles/${u}/discard-draft`, { method: 'POST', token, headers: h }) },
  { name: 'DELETE', send: (u, h) => server.request(`/articles/${u}`, { method: 'DELETE', token, headers: h }) },
  { name: 'revert', send: (u, h) => server.request(`/articles/${u}/versions/1/revert`, { method: 'POST', token, headers: h }) },
]

describe('ETags of entries', () => {
  it('the draft read and every single-entry write answer carry the same tag for the same stored state', async () => {
    const created = await server.request('/articles', { method: 'POST', token, json: { data: { title: 'Tagged' } } })
    const uuid = ((await created.json()) as { data: { uuid: string } }).data.uuid
    const createdTag = created.headers.get('etag')
    expect(createdTag).toMatch(/^"e-[\w-]+"$/)
    expect(await draftTag(uuid)).toBe(createdTag)

    const published = await server.request(`/articles/${uuid}/publish`, { method: 'POST', token })
    const publishedTag = published.headers.get('etag')!
    expect(publishedTag).not.toBe(createdTag)
    expect(await draftTag(uuid)).toBe(publishedTag)

    // Another entry of the collection changing leaves this tag alone.
    await server.request('/articles', { method: 'POST', token, json: { data: { title: 'Neighbour' } } })
    expect(await draftTag(uuid)).toBe(publishedTag)

    const trashed = await server.request(`/articles/${uuid}`, { method: 'DELETE', token })
    expect(trashed.status).toBe(200)
    const restored = await server.request(`/articles/${uuid}/restore`, { method: 'POST', token })
    expect(restored.headers.get('etag')).toBeTruthy()
    expect(await draftTag(uuid)).toBe(restored.headers.get('etag'))

    const reverted = await server.request(`/articles/${uuid}/versions/1/revert`, { method: 'POST', token })
    expect(reverted.status).toBe(200)
    expect(await draftTag(uuid)).toBe(reverted.headers.get('etag'))
    expect(reverted.headers.get('etag')).not.toBe(restored.headers.get('etag'))
  })

  it('a draft read is never answered 304 (its tag names the entry, not related data)', async () => {
    const { uuid, etag } = await changedEntry()
    const res = await server.request(`/articles/${uuid}?state=draft`, { token, headers: { 'if-none-match': etag } })
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toBe(etag)
  })
})

describe('If-Match on writes', () => {
  for (const write of WRITES) {
    it(`${write.name}: a stale tag is 412 {message} and the file is unchanged; the current tag works`, async () => {
      const { uuid, etag } = await changedEntry()
      const before = await readFile(fileOf(uuid), 'utf8')
      const stale = '"e-not-the-current-tag"'
      const refused = await write.send(uuid, { 'if-match': stale })
      expect(refused.status).toBe(412)
      expect(await refused.json()).toEqual({ message: 'This entry was changed since you loaded it.' })
      expect(await readFile(fileOf(uuid), 'utf8')).toBe(before)
      expect(await draftTag(uuid)).toBe(etag)

      const ok = await write.send(uuid, { 'if-match': etag })
      expect(ok.status, await ok.clone().text()).toBe(200)
      expect(await readFile(fileOf(uuid), 'utf8')).not.toBe(before)
    })
  }

  it('a list of tags or * matches; no If-Match writes as before', async () => {
    const { uuid, etag } = await changedEntry()
    expect((await server.request(`/articles/${uuid}`, { method: 'PATCH', token, headers: { 'if-match': `"e-old", ${etag}` }, json: { data: { title: 'Title number A' } } })).status).toBe(200)
    expect((await server.request(`/articles/${uuid}`, { method: 'PATCH', token, headers: { 'if-match': '*' }, json: { data: { title: 'Title number B' } } })).status).toBe(200)
    expect((await server.request(`/articles/${uuid}`, { method: 'PATCH', token, json: { data: { title: 'Title number C' } } })).status).toBe(200)
    // The first save wins; the second, made from the same tag, is refused.
    const tag = await draftTag(uuid)
    const first = await server.request(`/articles/${uuid}`, { method: 'PATCH', token, headers: { 'if-match': tag }, json: { data: { title: 'First save' } } })
    const second = await server.request(`/articles/${uuid}`, { method: 'PATCH', token, headers: { 'if-match': tag }, json: { data: { title: 'Second save' } } })
    expect(first.status).toBe(200)
    expect(second.status).toBe(412)
    expect(JSON.parse(await readFile(fileOf(uuid), 'utf8')).fields.title).toBe('First save')
  })

  it('two concurrent writes from one tag: exactly one lands', async () => {
    const { uuid, etag } = await changedEntry()
    const results = await Promise.all(['Concurrent X', 'Concurrent Y', 'Concurrent Z'].map((title) => server.request(`/articles/${uuid}`, { method: 'PATCH', token, headers: { 'if-match': etag }, json: { data: { title } } })))
    expect(results.map((r) => r.status).sort()).toEqual([200, 412, 412])
  })

  it('CORS lets browsers send If-Match and read ETag', async () => {
    const pre = await fetch(`${server.url}/articles/x`, { method: 'OPTIONS', headers: { origin: 'http://site.example', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'if-match, project-id' } })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-headers')).toContain('if-match')
    const res = await server.request('/articles?state=draft', { headers: { origin: 'http://site.example' }, token })
    expect(res.headers.get('access-control-expose-headers')).toContain('etag')
  })
})
