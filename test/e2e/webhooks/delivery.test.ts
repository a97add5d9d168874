import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { setup, type Fixture } from './helpers.ts'

let f: Fixture
beforeEach(async () => { f = await setup() })
afterEach(async () => { await f.close() })

const hook = (extra: Record<string, unknown> = {}) => ({
  name: 'site', url: f.receiver.url, events: ['content.created', 'content.updated', 'content.published', 'content.unpublished', 'content.trashed', 'content.restored', 'content.deleted'],
  sources: ['api', 'cli', 'file'], ...extra,
})

describe('deliveries over the real API', () => {
  it('delivers every content event with the documented body, signed both ways', async () => {
    const secret = 'whsec_' + Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')
    const created = await f.api('/webhooks', { method: 'POST', json: hook({ secret }) })
    expect(created.status).toBe(201)
    const posts = f.server.ctx.store.collection('posts')!.collection
    const c = await f.api('/posts', { method: 'POST', json: { data: { title: 'Hello' } } })
    expect(c.status).toBe(201)
    const uuid = c.body.data.uuid as string
    expect((await f.api(`/posts/${uuid}`, { method: 'PATCH', json: { data: { title: 'Hello again' } } })).status).toBe(200)
    expect((await f.api(`/posts/${uuid}/publish`, { method: 'POST' })).status).toBe(200)
    expect((await f.api(`/posts/${uuid}/unpublish`, { method: 'POST' })).status).toBe(200)
    expect((await f.api(`/posts/${uuid}`, { method: 'DELETE' })).status).toBe(200)
    expect((await f.api(`/posts/${uuid}/restore`, { method: 'POST' })).status).toBe(200)
    expect((await f.api(`/posts/${uuid}?force=1`, { method: 'DELETE' })).status).toBe(200)
    const expected = ['content.created', 'content.updated', 'content.published', 'content.unpublished', 'content.trashed', 'content.restored', 'content.deleted']
    await vi.waitFor(() => expect(f.receiver.received.map((r) => r.body.event).sort()).toEqual([...expected].sort()), { timeout: 10_000 })
    const verifier = new Webhook(secret)
    const key = Buffer.from(secret.slice(6), 'base64')
    for (const r of f.receiver.received) {
      expect(Object.keys(r.body).slice(0, 8)).toEqual(['event', 'source', 'project_uuid', 'collection_id', 'collection', 'content_id', 'timestamp', 'delivery_id'])
      expect(r.body).toMatchObject({ source: 'api', project_uuid: f.project.projectId, collection_id: posts.uuid, collection: 'posts', content_id: uuid })
      expect(r.headers['webhook-id']).toBe(r.body.delivery_id)
      expect(() => verifier.verify(r.raw, r.headers as Record<string, string>)).not.toThrow()
      expect(r.headers['x-webhook-signature']).toBe(createHmac('sha256', key).update(r.raw).digest('hex'))
      if (r.body.event === 'content.deleted') expect(r.body).not.toHaveProperty('content_entry')
    }
    const createdEvent = f.receiver.received.find((r) => r.body.event === 'content.created')!
    expect(createdEvent.body.content_entry).toMatchObject({ uuid })
  })
})
