import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cms } from '../../helpers/cli.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { loadConfig } from '../../../src/config.ts'
import { receiverRules } from '../../../src/webhooks/local-receivers.ts'
import { checkUrl } from '../../../src/webhooks/url-safety.ts'
import { setup, template, type Fixture } from './helpers.ts'

/** No webhook variables at all: the defaults of a loopback-only server (and of the CLI without one). */
const BARE: Record<string, string> = { WEBHOOK_ALLOW_INSECURE_HTTP: '', WEBHOOK_ALLOW_PRIVATE_HOSTS: '' }
const hook = (url: string) => ({ name: 'h', url, events: ['content.created'], sources: ['api'] })

describe('plain http is exempt from the https rule for loopback receivers only (loopback-only defaults)', () => {
  let f: Fixture
  beforeAll(async () => { f = await setup(BARE) })
  afterAll(async () => { await f.close() })

  it('the server refuses http:// to any other host with a 422 naming WEBHOOK_ALLOW_INSECURE_HTTP', async () => {
    for (const url of ['http://hooks.example.com/x', 'http://93.184.216.34/hook', 'http://[2606:4700:4700::1111]/x', 'http://localhost.example.com/x']) {
      const res = await f.api('/webhooks', { method: 'POST', json: hook(url) })
      expect(res.status, url).toBe(422)
      expect(res.body.errors.url[0], url).toMatch(/https.*WEBHOOK_ALLOW_INSECURE_HTTP=true/)
    }
    // An update to such a URL is refused the same way.
    const ok = await f.api('/webhooks', { method: 'POST', json: hook(f.receiver.url) })
    expect(ok.status).toBe(201)
    const moved = await f.api(`/webhooks/${ok.body.uuid}`, { method: 'PUT', json: { url: 'http://hooks.example.com/x' } })
    expect(moved.status).toBe(422)
  })

  it('loopback receivers over http are still accepted: localhost, 127.0.0.0/8, ::1', async () => {
    for (const url of [f.receiver.url, f.receiver.url.replace('127.0.0.1', 'localhost'), 'http://127.0.0.2:9/x', 'http://[::1]:9/x']) {
      const res = await f.api('/webhooks', { method: 'POST', json: hook(url) })
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(201)
    }
  })
})

describe('the rules themselves', () => {
  const config = (env: Record<string, string>) => loadConfig({ dir: '/tmp/x/content', env })
  const resolver = (addresses: string[]) => async () => addresses

  it('loopback-only defaults: http to *.localhost and loopback literals, https for the rest (also at send time)', async () => {
    const rules = receiverRules(config({}), true)
    expect(await checkUrl('http://app.localhost:3000/x', rules, resolver(['127.0.0.1']))).toBeNull()
    expect(await checkUrl('http://[::ffff:127.0.0.1]:3000/x', rules)).toBeNull()
    // A name that resolves to loopback is not a loopback receiver by its URL: it needs https.
    expect(await checkUrl('http://dev.example.test/x', rules, resolver(['127.0.0.1']))).toMatch(/WEBHOOK_ALLOW_INSECURE_HTTP/)
    expect(await checkUrl('http://hooks.example.com/x', rules, resolver(['93.184.216.34']))).toMatch(/WEBHOOK_ALLOW_INSECURE_HTTP/)
    expect(await checkUrl('https://hooks.example.com/x', rules, resolver(['93.184.216.34']))).toBeNull()
  })

  it('WEBHOOK_ALLOW_INSECURE_HTTP still decides when set: true allows any http, false refuses loopback http too', async () => {
    const on = receiverRules(config({ WEBHOOK_ALLOW_INSECURE_HTTP: 'true' }), true)
    expect(await checkUrl('http://hooks.example.com/x', on, resolver(['93.184.216.34']))).toBeNull()
    const off = receiverRules(config({ WEBHOOK_ALLOW_INSECURE_HTTP: 'false' }), true)
    expect(await checkUrl('http://localhost:3000/x', off, resolver(['127.0.0.1']))).toMatch(/https/)
    const exposed = receiverRules(config({}), false)
    expect(await checkUrl('http://hooks.example.com/x', exposed, resolver(['93.184.216.34']))).toMatch(/WEBHOOK_ALLOW_INSECURE_HTTP/)
  })
})

describe('cms webhook add without a server', () => {
  let project: TempProject
  beforeAll(async () => { project = await makeProject(template) })
  afterAll(async () => { await project.cleanup() })
  const add = (url: string) => cms(['webhook', 'add', '--dir', project.contentDir, '--name', 'x', '--target-url', url, '--events', 'content.created', '--sources', 'cli', '--json'], { env: BARE })

  it('refuses http:// to a non-loopback host and accepts http://localhost', async () => {
    const bad = await add('http://hooks.example.com/x')
    expect(bad.code, bad.stdout + bad.stderr).toBe(1)
    expect(JSON.parse(bad.stdout).error.errors.url[0]).toMatch(/WEBHOOK_ALLOW_INSECURE_HTTP=true/)
    const good = await add('http://localhost:3000/api/revalidate')
    expect(good.code, good.stdout + good.stderr).toBe(0)
  })
})
