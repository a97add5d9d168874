import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFile, access } from 'node:fs/promises'
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

const yamlOf = async (rel: string) => parse(await readFile(join(project.contentDir, rel), 'utf8'))
const exists = (rel: string) => access(join(project.contentDir, rel)).then(() => true, () => false)

describe('collections admin API', () => {
  it('needs a token with admin: 401 without, 403 with read only', async () => {
    const body = { name: 'Pages', slug: 'pages' }
    expect((await server.request('/collections', { method: 'POST', json: body })).status).toBe(401)
    const reader = await addToken(server, 'reader', ['read'])
    const r = await server.request('/collections', { method: 'POST', json: body, token: reader })
    expect(r.status).toBe(403)
    expect(await exists('collections/pages.yaml')).toBe(false)
  })

  it('POST /collections creates a collection with nested group children and writes its file', async () => {
    const r = await server.request('/collections', { method: 'POST', token: admin, json: {
      name: 'Pages', slug: 'pages', is_singleton: false,
      fields: [{ type: 'text', label: 'Title', name: 'title' }, { type: 'group', label: 'Hero', name: 'hero', options: { repeatable: true }, children: [{ type: 'text', name: 'heading' }, { type: 'media', name: 'image' }] }],
    } })
    expect(r.status).toBe(201)
    const body = await r.json()
    expect(body).toMatchObject({ name: 'Pages', slug: 'pages', is_singleton: false })
    expect(body.fields.map((f: { name: string }) => f.name)).toEqual(['title', 'hero'])
    expect(body.fields[1].children.map((f: { name: string }) => f.name)).toEqual(['heading', 'image'])
    const file = await yamlOf('collections/pages.yaml')
    expect(file.fields[1].children[0].name).toBe('heading')
    const list = await (await server.request('/collections', { token: admin })).json()
    expect(list.map((c: { slug: string }) => c.slug)).toEqual(['authors', 'posts', 'pages'])
  })

  it('refuses reserved slugs, taken slugs and bad field names with 422', async () => {
    for (const slug of ['collections', 'files', 'webhooks', 'bulk', 'project', 'auth']) {
      const r = await server.request('/collections', { method: 'POST', token: admin, json: { name: 'X', slug } })
      expect(r.status).toBe(422)
      expect((await r.json()).errors.slug[0]).toMatch(/reserved/)
    }
    const taken = await server.request('/collections', { method: 'POST', token: admin, json: { name: 'X', slug: 'posts' } })
    expect((await taken.json()).errors.slug[0]).toMatch(/taken/)
    const bad = await server.request('/collections', { method: 'POST', token: admin, json: { name: 'X', slug: 'x', fields: [{ type: 'text', name: 'Bad Name' }, { type: 'nope', name: 'ok_name-2' }] } })
    expect(bad.status).toBe(422)
    const errors = (await bad.json()).errors
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['fields.0.name', 'fields.1.type']))
    expect(await exists('collections/x.yaml')).toBe(false)
  })

  it('PUT /collections/{slug} renames; entries, versions and relation targets follow', async () => {
    const r = await server.request('/collections/authors', { method: 'PUT', token: admin, json: { name: 'Writers', slug: 'writers' } })
    expect(r.status).toBe(200)
    expect(await r.json()).toMatchObject({ name: 'Writers', slug: 'writers' })
    const posts = await yamlOf('collections/posts.yaml')
    expect(posts.fields.find((f: { name: string }) => f.name === 'author').options.relation.collection).toBe('writers')
    await server.ctx.store.flush()
    expect(await exists('collections/authors.yaml')).toBe(false)
    expect(await exists('entries/authors')).toBe(false)
    const [uuid] = [...server.ctx.store.collection('writers')!.entries.keys()]
    expect(await exists(`entries/writers/${uuid}.json`)).toBe(true)
    expect(await exists(`versions/writers/${uuid}/1.json`)).toBe(true)
    expect((await server.request('/collections/authors', { token: admin })).status).toBe(404)
    expect((await server.request('/collections/writers', { token: admin })).status).toBe(200)
  })

  it('DELETE /collections/{slug} needs the slug in the body; entries go with it', async () => {
    const wrong = await server.request('/collections/posts', { method: 'DELETE', token: admin, json: { slug: 'post' } })
    expect(wrong.status).toBe(422)
    expect((await wrong.json()).message).toBe('The collection slug does not match.')
    const ok = await server.request('/collections/posts', { method: 'DELETE', token: admin, json: { slug: 'posts' } })
    expect(ok.status).toBe(204)
    expect(await exists('collections/posts.yaml')).toBe(false)
    expect(await exists('entries/posts')).toBe(false)
    expect((await server.request('/collections/posts', { token: admin })).status).toBe(404)
  })

  it('POST /collections/reorder changes the listing order', async () => {
    const posts = server.ctx.store.collection('posts')!.collection
    const authors = server.ctx.store.collection('authors')!.collection
    const r = await server.request('/collections/reorder', { method: 'POST', token: admin, json: { collections: [{ uuid: posts.uuid, order: 0 }, { uuid: authors.uuid, order: 1 }] } })
    expect(await r.json()).toEqual({ message: 'Collections reordered successfully.' })
    const list = await (await server.request('/collections', { token: admin })).json()
    expect(list.map((c: { slug: string }) => c.slug)).toEqual(['posts', 'authors'])
    expect((await yamlOf('collections/posts.yaml')).order).toBe(0)
  })
})

describe('fields admin API', () => {
  it('adds a field, and a group child with parent_field_id', async () => {
    const r = await server.request('/collections/posts/fields', { method: 'POST', token: admin, json: { type: 'longtext', label: 'Summary', name: 'summary' } })
    expect(r.status).toBe(201)
    expect(await r.json()).toMatchObject({ name: 'summary', type: 'longtext', parent_field_id: null, order: 4 })
    const meta = server.ctx.store.collection('posts')!.collection.fields.find((f) => f.name === 'meta')!
    const child = await server.request('/collections/posts/fields', { method: 'POST', token: admin, json: { type: 'text', name: 'robots', parent_field_id: meta.uuid } })
    expect(child.status).toBe(201)
    expect((await child.json()).parent_field_id).toBe(meta.uuid)
    const file = await yamlOf('collections/posts.yaml')
    expect(file.fields.find((f: { name: string }) => f.name === 'meta').children.map((c: { name: string }) => c.name)).toEqual(['keywords', 'robots'])
    const dup = await server.request('/collections/posts/fields', { method: 'POST', token: admin, json: { type: 'text', name: 'title' } })
    expect(dup.status).toBe(422)
    const badTarget = await server.request('/collections/posts/fields', { method: 'POST', token: admin, json: { type: 'relation', name: 'rel', options: { relation: { type: 1, collection: 'nope' } } } })
    expect((await badTarget.json()).errors['options.relation.collection'][0]).toBe('The relation target collection is invalid or does not belong to this project.')
  })

  it('updates a field; a new name carries the stored values', async () => {
    const title = server.ctx.store.collection('posts')!.collection.fields.find((f) => f.name === 'title')!
    const r = await server.request(`/collections/posts/fields/${title.uuid}`, { method: 'PUT', token: admin, json: { name: 'headline', label: 'Headline' } })
    expect(r.status).toBe(200)
    expect(await r.json()).toMatchObject({ uuid: title.uuid, name: 'headline', label: 'Headline' })
    await server.ctx.store.flush()
    for (const entry of server.ctx.store.collection('posts')!.entries.values()) {
      const file = JSON.parse(await readFile(join(project.contentDir, `entries/posts/${entry.uuid}.json`), 'utf8'))
      expect(file.fields.headline).toBeTypeOf('string')
      expect(file.fields.title).toBeUndefined()
    }
    expect((await server.request('/collections/posts/fields/00000000-0000-4000-8000-000000000000', { method: 'PUT', token: admin, json: { label: 'x' } })).status).toBe(404)
  })

  it('removes a field and its values; reorders fields', async () => {
    const c = server.ctx.store.collection('posts')!.collection
    const views = c.fields.find((f) => f.name === 'views')!
    expect((await server.request(`/collections/posts/fields/${views.uuid}`, { method: 'DELETE', token: admin })).status).toBe(204)
    await server.ctx.store.flush()
    for (const entry of server.ctx.store.collection('posts')!.entries.values()) {
      const file = JSON.parse(await readFile(join(project.contentDir, `entries/posts/${entry.uuid}.json`), 'utf8'))
      expect(file.fields.views).toBeUndefined()
    }
    const fields = server.ctx.store.collection('posts')!.collection.fields
    const reversed = [...fields].reverse().map((f, order) => ({ uuid: f.uuid, order }))
    const r = await server.request('/collections/posts/fields/reorder', { method: 'POST', token: admin, json: { fields: reversed } })
    expect(await r.json()).toEqual({ message: 'Fields reordered successfully.' })
    const file = await yamlOf('collections/posts.yaml')
    expect(file.fields.map((f: { name: string }) => f.name)).toEqual(['meta', 'author', 'title'])
  })
})

describe('locales admin API', () => {
  it('adds a locale, sets the default, removes one', async () => {
    const add = await server.request('/project/locales', { method: 'POST', token: admin, json: { locale: 'de' } })
    expect(add.status).toBe(201)
    expect((await add.json()).locales).toEqual(['en', 'fr', 'de'])
    const def = await server.request('/project/locales/default', { method: 'PUT', token: admin, json: { locale: 'de' } })
    expect((await def.json()).default_locale).toBe('de')
    expect((await yamlOf('project.yaml')).default_locale).toBe('de')
    const removeDefault = await server.request('/project/locales/de', { method: 'DELETE', token: admin })
    expect(removeDefault.status).toBe(422)
    const rm = await server.request('/project/locales/en', { method: 'DELETE', token: admin })
    expect(rm.status).toBe(422) // entries exist in en
    const unknown = await server.request('/project/locales/default', { method: 'PUT', token: admin, json: { locale: 'es' } })
    expect(unknown.status).toBe(422)
  })

  it('removing a locale with entries is refused with the entries listed, then forced', async () => {
    const refused = await server.request('/project/locales/fr', { method: 'DELETE', token: admin })
    expect(refused.status).toBe(422)
    const body = await refused.json()
    const fr = [...server.ctx.store.collection('posts')!.entries.values()].find((e) => e.locale === 'fr')!
    expect(Object.keys(body.errors)).toEqual([`entries.${fr.uuid}`])
    const forced = await server.request('/project/locales/fr?force=1', { method: 'DELETE', token: admin })
    expect(forced.status).toBe(200)
    expect((await forced.json()).locales).toEqual(['en'])
    await server.ctx.store.flush()
    expect(await exists(`entries/posts/${fr.uuid}.json`)).toBe(false)
  })
})
