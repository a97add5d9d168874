import { afterEach, describe, expect, it, vi } from 'vitest'
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getEventListeners } from 'node:events'
import { setup, type Fixture } from './helpers.ts'
import { postDelivery } from '../../../src/webhooks/send.ts'

/**
 * Issue 12, defect 7: `CMS_WEBHOOK_TIMEOUT_MS` bounds the whole attempt (headers and body)
 * for deliveries and for `POST /webhooks/{uuid}/test`; a failing endpoint is paused by a
 * circuit instead of costing a timeout per queued event; no abort listener leaks.
 */
type Mode = 'silent' | 'headers-then-stall' | 'ok'

/** A real loopback receiver whose behaviour the test switches; stalled requests stay open until close. */
async function stallingReceiver(mode: Mode) {
  const state = { mode, hits: 0, okBodies: [] as string[] }
  const open = new Set<ServerResponse>()
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      state.hits++
      if (state.mode === 'ok') { state.okBodies.push(Buffer.concat(chunks).toString()); res.end('ok'); return }
      open.add(res)
      if (state.mode === 'headers-then-stall') { res.writeHead(200, { 'content-type': 'text/plain' }); res.write('partial') }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => { for (const r of open) r.destroy(); server.closeAllConnections(); server.close(() => resolve()) }),
  }
}

let f: Fixture | undefined
let receiver: Awaited<ReturnType<typeof stallingReceiver>> | undefined
afterEach(async () => {
  await f?.close()
  await receiver?.close()
  f = undefined
  receiver = undefined
})

async function hookTo(url: string): Promise<string> {
  const res = await f!.api('/webhooks', { method: 'POST', json: { name: 'slow', url, events: ['content.created'], sources: ['api'] } })
  expect(res.status).toBe(201)
  return res.body.uuid as string
}
const createPost = async (title = 'x') => expect((await f!.api('/posts', { method: 'POST', json: { data: { title } } })).status).toBe(201)
const logs = async (uuid: string) => (await f!.api(`/webhooks/${uuid}/logs?paginate=100`)).body.data as Array<Record<string, any>>

describe('webhook timeouts', () => {
  it('a receiver that never answers is logged as an error after CMS_WEBHOOK_TIMEOUT_MS', async () => {
    f = await setup({ CMS_WEBHOOK_TIMEOUT_MS: '300', CMS_WEBHOOK_MAX_ATTEMPTS: '1' })
    receiver = await stallingReceiver('silent')
    const uuid = await hookTo(receiver.url)
    await createPost()
    await vi.waitFor(async () => expect(await logs(uuid)).toHaveLength(1), { timeout: 8000, interval: 100 })
    const [log] = await logs(uuid)
    expect(log).toMatchObject({ status: 'error', error: expect.stringContaining('300 ms') })
    expect(log!.duration_ms).toBeGreaterThanOrEqual(250)
    expect(log!.duration_ms).toBeLessThan(5000)
  })

  it('a receiver that sends headers then stalls is an error, not a 200', async () => {
    f = await setup({ CMS_WEBHOOK_TIMEOUT_MS: '300', CMS_WEBHOOK_MAX_ATTEMPTS: '1' })
    receiver = await stallingReceiver('headers-then-stall')
    const uuid = await hookTo(receiver.url)
    await createPost()
    await vi.waitFor(async () => expect(await logs(uuid)).toHaveLength(1), { timeout: 8000, interval: 100 })
    const [log] = await logs(uuid)
    expect(log!.status).toBe('error')
    expect(log!.error).toMatch(/did not finish its body within 300 ms/)
    expect(log!.duration_ms).toBeLessThan(5000)
  })

  it('POST /webhooks/{uuid}/test answers within the timeout for both kinds of stall', async () => {
    f = await setup({ CMS_WEBHOOK_TIMEOUT_MS: '300' })
    receiver = await stallingReceiver('silent')
    const uuid = await hookTo(receiver.url)
    for (const mode of ['silent', 'headers-then-stall'] as const) {
      receiver.state.mode = mode
      const res = await f.server.request(`/webhooks/${uuid}/test`, { method: 'POST', token: 'cms_test_admin_token_0123456789', signal: AbortSignal.timeout(8000) })
      expect(res.status).toBe(200)
      const body = await res.json() as Record<string, any>
      expect(body).toMatchObject({ ok: false, status: 'error' })
      expect(body.error).toContain('300 ms')
    }
  })

  it('a dead receiver trips the circuit: queued events wait instead of each costing a timeout, then all arrive', async () => {
    f = await setup({ CMS_WEBHOOK_TIMEOUT_MS: '200', CMS_WEBHOOK_CONCURRENCY: '4', CMS_WEBHOOK_CIRCUIT_FAILURES: '4', CMS_WEBHOOK_CIRCUIT_COOLDOWN_MS: '300' })
    receiver = await stallingReceiver('silent')
    const uuid = await hookTo(receiver.url)
    for (let i = 0; i < 40; i++) await createPost(`p${i}`)
    const worker = f.server.ctx.webhooks!.worker!
    await vi.waitFor(() => expect(worker.circuit(uuid).open).toBe(true), { timeout: 8000, interval: 20 })
    // Let a probe fail too: the pause must hold across half-open attempts.
    await vi.waitFor(() => expect(worker.circuit(uuid).failures).toBeGreaterThanOrEqual(6), { timeout: 8000, interval: 20 })
    const deadHits = receiver.state.hits
    // Without a circuit every one of the 40 events would have been tried by now.
    expect(deadHits).toBeLessThan(12)
    receiver.state.mode = 'ok'
    await vi.waitFor(() => expect(new Set(receiver!.state.okBodies.map((b) => JSON.parse(b).content_entry?.fields?.title)).size).toBe(40), { timeout: 20_000, interval: 100 })
    expect(worker.circuit(uuid).open).toBe(false)
  })

  it('sends leave no abort listener on the worker\'s stop signal (10k deliveries warned MaxListenersExceeded)', async () => {
    receiver = await stallingReceiver('ok')
    const stop = new AbortController()
    for (let i = 0; i < 200; i++) {
      const result = await postDelivery({ url: receiver.url, body: '{}', deliveryId: `d${i}`, timestampSeconds: 1, secret: null, timeoutMs: 3000, signal: stop.signal })
      expect(result.httpStatus).toBe(200)
    }
    expect(receiver.state.okBodies).toHaveLength(200)
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0)
  })
})
