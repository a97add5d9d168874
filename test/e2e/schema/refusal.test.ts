import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'yaml'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { addToken, blogTemplate } from './fixture.ts'

let project: TempProject
let server: TestServer
let admin: string

beforeEach(async () => {
  project = await makeProject(blogTemplate())
  server = await startTestServer(project.contentDir)
  admin = await addToken(server, 'admin', ['admin', 'read'])
})
afterEach(async () => {
  await server.close()
  await project.cleanup()
})

const posts = () => server.ctx.store.collection('posts')!
const fieldsOnDisk = async () => (parse(await readFile(join(project.contentDir, 'collections/posts.yaml'), 'utf8')).fields as Array<{ name: string; type: string }>)

describe('schema changes that existing entries violate', () => {
  it('a new required field is refused with the affected entries listed, then applied with force', async () => {
    const field = { type: 'text', name: 'subtitle', validations: { required: { status: true, message: null } } }
    const refused = await server.request('/collections/posts/fields', { method: 'POST', token: admin, json: field })
    expect(refused.status).toBe(422)
    const body = await refused.json()
    expect(body.message).toMatch(/2 existing entries would not satisfy it/)
    const uuids = [...posts().entries.keys()].sort()
    expect(Object.keys(body.errors).sort()).toEqual(uuids.map((u) => `entries.${u}`))
    expect((await fieldsOnDisk()).map((f) => f.name)).not.toContain('subtitle')

    const forced = await server.request('/collections/posts/fields', { method: 'POST', token: admin, json: { ...field, force: true } })
    expect(forced.status).toBe(201)
    expect((await fieldsOnDisk()).map((f) => f.name)).toContain('subtitle')
  })

  it('a required field on an empty collection needs no force', async () => {
    await server.request('/collections', { method: 'POST', token: admin, json: { name: 'Empty', slug: 'empty' } })
    const r = await server.request('/collections/empty/fields', { method: 'POST', token: admin, json: { type: 'text', name: 'x', validations: { required: { status: true } } } })
    expect(r.status).toBe(201)
  })

  it('a type change that stored values do not fit is refused, then forced (values that no longer fit are dropped)', async () => {
    const views = posts().collection.fields.find((f) => f.name === 'views')!
    const refused = await server.request(`/collections/posts/fields/${views.uuid}`, { method: 'PUT', token: admin, json: { type: 'boolean' } })
    expect(refused.status).toBe(422)
    expect(Object.keys((await refused.json()).errors)).toHaveLength(2)
    expect((await fieldsOnDisk()).find((f) => f.name === 'views')!.type).toBe('number')

    const forced = await server.request(`/collections/posts/fields/${views.uuid}?force=1`, { method: 'PUT', token: admin, json: { type: 'boolean' } })
    expect(forced.status).toBe(200)
    expect((await fieldsOnDisk()).find((f) => f.name === 'views')!.type).toBe('boolean')
    await server.ctx.store.flush()
    for (const uuid of posts().entries.keys()) {
      const file = JSON.parse(await readFile(join(project.contentDir, `entries/posts/${uuid}.json`), 'utf8'))
      expect(file.fields.views).toBeUndefined()
    }
  })

  it('making a field required where some entries are empty lists only those', async () => {
    const author = posts().collection.fields.find((f) => f.name === 'author')!
    const r = await server.request(`/collections/posts/fields/${author.uuid}`, { method: 'PUT', token: admin, json: { validations: { required: { status: true, message: null } } } })
    expect(r.status).toBe(422)
    const fr = [...posts().entries.values()].find((e) => e.locale === 'fr')!
    expect(Object.keys((await r.json()).errors)).toEqual([`entries.${fr.uuid}`])
  })
})

describe('rename with relations following', () => {
  it('relation fields in other collections and inside groups follow a renamed target', async () => {
    const meta = posts().collection.fields.find((f) => f.name === 'meta')!
    await server.request('/collections/posts/fields', { method: 'POST', token: admin, json: { type: 'relation', name: 'reviewer', parent_field_id: meta.uuid, options: { relation: { type: 1, collection: 'authors' } } } })
    const r = await server.request('/collections/authors', { method: 'PUT', token: admin, json: { slug: 'people' } })
    expect(r.status).toBe(200)
    const fields = await fieldsOnDisk() as unknown as Array<{ name: string; options: { relation?: { collection: string } }; children?: Array<{ name: string; options: { relation?: { collection: string } } }> }>
    expect(fields.find((f) => f.name === 'author')!.options.relation!.collection).toBe('people')
    expect(fields.find((f) => f.name === 'meta')!.children!.find((c) => c.name === 'reviewer')!.options.relation!.collection).toBe('people')
    // The relation still resolves: the post's author is found in the renamed collection.
    const post = [...posts().entries.values()].find((e) => e.locale === 'en')!
    expect(server.ctx.store.collection('people')!.entries.has(post.fields.author as string)).toBe(true)
  })
})
