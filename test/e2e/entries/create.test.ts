import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setupWriting, type WritingEnv } from './setup.ts'
import type { DomainEvent } from '../../../src/core/types.ts'

let env: WritingEnv
const events: DomainEvent[] = []
const file = async (slug: string, uuid: string) => JSON.parse(await readFile(join(env.project.contentDir, 'entries', slug, `${uuid}.json`), 'utf8'))
const create = (slug: string, json: unknown) => env.req(`/${slug}`, { method: 'POST', json })

beforeAll(async () => {
  env = await setupWriting()
  env.server.ctx.events = { append: async (list) => { events.push(...list) } }
})
afterAll(() => env.close())

describe('POST /{collection}', () => {
  test('creates a draft by default: 201 {data: {uuid, locale, published_at: null, fields}}, file and event written before the answer', async () => {
    const r = await create('articles', { data: { title: 'First post', slug: 'first' } })
    expect(r.status).toBe(201)
    expect(Object.keys(r.body)).toEqual(['data'])
    expect(r.body.data).toMatchObject({ locale: 'en', published_at: null, fields: { title: 'First post', slug: 'first' } })
    expect(Object.keys(r.body.data)).toEqual(['uuid', 'locale', 'published_at', 'fields'])
    const stored = await file('articles', r.body.data.uuid)
    expect(stored).toMatchObject({ uuid: r.body.data.uuid, published: null, published_version: null, fields: { title: 'First post', slug: 'first' } })
    expect(events.at(-1)).toMatchObject({ event: 'content.created', source: 'api', entry_uuid: r.body.data.uuid, collection: { slug: 'articles' } })
  })

  test('state: published (or the older `status`) publishes at once as version 1', async () => {
    for (const body of [{ state: 'published' }, { status: 'published' }]) {
      const r = await create('articles', { ...body, data: { title: 'Live at once' } })
      expect(r.status).toBe(201)
      expect(r.body.data.published_at).toMatch(/^\d{4}-/)
      const stored = await file('articles', r.body.data.uuid)
      expect(stored.published_version).toBe(1)
      const v = JSON.parse(await readFile(join(env.project.contentDir, 'versions', 'articles', r.body.data.uuid, '1.json'), 'utf8'))
      expect(v).toMatchObject({ version_number: 1, fields: { title: 'Live at once' } })
      expect(events.slice(-2).map((e) => e.event)).toEqual(['content.created', 'content.published'])
      const listed = await env.req(`/articles/${r.body.data.uuid}`)
      expect(listed.status).toBe(200)
    }
  })

  test('locale defaults to the project default and must be one of its locales', async () => {
    expect((await create('articles', { locale: 'de', data: { title: 'Auf Deutsch' } })).body.data.locale).toBe('de')
    const bad = await create('articles', { locale: 'fr', data: { title: 'En français' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.locale).toEqual(['The selected locale is invalid for this project.'])
  })

  test('input forms become stored forms: [{value}] to arrays, refs to uuids, numbers, ranges; passwords hashed and never returned', async () => {
    const author = (await create('authors', { data: { name: 'Ann' } })).body.data.uuid
    const cats = [(await create('categories', { data: { name: 'A' } })).body.data.uuid, (await create('categories', { data: { name: 'B' } })).body.data.uuid]
    const r = await create('articles', { data: {
      title: 'All the types', tags: [{ value: 'x' }, { value: 'y' }], views: '42', featured: 'true', author: [author], categories: cats,
      kind: 'news', when: '2024-01-01 - 2024-01-31', published_on: '2024-02-29', starts: '2024-03-01 10:30', at: '09:15', tint: '#ff0000',
      contact: 'a@example.org', meta: { any: ['thing'] }, body: '<p>hi</p>', secret: 'hunter22', seo: { meta_title: 'T' },
      blocks: [{ heading: 'One', inner: { caption: 'ok' } }, { heading: 'Two' }],
    } })
    expect(r.status).toBe(201)
    expect(r.body.data.fields).not.toHaveProperty('secret')
    const stored = (await file('articles', r.body.data.uuid)).fields
    expect(stored).toMatchObject({
      tags: ['x', 'y'], views: 42, featured: true, author, categories: cats, when: { start: '2024-01-01', end: '2024-01-31' },
      blocks: [{ heading: 'One', inner: { caption: 'ok' } }, { heading: 'Two' }],
    })
    expect(stored.secret).toMatch(/^scrypt\$/)
    expect(JSON.stringify(stored)).not.toContain('hunter22')
  })
})

describe('validation: every problem in one 422 under data.<field>', () => {
  test('wrong collection relation, missing asset, duplicate unique, wrong type and unknown key, all at once', async () => {
    await create('articles', { data: { title: 'Taken slug', slug: 'taken' } })
    const author = (await create('authors', { data: { name: 'Bo' } })).body.data.uuid
    const r = await create('articles', { data: {
      title: 'Bad one', slug: 'taken', categories: [author], author, cover: '00000000-0000-4000-8000-000000000000', views: 'lots', nope: 1,
    } })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({
      'data.slug': ['The Slug has already been taken.'],
      'data.categories': ['One or more relation references are invalid for this project or collection.'],
      'data.cover': ['One or more media references are invalid for this project.'],
      'data.views': ['The Views must be numeric.'],
      'data.nope': ['Unknown field "nope": Articles has no field with this name.'],
    })
    expect(r.body.message).toMatch(/\(and 4 more errors\)$/)
  })

  test('required, character counts (own message wins), enumerations, formats, nested groups', async () => {
    const r = await create('articles', { data: {
      title: 'ab', kind: 'opinion', contact: 'not-an-email', tint: 'not a colour!', at: '25:00', published_on: '2024-02-30',
      when: { start: '2024-05-01', end: '2024-04-01' }, seo: {}, blocks: [{ heading: 'ok', inner: { caption: 'too long' } }],
      tags: [{ value: 1 }],
    } })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({
      'data.title': ['The Title must be between 3 and 40 characters.'],
      'data.kind': ['The selected Kind is invalid.'],
      'data.contact': ['The Contact must be a valid email address.'],
      'data.tint': ['The Tint must be a valid color.'],
      'data.at': ['The At is not a valid time (HH:MM or HH:MM:SS).'],
      'data.published_on': ['The Published on is not a valid date.'],
      'data.when': ['The When must end on or after its start.'],
      'data.seo.meta_title': ['The Meta title field is required.'],
      'data.blocks.0.inner.caption': ['Captions are short.'],
      'data.tags.0.value': ['The Tags must be a string.'],
    })
    const missing = await create('articles', { data: { title: null } })
    expect(missing.body.errors['data.title']).toEqual(['The Title field is required.'])
  })

  test('a second entry in a singleton (same locale) is refused; another locale is fine', async () => {
    expect((await create('settings', { data: { site_name: 'One' } })).status).toBe(201)
    const second = await create('settings', { data: { site_name: 'Two' } })
    expect(second.status).toBe(422)
    expect(second.body.errors.data).toEqual(['This collection is a singleton and already has an entry.'])
    expect((await create('settings', { locale: 'de', data: { site_name: 'Eins' } })).status).toBe(201)
  })

  test('an existing, live asset is a valid media reference', async () => {
    const uuid = '11111111-1111-4111-8111-111111111111'
    const at = new Date().toISOString()
    await env.server.ctx.store.putAsset({
      uuid, filename: 'a.png', original_filename: 'a.png', mime_type: 'image/png', size: 1, sha256: 'x', width: 1, height: 1, alt_text: null,
      title: null, caption: null, description: null, author: null, copyright: null, created_at: at, updated_at: at, deleted_at: null,
    }, 'cli')
    expect((await create('articles', { data: { title: 'With cover', cover: uuid } })).status).toBe(201)
  })

  test('bad bodies: 400 for non-JSON, 404 unknown collection, 422 for an invalid state', async () => {
    const res = await env.server.request('/articles', { method: 'POST', body: '{oops', token: env.token, headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect((await create('nothing-here', { data: {} })).status).toBe(404)
    const r = await create('articles', { state: 'live', data: { title: 'State?' } })
    expect(r.status).toBe(422)
    expect(r.body.errors.state).toBeDefined()
  })

  test('create needs a token with the create ability', async () => {
    expect((await env.req('/articles', { method: 'POST', json: { data: { title: 'No token' } }, token: null })).status).toBe(401)
    expect((await env.req('/articles', { method: 'POST', json: { data: { title: 'Reader' } }, token: env.readToken })).status).toBe(403)
  })
})
