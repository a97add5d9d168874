import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { access, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setupWriting, type WritingEnv } from './setup.ts'
import type { DomainEvent } from '../../../src/core/types.ts'

let env: WritingEnv
const events: DomainEvent[] = []
const exists = (p: string) => access(p).then(() => true, () => false)

beforeAll(async () => {
  env = await setupWriting()
  env.server.ctx.events = { append: async (list) => { events.push(...list) } }
})
afterAll(() => env.close())

async function newArticle(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await env.req('/articles', { method: 'POST', json: { data: { title, ...extra } } })
  expect(r.status).toBe(201)
  return r.body.data.uuid
}
const titleIn = (list: Array<{ uuid: string; fields: { title: string } }>, uuid: string) => list.find((e) => e.uuid === uuid)?.fields.title

describe('drafts and publishing', () => {
  test('a draft update leaves the published listing alone and changes the draft listing; publish brings it live', async () => {
    const uuid = await newArticle('Original', { slug: 'orig' })
    const pub = await env.req(`/articles/${uuid}/publish`, { method: 'POST' })
    expect(pub.body).toMatchObject({ message: 'Content published as v1.', version_number: 1, entry: { uuid, fields: { title: 'Original' } } })

    const patch = await env.req(`/articles/${uuid}`, { method: 'PATCH', json: { data: { title: 'Edited' } } })
    expect(patch.status).toBe(200)
    expect(patch.body.data.fields).toMatchObject({ title: 'Edited', slug: 'orig' })
    expect(events.at(-1)).toMatchObject({ event: 'content.updated', entry_uuid: uuid, version: 1 })

    expect(titleIn((await env.req('/articles')).body, uuid)).toBe('Original')
    expect(titleIn((await env.req('/articles?state=draft')).body, uuid)).toBe('Edited')
    expect((await env.req(`/articles/${uuid}`)).body.data.fields.title).toBe('Original')

    const again = await env.req(`/articles/${uuid}/publish`, { method: 'POST' })
    expect(again.body.version_number).toBe(2)
    expect(titleIn((await env.req('/articles')).body, uuid)).toBe('Edited')
  })

  test('PUT replaces the draft (unsent fields go), PATCH merges; state: published in an update publishes', async () => {
    const uuid = await newArticle('Replace me', { slug: 'rep', views: 3 })
    const put = await env.req(`/articles/${uuid}`, { method: 'PUT', json: { data: { title: 'Replaced' } } })
    expect(put.body.data.fields).toMatchObject({ title: 'Replaced', slug: null, views: null })
    const missingRequired = await env.req(`/articles/${uuid}`, { method: 'PUT', json: { data: { views: 1 } } })
    expect(missingRequired.body.errors['data.title']).toEqual(['The Title field is required.'])
    const patchNoTitle = await env.req(`/articles/${uuid}`, { method: 'PATCH', json: { data: { views: 9 } } })
    expect(patchNoTitle.status).toBe(200)
    const live = await env.req(`/articles/${uuid}`, { method: 'PATCH', json: { state: 'published', data: { views: 10 } } })
    expect(live.status).toBe(200)
    expect((await env.req(`/articles/${uuid}`)).body.data.fields).toMatchObject({ title: 'Replaced', views: 10 })
    expect(events.slice(-2).map((e) => e.event)).toEqual(['content.updated', 'content.published'])
  })

  test('versions 1, 2, 3 over three publishes; list newest first; get one with its snapshot; label it', async () => {
    const uuid = await newArticle('Version one')
    for (const [i, title] of ['Version one', 'Version two', 'Version three'].entries()) {
      if (i > 0) await env.req(`/articles/${uuid}`, { method: 'PATCH', json: { data: { title } } })
      expect((await env.req(`/articles/${uuid}/publish`, { method: 'POST' })).body.version_number).toBe(i + 1)
    }
    const list = await env.req(`/articles/${uuid}/versions`)
    expect(list.body.map((v: { version_number: number }) => v.version_number)).toEqual([3, 2, 1])
    expect(list.body.map((v: { is_current_published: boolean }) => v.is_current_published)).toEqual([true, false, false])
    expect(Object.keys(list.body[0])).toEqual(expect.arrayContaining(['version_number', 'label', 'description', 'locale', 'published_at', 'created_at', 'is_current_published']))
    const two = await env.req(`/articles/${uuid}/versions/2`)
    expect(two.body.snapshot.fields.title).toBe('Version two')
    expect((await env.req(`/articles/${uuid}/versions/9`)).body).toEqual({ message: 'Version not found.' })
    const labelled = await env.req(`/articles/${uuid}/versions/2`, { method: 'PATCH', json: { label: 'Good one', description: 'before the rewrite' } })
    expect(labelled.body).toMatchObject({ version_number: 2, label: 'Good one', description: 'before the rewrite' })

    const revert = await env.req(`/articles/${uuid}/versions/2/revert`, { method: 'POST' })
    expect(revert.body).toMatchObject({ message: 'Reverted to version 2 (new version v4).', version: { version_number: 4, label: 'Revert to v2 (Good one)' }, entry: { fields: { title: 'Version two' } } })
    expect((await env.req(`/articles/${uuid}`)).body.data.fields.title).toBe('Version two')
    // After a revert, edit and publish again: v5.
    await env.req(`/articles/${uuid}`, { method: 'PATCH', json: { data: { title: 'Version five' } } })
    expect((await env.req(`/articles/${uuid}/publish`, { method: 'POST' })).body.version_number).toBe(5)
    expect((await env.req(`/articles/${uuid}/versions`)).body.length).toBe(5)
  })

  test('versions need a token even on a public project', async () => {
    const uuid = await newArticle('Private history')
    expect((await env.req(`/articles/${uuid}/versions`, { token: null })).status).toBe(401)
  })

  test('discard-draft resets the draft to the snapshot; 422 when there is nothing to discard', async () => {
    const uuid = await newArticle('Keep me')
    const never = await env.req(`/articles/${uuid}/discard-draft`, { method: 'POST' })
    expect(never.status).toBe(422)
    expect(never.body.message).toBe('No unpublished changes to discard.')
    await env.req(`/articles/${uuid}/publish`, { method: 'POST' })
    expect((await env.req(`/articles/${uuid}/discard-draft`, { method: 'POST' })).status).toBe(422)
    await env.req(`/articles/${uuid}`, { method: 'PATCH', json: { data: { title: 'Throw away' } } })
    const r = await env.req(`/articles/${uuid}/discard-draft`, { method: 'POST' })
    expect(r.body).toMatchObject({ message: 'Draft discarded; restored to the published version.', entry: { fields: { title: 'Keep me' } } })
    expect(titleIn((await env.req('/articles?state=draft')).body, uuid)).toBe('Keep me')
  })

  test('unpublish takes the entry off the published listing and keeps its versions; the next publish is max+1', async () => {
    const uuid = await newArticle('Come and go')
    await env.req(`/articles/${uuid}/publish`, { method: 'POST' })
    expect((await env.req(`/articles/${uuid}/unpublish`, { method: 'POST' })).body).toEqual({ message: 'Content unpublished.' })
    expect(events.at(-1)).toMatchObject({ event: 'content.unpublished', entry_uuid: uuid })
    expect((await env.req(`/articles/${uuid}`)).status).toBe(404)
    expect((await env.req(`/articles/${uuid}/versions`)).body.length).toBe(1)
    expect((await env.req(`/articles/${uuid}/publish`, { method: 'POST' })).body.version_number).toBe(2)
  })
})

describe('delete, trash and restore', () => {
  test('delete moves to the trash (file kept), restore brings it back, force removes file and versions', async () => {
    const uuid = await newArticle('Trash me', { slug: 'trash-me' })
    await env.req(`/articles/${uuid}/publish`, { method: 'POST' })
    const file = join(env.project.contentDir, 'entries', 'articles', `${uuid}.json`)
    expect((await env.req(`/articles/${uuid}`, { method: 'DELETE' })).body).toEqual({ message: 'Content deleted.' })
    expect(events.at(-1)).toMatchObject({ event: 'content.trashed', entry_uuid: uuid })
    expect(JSON.parse(await readFile(file, 'utf8')).deleted_at).toMatch(/^\d{4}-/)
    expect((await env.req(`/articles/${uuid}`)).status).toBe(404)
    expect((await env.req(`/articles/${uuid}`, { method: 'PATCH', json: { data: { title: 'Nope' } } })).status).toBe(404)
    // A trashed entry's unique value is free again; restoring while it is taken is refused.
    const other = await newArticle('Slug thief', { slug: 'trash-me' })
    const blocked = await env.req(`/articles/${uuid}/restore`, { method: 'POST' })
    expect(blocked.status).toBe(422)
    expect(blocked.body.errors['data.slug']).toEqual(['The Slug has already been taken.'])
    await env.req(`/articles/${other}`, { method: 'DELETE', json: { force: true } })
    const restored = await env.req(`/articles/${uuid}/restore`, { method: 'POST' })
    expect(restored.status).toBe(200)
    expect(events.at(-1)).toMatchObject({ event: 'content.restored', entry_uuid: uuid })
    expect((await env.req(`/articles/${uuid}`)).body.data.fields.title).toBe('Trash me')
    expect((await env.req(`/articles/${uuid}/restore`, { method: 'POST' })).status).toBe(422)

    expect((await env.req(`/articles/${uuid}?force=1`, { method: 'DELETE' })).body).toEqual({ message: 'Content deleted.' })
    expect(events.at(-1)).toMatchObject({ event: 'content.deleted', entry_uuid: uuid })
    expect(await exists(file)).toBe(false)
    expect(await exists(join(env.project.contentDir, 'versions', 'articles', uuid))).toBe(false)
    expect((await env.req(`/articles/${uuid}`, { method: 'DELETE' })).status).toBe(404)
  })

  test('delete needs the delete ability', async () => {
    const uuid = await newArticle('Guarded')
    expect((await env.req(`/articles/${uuid}`, { method: 'DELETE', token: env.readToken })).status).toBe(403)
  })
})

describe('translations', () => {
  test('link-translation joins two entries of different locales into one group', async () => {
    const en = await newArticle('Hello')
    const de = (await env.req('/articles', { method: 'POST', json: { locale: 'de', data: { title: 'Hallo' } } })).body.data.uuid
    const en2 = await newArticle('Hello again')
    const r = await env.req(`/articles/${en}/link-translation`, { method: 'POST', json: { translation_entry_uuid: de } })
    expect(r.body).toMatchObject({ message: 'Translation linked successfully.' })
    const group = r.body.translation_group_id
    for (const u of [en, de]) expect(env.server.ctx.store.collection('articles')!.entries.get(u)!.translation_group).toBe(group)
    const self = await env.req(`/articles/${en}/link-translation`, { method: 'POST', json: { translation_entry_uuid: en } })
    expect(self.body.message).toBe('Cannot link an entry to itself.')
    const same = await env.req(`/articles/${en}/link-translation`, { method: 'POST', json: { translation_entry_uuid: en2 } })
    expect(same.body.message).toBe('Translation entry must have a different locale.')
    const author = (await env.req('/authors', { method: 'POST', json: { locale: 'de', data: { name: 'X' } } })).body.data.uuid
    const wrong = await env.req(`/articles/${en}/link-translation`, { method: 'POST', json: { translation_entry_uuid: author } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.message).toBe('Translation entry not found in this collection.')
  })
})

describe('bulk', () => {
  test('bulk create is all-or-nothing with errors keyed items.<i>.<key>', async () => {
    const before = env.server.ctx.store.collection('articles')!.entries.size
    const bad = await env.req('/bulk/articles/entries', { method: 'POST', json: { items: [
      { data: { title: 'Bulk one', slug: 'bulk-dup' } }, { data: { title: 'Bulk two', slug: 'bulk-dup' } }, { data: { views: 'x' } },
    ] } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toMatchObject({ 'items.2.data.title': ['The Title field is required.'], 'items.2.data.views': ['The Views must be numeric.'] })
    expect(env.server.ctx.store.collection('articles')!.entries.size).toBe(before)
    const dup = await env.req('/bulk/articles/entries', { method: 'POST', json: { items: [{ data: { title: 'Bulk one', slug: 'bulk-dup' } }, { data: { title: 'Bulk two', slug: 'bulk-dup' } }] } })
    expect(dup.body.errors).toEqual({ 'items.1.data.slug': ['The Slug has already been taken.'] })
    expect(env.server.ctx.store.collection('articles')!.entries.size).toBe(before)

    const ok = await env.req('/bulk/articles/entries', { method: 'POST', json: { items: [{ data: { title: 'Bulk one' }, state: 'published' }, { data: { title: 'Bulk two' } }] } })
    expect(ok.status).toBe(201)
    expect(ok.body.message).toBe('Bulk content created successfully.')
    const [a, b] = ok.body.data.map((e: { uuid: string }) => e.uuid)
    const upd = await env.req('/bulk/articles/entries', { method: 'PATCH', json: { items: [{ uuid: a, data: { views: 1 } }, { uuid: b, data: { views: 2 }, state: 'published' }] } })
    expect(upd.body.message).toBe('Bulk content updated successfully.')
    expect((await env.req(`/articles/${b}`)).body.data.fields.views).toBe(2)
    const missing = await env.req('/bulk/articles/entries', { method: 'PATCH', json: { items: [{ uuid: '00000000-0000-4000-8000-000000000000', data: {} }] } })
    expect(missing.body.errors.items[0]).toMatch(/^Some entries do not exist in this collection/)
    const del = await env.req('/bulk/articles/entries', { method: 'DELETE', json: { uuids: [a, b], force: true } })
    expect(del.body).toEqual({ message: 'Bulk content deleted successfully.', count: 2, force: true })
    expect(env.server.ctx.store.collection('articles')!.entries.has(a)).toBe(false)
  })
})
