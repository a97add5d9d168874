import { spawn, type ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { cms, CMS_BIN } from '../../helpers/cli.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startReceiver, template, type Receiver } from './helpers.ts'
import { loadConfig } from '../../../src/config.ts'
import { receiverRules } from '../../../src/webhooks/local-receivers.ts'
import { checkUrl } from '../../../src/webhooks/url-safety.ts'

/** No webhook variables at all: what a new user has. */
const BARE: Record<string, string> = { WEBHOOK_ALLOW_INSECURE_HTTP: '', WEBHOOK_ALLOW_PRIVATE_HOSTS: '', CMS_WEBHOOK_RETRY_BASE_MS: '50' }

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function fixture(): Promise<{ project: TempProject; receiver: Receiver }> {
  const project = await makeProject(template)
  const receiver = await startReceiver()
  cleanups.push(() => project.cleanup(), () => receiver.close())
  return { project, receiver }
}

const add = (dir: string, url: string, env: Record<string, string>) =>
  cms(['webhook', 'add', '--dir', dir, '--name', 'revalidate', '--target-url', url, '--events', 'content.created', '--sources', 'api,cli', '--json'], { env })

describe('webhooks to a local receiver work without settings on a loopback machine', () => {
  test('CLI without a server: http://127.0.0.1 receiver is accepted and the create is delivered', async () => {
    const { project, receiver } = await fixture()
    const added = await add(project.contentDir, receiver.url, BARE)
    expect(added.code, added.stdout + added.stderr).toBe(0)
    const created = await cms(['entry', 'create', 'posts', '--dir', project.contentDir, '--data', '{"title":"Hi"}'], { env: BARE })
    expect(created.code, created.stderr).toBe(0)
    expect(receiver.received).toHaveLength(1)
    expect(receiver.received[0]!.body.event).toBe('content.created')
  })

  test('cms serve on loopback: a write through the server reaches a localhost receiver', async () => {
    const { project, receiver } = await fixture()
    const env = { ...process.env, ...BARE }
    const child: ChildProcess = spawn(process.execPath, [CMS_BIN, 'serve', '--dir', project.contentDir, '--port', '0', '--quiet'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    cleanups.push(async () => { if (child.exitCode === null) { child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)) } })
    let out = ''
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    await vi.waitFor(() => expect(out).toMatch(/url:\s+http/), { timeout: 20_000 })
    const localhostUrl = receiver.url.replace('127.0.0.1', 'localhost')
    expect((await add(project.contentDir, localhostUrl, BARE)).code).toBe(0)
    expect((await cms(['entry', 'create', 'posts', '--dir', project.contentDir, '--data', '{"title":"Hi"}'], { env: BARE })).code).toBe(0)
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 })
  })

  test('a delivery refused by explicit settings is reported by the write that caused it; webhook test says why', async () => {
    const { project, receiver } = await fixture()
    const added = JSON.parse((await add(project.contentDir, receiver.url, BARE)).stdout) as { uuid: string }
    const strict = { ...BARE, WEBHOOK_ALLOW_PRIVATE_HOSTS: 'false' }
    const created = await cms(['entry', 'create', 'posts', '--dir', project.contentDir, '--data', '{"title":"Hi"}'], { env: strict })
    expect(created.code).toBe(0)
    expect(created.stderr).toMatch(/webhook "revalidate" not delivered to http:\/\/127\.0\.0\.1:\d+\/hook: .*WEBHOOK_ALLOW_PRIVATE_HOSTS/)
    const test = await cms(['webhook', 'test', added.uuid, '--dir', project.contentDir], { env: strict })
    expect(test.code).toBe(1)
    expect(test.stderr).toMatch(/loopback.*WEBHOOK_ALLOW_PRIVATE_HOSTS=true/)
    expect(receiver.received).toHaveLength(0)
  })

  test('rules: a non-loopback bind keeps the strict rules; explicit variables win either way', async () => {
    const config = (env: Record<string, string>) => loadConfig({ dir: '/tmp/x/content', env })
    const loopback = receiverRules(config({}), true)
    const exposed = receiverRules(config({}), false)
    expect(await checkUrl('http://127.0.0.1:3000/api/revalidate', loopback)).toBeNull()
    expect(await checkUrl('http://[::1]:3000/x', loopback)).toBeNull()
    // Only loopback, not the rest of the private ranges.
    expect(await checkUrl('https://10.0.0.5/x', loopback)).toMatch(/WEBHOOK_ALLOW_PRIVATE_HOSTS/)
    expect(await checkUrl('http://127.0.0.1:3000/x', exposed)).toMatch(/WEBHOOK_ALLOW_INSECURE_HTTP/)
    expect(await checkUrl('https://127.0.0.1:3000/x', exposed)).toMatch(/WEBHOOK_ALLOW_PRIVATE_HOSTS/)
    expect(await checkUrl('http://127.0.0.1:3000/x', receiverRules(config({ WEBHOOK_ALLOW_INSECURE_HTTP: 'false' }), true))).toMatch(/https/)
    expect(await checkUrl('http://127.0.0.1:3000/x', receiverRules(config({ WEBHOOK_ALLOW_INSECURE_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' }), false))).toBeNull()
  })
})
