import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setup, type Fixture } from './helpers.ts'

let f: Fixture
beforeEach(async () => { f = await setup() })
afterEach(async () => { await f.close() })

const addHook = async (extra: Record<string, unknown> = {}) => {
  const res = await f.api('/webhooks', { method: 'POST', json: { name: 'h', url: f.receiver.url, events: ['content.created'], sources: ['api'], ...extra } })
  expect(res.status).toBe(201)
  return res.body as { uuid: string }
}
const createPost = async (slug = 'posts') => {
  const res = await f.api(`/${slug}`, { method: 'POST', json: { data: { title: 'x' } } })
  expect(res.status).toBe(201)
  return res.body.data.uuid as string
}
const logs = async (uuid: string) => (await f.api(`/webhooks/${uuid}/logs?paginate=100`)).body

describe('filters', () => {
  it('payload: false leaves content_entry out; payload: true includes it', async () => {
    await addHook({ payload: false, name: 'lean' })
    const second = await f.receiver.url.replace('/hook', '/full')
    await addHook({ url: second, name: 'full' })
    const uuid = await createPost()
    await vi.waitFor(() => expect(f.receiver.received).toHaveLength(2))
    const lean = f.receiver.received.find((r) => r.headers.host && r.raw && !('content_entry' in r.body))
    const full = f.receiver.received.find((r) => 'content_entry' in r.body)
    expect(lean).toBeDefined()
    expect(full?.body.content_entry).toMatchObject({ uuid, fields: { title: 'x' } })
  })

  it('collection filter, source filter and disabled webhooks hold', async () => {
    const pages = f.server.ctx.store.collection('pages')!.collection
    await addHook({ name: 'pages only', collection_ids: ['pages'] })
    await addHook({ name: 'cli only', sources: ['cms'] })
    await addHook({ name: 'off', status: false })
    const all = await addHook({ name: 'all' })
    await createPost('posts')
    await createPost('pages')
    // 'all' gets both; 'pages only' gets the page; the cli-only and disabled hooks get nothing.
    await vi.waitFor(() => expect(f.receiver.received).toHaveLength(3))
    const byCollection = f.receiver.received.map((r) => r.body.collection).sort()
    expect(byCollection).toEqual(['pages', 'pages', 'posts'])
    expect((await logs(all.uuid)).meta.total).toBe(2)
    const listed = (await f.api('/webhooks')).body as Array<Record<string, unknown>>
    expect(listed.find((w) => w.name === 'pages only')).toMatchObject({ collection_ids: [pages.uuid], collections: [{ uuid: pages.uuid, slug: 'pages' }] })
    expect(listed.find((w) => w.name === 'cli only')).toMatchObject({ sources: ['cli'] })
  })
})

describe('retries and final answers', () => {
  it('a receiver that fails twice then succeeds shows three logged attempts, one delivery_id', async () => {
    f.receiver.respond = (_r, n) => (n <= 2 ? { status: 503, body: 'busy' } : { status: 200, body: 'thanks' })
    const hook = await addHook()
    await createPost()
    await vi.waitFor(async () => expect((await logs(hook.uuid)).meta.total).toBe(3), { timeout: 10_000 })
    const page = await logs(hook.uuid)
    const records = page.data as Array<Record<string, any>>
    expect(records.map((r) => r.status)).toEqual(['200', '503', '503'])
    expect(records.map((r) => r.attempt)).toEqual([3, 2, 1])
    expect(new Set(records.map((r) => r.delivery_id)).size).toBe(1)
    expect(records[0]).toMatchObject({ action: 'content.created', url: f.receiver.url, response: { status: 200, body: 'thanks', body_truncated: false }, error: null })
    expect(records[1].next_attempt_at).toEqual(expect.any(String))
    expect(records[0].request).toMatchObject({ event: 'content.created', delivery_id: records[0].delivery_id })
    expect(new Set(f.receiver.received.map((r) => r.body.delivery_id)).size).toBe(1)
  })

  it('honours Retry-After on 429', async () => {
    f.receiver.respond = (_r, n) => (n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 204 })
    const hook = await addHook()
    await createPost()
    await vi.waitFor(async () => expect((await logs(hook.uuid)).meta.total).toBe(2), { timeout: 10_000 })
    const [second, first] = (await logs(hook.uuid)).data as Array<Record<string, any>>
    expect(first.status).toBe('429')
    expect(Date.parse(first.next_attempt_at) - Date.parse(first.created_at)).toBeGreaterThanOrEqual(1000)
    expect(second.status).toBe('204')
  })

  it('a 400 is not retried', async () => {
    f.receiver.respond = () => ({ status: 400, body: 'bad' })
    const hook = await addHook()
    await createPost()
    await vi.waitFor(async () => expect((await logs(hook.uuid)).meta.total).toBe(1))
    // A later event still goes out (the webhook stays enabled), and the first one was never retried.
    f.receiver.respond = () => ({ status: 200 })
    await createPost()
    await vi.waitFor(async () => expect((await logs(hook.uuid)).meta.total).toBe(2))
    expect(f.receiver.received).toHaveLength(2)
    expect(((await logs(hook.uuid)).data as Array<Record<string, any>>).map((r) => r.status)).toEqual(['200', '400'])
  })

  it('a 410 disables the webhook and logs why', async () => {
    f.receiver.respond = () => ({ status: 410 })
    const hook = await addHook()
    await createPost()
    await vi.waitFor(async () => expect((await f.api(`/webhooks/${hook.uuid}`)).body.status).toBe(false))
    const [log] = (await logs(hook.uuid)).data as Array<Record<string, any>>
    expect(log).toMatchObject({ status: '410' })
    expect(log.error).toMatch(/disabled/)
    await createPost()
    await f.server.ctx.webhooks!.worker!.drain(200)
    expect(f.receiver.received).toHaveLength(1)
  })

  it('gives up after the configured number of attempts, and caps the logged response body at 8 KB', async () => {
    await f.close()
    f = await setup({ CMS_WEBHOOK_MAX_ATTEMPTS: '2' })
    f.receiver.respond = () => ({ status: 500, body: 'x'.repeat(10_000) })
    const hook = await addHook()
    await createPost()
    await vi.waitFor(async () => expect((await logs(hook.uuid)).meta.total).toBe(2))
    await vi.waitFor(() => expect(f.server.ctx.webhooks!.outbox.size).toBe(0))
    const [last] = (await logs(hook.uuid)).data as Array<Record<string, any>>
    expect(last.error).toMatch(/gave up after 2 attempts/)
    expect(last.response.body_truncated).toBe(true)
    expect(Buffer.byteLength(last.response.body)).toBeLessThanOrEqual(8192 + 3)
  })

  it('a network error is logged as error and retried', async () => {
    // A port that was just free: nothing listens there.
    const { createServer } = await import('node:net')
    const probe = createServer().listen(0, '127.0.0.1')
    await new Promise((resolve) => probe.once('listening', resolve))
    const port = (probe.address() as { port: number }).port
    await new Promise((resolve) => probe.close(resolve))
    const hook = await addHook({ url: `http://127.0.0.1:${port}/unreachable` })
    await createPost()
    await vi.waitFor(async () => expect((await logs(hook.uuid)).meta.total).toBeGreaterThanOrEqual(2), { timeout: 10_000 })
    const records = (await logs(hook.uuid)).data as Array<Record<string, any>>
    expect(records.every((r) => r.status === 'error' && r.response === null && /ECONNREFUSED/.test(r.error))).toBe(true)
  })
})

describe('secrets held and missing', () => {
  it('a webhook whose secret is missing holds its deliveries and never sends unsigned', async () => {
    const hook = await addHook({ secret: 'supersecret' })
    // The secret file is lost (e.g. the project was cloned on another machine).
    const { rm } = await import('node:fs/promises')
    await rm(f.server.ctx.webhooks!.secrets.path)
    await createPost()
    await vi.waitFor(async () => expect((await logs(hook.uuid)).meta.total).toBe(1))
    const [held] = (await logs(hook.uuid)).data as Array<Record<string, any>>
    expect(held).toMatchObject({ status: 'held' })
    expect(held.error).toMatch(/CMS_WEBHOOK_SECRET_/)
    expect(f.receiver.received).toHaveLength(0)
    expect(f.server.ctx.webhooks!.outbox.size).toBe(1)
    // Saving a secret again releases the held delivery, signed.
    expect((await f.api(`/webhooks/${hook.uuid}`, { method: 'PUT', json: { secret: 'anothersecret' } })).status).toBe(200)
    await vi.waitFor(() => expect(f.receiver.received).toHaveLength(1))
    expect(f.receiver.received[0]!.headers['webhook-signature']).toMatch(/^v1,/)
  })
})
