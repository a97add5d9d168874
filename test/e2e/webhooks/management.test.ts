import { afterEach, describe, expect, it, vi } from 'vitest'
import { readFile, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { setup, type Fixture } from './helpers.ts'
import { isBlockedAddress, checkUrl } from '../../../src/webhooks/url-safety.ts'

let f: Fixture | undefined
afterEach(async () => { await f?.close(); f = undefined })

const base = (url: string) => ({ name: 'h', url, events: ['content.created'], sources: ['api'] })

async function allFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, item.name)
    if (item.isDirectory()) out.push(...(await allFiles(path)))
    else out.push(path)
  }
  return out
}

describe('URL safety (default settings)', () => {
  it('refuses http, credentials, loopback and private hosts with clear 422s naming the setting', async () => {
    // Set to false: the strict rules of a server that listens beyond loopback (loopback-only defaults are in test/firstrun).
    f = await setup({ WEBHOOK_ALLOW_INSECURE_HTTP: 'false', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'false' })
    const cases: Array<[string, RegExp]> = [
      ['http://93.184.216.34/hook', /WEBHOOK_ALLOW_INSECURE_HTTP=true/],
      ['https://user:pass@93.184.216.34/hook', /credentials/],
      ['https://127.0.0.1/hook', /WEBHOOK_ALLOW_PRIVATE_HOSTS=true/],
      ['https://localhost:8443/hook', /WEBHOOK_ALLOW_PRIVATE_HOSTS=true/],
      ['https://[::1]/hook', /WEBHOOK_ALLOW_PRIVATE_HOSTS=true/],
      ['https://10.1.2.3/hook', /WEBHOOK_ALLOW_PRIVATE_HOSTS=true/],
      ['https://192.168.0.10/hook', /private/],
      ['https://169.254.169.254/latest/meta-data', /link-local/],
      ['https://[::ffff:127.0.0.1]/hook', /WEBHOOK_ALLOW_PRIVATE_HOSTS=true/],
      ['ftp://93.184.216.34/', /https/],
      ['not a url', /valid/],
    ]
    for (const [url, message] of cases) {
      const res = await f.api('/webhooks', { method: 'POST', json: base(url) })
      expect(res.status, url).toBe(422)
      expect(res.body.errors.url[0], url).toMatch(message)
      expect(res.body.message).toEqual(expect.any(String))
    }
    // A public address is accepted.
    expect((await f.api('/webhooks', { method: 'POST', json: base('https://93.184.216.34/hook') })).status).toBe(201)
  })

  it('checks the resolved addresses of a host name (at save and at send time)', async () => {
    const rules = { allowInsecureHttp: false, allowPrivateHosts: false }
    expect(await checkUrl('https://hooks.example.test/x', rules, async () => ['10.0.0.5'])).toMatch(/10\.0\.0\.5.*WEBHOOK_ALLOW_PRIVATE_HOSTS/)
    expect(await checkUrl('https://hooks.example.test/x', rules, async () => ['93.184.216.34', '::1'])).toMatch(/::1/)
    expect(await checkUrl('https://hooks.example.test/x', rules, async () => { throw new Error('ENOTFOUND') })).toMatch(/could not be resolved/)
    expect(await checkUrl('https://hooks.example.test/x', rules, async () => ['93.184.216.34'])).toBeNull()
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '::ffff:a00:1']) {
      expect(isBlockedAddress(ip), ip).toBe(true)
    }
    for (const ip of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect(isBlockedAddress(ip), ip).toBe(false)
  })

  it('blocks a delivery whose host became private after it was saved', async () => {
    f = await setup()
    const hook = (await f.api('/webhooks', { method: 'POST', json: base(f.receiver.url) })).body
    // The setting is turned off after saving: the send-time check refuses it.
    const worker = f.server.ctx.webhooks!
    ;(worker.settings.rules as { allowPrivateHosts: boolean; allowLoopbackHosts?: boolean }).allowPrivateHosts = false
    ;(worker.settings.rules as { allowLoopbackHosts?: boolean }).allowLoopbackHosts = false
    expect((await f.api('/posts', { method: 'POST', json: { data: { title: 'x' } } })).status).toBe(201)
    await vi.waitFor(async () => expect((await f!.api(`/webhooks/${hook.uuid}/logs`)).body.data[0]?.status).toBe('blocked'))
    expect(f.receiver.received).toHaveLength(0)
  })
})

describe('management API', () => {
  it('creates, lists, shows, updates (keeping the secret) and deletes; the secret never leaves .cms/', async () => {
    f = await setup()
    const secret = 'my-very-secret-value'
    const created = await f.api('/webhooks', { method: 'POST', json: { ...base(f.receiver.url), description: 'rebuild', secret, collection_ids: ['posts'] } })
    expect(created.status).toBe(201)
    const uuid = created.body.uuid as string
    expect(created.body).toMatchObject({ name: 'h', description: 'rebuild', payload: true, status: true, has_secret: true, events: ['content.created'], sources: ['api'] })
    expect(created.body).not.toHaveProperty('secret')
    expect((await f.api('/webhooks')).body).toHaveLength(1)
    expect((await f.api(`/webhooks/${uuid}`)).body.uuid).toBe(uuid)
    const updated = await f.api(`/webhooks/${uuid}`, { method: 'PUT', json: { name: 'renamed', events: ['content.created', 'content.published'] } })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ name: 'renamed', has_secret: true, description: 'rebuild' })
    expect(f.server.ctx.webhooks!.secrets.get(uuid)).toBe(secret)
    // Deliveries are signed with the kept secret; the secret is in no response, log or content file.
    expect((await f.api('/posts', { method: 'POST', json: { data: { title: 'x' } } })).status).toBe(201)
    await vi.waitFor(async () => expect((await f!.api(`/webhooks/${uuid}/logs`)).body.meta.total).toBe(1))
    expect(f.receiver.received[0]!.headers['x-webhook-signature']).toEqual(expect.any(String))
    const texts = [
      JSON.stringify((await f.api('/webhooks')).body), JSON.stringify((await f.api(`/webhooks/${uuid}`)).body),
      JSON.stringify((await f.api(`/webhooks/${uuid}/logs`)).body),
      ...(await Promise.all((await allFiles(f.project.contentDir)).map((p) => readFile(p, 'utf8')))),
      ...(await Promise.all((await allFiles(join(f.project.stateDir, 'webhooks'))).map((p) => readFile(p, 'utf8')))),
    ]
    for (const text of texts) expect(text).not.toContain(secret)
    const secretsFile = join(f.project.stateDir, 'secrets.json')
    expect(await readFile(secretsFile, 'utf8')).toContain(secret)
    expect((await stat(secretsFile)).mode & 0o777).toBe(0o600)
    expect(await readFile(join(f.project.contentDir, 'webhooks', `${uuid}.yaml`), 'utf8')).toContain('has_secret: true')
    const del = await f.server.request(`/webhooks/${uuid}`, { method: 'DELETE', token: 'cms_test_admin_token_0123456789' })
    expect(del.status).toBe(204)
    expect((await f.api(`/webhooks/${uuid}`)).status).toBe(404)
    expect(await readFile(secretsFile, 'utf8')).not.toContain(secret)
  })

  it('answers 422 naming each bad field, 404 for unknown webhooks, and needs an admin token', async () => {
    f = await setup()
    const bad = await f.api('/webhooks', { method: 'POST', json: { url: f.receiver.url, events: ['content.exploded'], sources: ['ftp'], payload: 'yes', collection_ids: ['nope'], secret: '123' } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['collection_ids', 'events', 'name', 'payload', 'secret', 'sources'])
    expect(bad.body.errors.events[0]).toMatch(/content\.exploded/)
    const missing = await f.api('/webhooks', { method: 'POST', json: {} })
    expect(Object.keys(missing.body.errors).sort()).toEqual(['events', 'name', 'sources', 'url'])
    for (const path of ['/webhooks/00000000-0000-4000-8000-000000000000', '/webhooks/not-a-uuid', '/webhooks/00000000-0000-4000-8000-000000000000/logs']) {
      const res = await f.api(path)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: 'Webhook not found.' })
    }
    const noToken = await f.server.request('/webhooks')
    expect(noToken.status).toBe(401)
  })

  it('paginates logs newest first in the spec envelope', async () => {
    f = await setup()
    const hook = (await f.api('/webhooks', { method: 'POST', json: base(f.receiver.url) })).body
    for (let i = 0; i < 5; i++) expect((await f.api('/posts', { method: 'POST', json: { data: { title: `p${i}` } } })).status).toBe(201)
    await vi.waitFor(async () => expect((await f!.api(`/webhooks/${hook.uuid}/logs`)).body.meta.total).toBe(5))
    const page2 = (await f.api(`/webhooks/${hook.uuid}/logs?paginate=2&page=2`)).body
    expect(page2.data).toHaveLength(2)
    expect(page2.meta).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5, from: 3, to: 4 })
    expect(page2.links.next).toMatch(/page=3/)
    expect(page2.links.prev).toMatch(/page=1/)
    const all = (await f.api(`/webhooks/${hook.uuid}/logs`)).body.data as Array<{ created_at: string }>
    const times = all.map((r) => r.created_at)
    expect([...times].sort().reverse()).toEqual(times)
    expect((await f.api(`/webhooks/${hook.uuid}/logs?paginate=500`)).status).toBe(422)
  })

  it('sends a signed test ping and redelivers a logged delivery under a new id', async () => {
    f = await setup()
    f.receiver.respond = () => ({ status: 200, body: 'pong' })
    const hook = (await f.api('/webhooks', { method: 'POST', json: { ...base(f.receiver.url), secret: 'whsec_' + Buffer.from('k'.repeat(24)).toString('base64') } })).body
    const ping = await f.api(`/webhooks/${hook.uuid}/test`, { method: 'POST' })
    expect(ping.status).toBe(200)
    expect(ping.body).toMatchObject({ ok: true, status: '200', signed: true, response: { status: 200, body: 'pong' } })
    expect(f.receiver.received[0]!.body.event).toBe('webhook.test')
    expect((await f.api('/posts', { method: 'POST', json: { data: { title: 'x' } } })).status).toBe(201)
    await vi.waitFor(() => expect(f!.receiver.received).toHaveLength(2))
    const first = f.receiver.received[1]!.body
    const again = await f.api(`/webhooks/deliveries/${String(first.delivery_id)}/redeliver`, { method: 'POST' })
    expect(again.status).toBe(202)
    await vi.waitFor(() => expect(f!.receiver.received).toHaveLength(3))
    const third = f.receiver.received[2]!.body
    expect(third).toMatchObject({ event: 'content.created', content_id: first.content_id, delivery_id: again.body.delivery_id })
    expect(third.delivery_id).not.toBe(first.delivery_id)
    expect((await f.api('/webhooks/deliveries/00000000-0000-4000-8000-000000000000/redeliver', { method: 'POST' })).status).toBe(404)
  })
})
