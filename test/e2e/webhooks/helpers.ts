import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { hashToken } from '../../../src/service/tokens/manage.ts'

export const template = {
  format: 'elmapicms', version: 1, type: 'project', name: 'Webhook tests', default_locale: 'en', locales: ['en'], public_api: true,
  collections: [
    { name: 'Posts', slug: 'posts', is_singleton: false, fields: [field('title', 'text'), field('body', 'longtext')] },
    { name: 'Pages', slug: 'pages', is_singleton: false, fields: [field('title', 'text')] },
  ],
  demo_data: [],
}

/** Settings every webhook test runs with: loopback http receivers allowed, fast retries. */
export const TEST_ENV: Record<string, string> = {
  WEBHOOK_ALLOW_INSECURE_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
  CMS_WEBHOOK_RETRY_BASE_MS: '50',
  CMS_WEBHOOK_RETRY_FACTOR: '2',
  CMS_WEBHOOK_RETRY_JITTER: '0',
  CMS_WEBHOOK_TIMEOUT_MS: '3000',
}

export const ADMIN = 'cms_test_admin_token_0123456789'

interface Received {
  headers: IncomingHttpHeaders
  raw: string
  body: Record<string, unknown>
}

/** A real HTTP receiver on loopback. `respond` decides each answer (default 200 `ok`). */
export interface Receiver {
  url: string
  received: Received[]
  respond: (req: Received, n: number) => { status: number; body?: string; headers?: Record<string, string>; delayMs?: number }
  close(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    respond: () => ({ status: 200, body: 'ok' }),
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      let body: Record<string, unknown> = {}
      try { body = JSON.parse(raw) as Record<string, unknown> } catch { /* recorded raw */ }
      const got = { headers: req.headers, raw, body }
      receiver.received.push(got)
      const answer = receiver.respond(got, receiver.received.length)
      const send = () => { res.writeHead(answer.status, answer.headers ?? {}); res.end(answer.body ?? '') }
      if (answer.delayMs) setTimeout(send, answer.delayMs)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  return receiver
}

export interface Fixture {
  project: TempProject
  server: TestServer
  receiver: Receiver
  /** JSON request with the admin token. */
  api(path: string, init?: { method?: string; json?: unknown; token?: string }): Promise<{ status: number; body: any }>
  close(): Promise<void>
}

/** A project with an admin token, a test server with TEST_ENV (plus `env`), and a receiver. */
export async function setup(env: Record<string, string> = {}, options: { watch?: boolean } = {}): Promise<Fixture> {
  const project = await makeProject(template)
  await seedAdminToken(project.contentDir)
  const server = await startTestServer(project.contentDir, { env: { ...TEST_ENV, ...env }, ...(options.watch ? { watch: true } : {}) })
  const receiver = await startReceiver()
  return {
    project, server, receiver,
    async api(path, init = {}) {
      const res = await server.request(path, { method: init.method ?? 'GET', token: init.token ?? ADMIN, ...(init.json !== undefined ? { json: init.json } : {}) })
      const text = await res.text()
      return { status: res.status, body: text ? JSON.parse(text) : null }
    },
    async close() {
      await server.close()
      await receiver.close()
      await project.cleanup()
    },
  }
}

/** Writes tokens.yaml with one admin+create+update+delete token (ADMIN). */
export async function seedAdminToken(contentDir: string): Promise<void> {
  const { ContentStore } = await import('../../../src/storage/store.ts')
  const store = await ContentStore.open(contentDir)
  await store.putTokens([{
    name: 'admin', abilities: ['read', 'create', 'update', 'delete', 'admin'], hash: hashToken(ADMIN), last4: ADMIN.slice(-4),
    created_at: new Date().toISOString(), expires_at: null,
  }], 'cli')
  await store.flush()
}
