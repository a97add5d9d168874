import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { getEventListeners } from 'node:events'
import { setup, type Fixture } from './helpers.ts'
import { postDelivery } from '../../../src/webhooks/send.ts'

/**
 * MaxListenersExceededWarning after ~2,000 deliveries: every send hung a listener on the
 * worker's one stop signal while in flight, and a few webhooks times the per-webhook
 * concurrency (8) passed Node's limit of 10. Each send now has its own signal.
 */
describe('webhook deliveries hang no listeners on a long-lived signal', () => {
  let f: Fixture
  const warnings: Error[] = []
  const onWarning = (w: Error) => { if (w.name === 'MaxListenersExceededWarning') warnings.push(w) }
  let inFlight = 0
  let maxInFlight = 0
  beforeAll(async () => {
    process.on('warning', onWarning)
    f = await setup()
    f.receiver.respond = () => {
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      setTimeout(() => inFlight--, 40)
      return { status: 200, body: 'ok', delayMs: 40 }
    }
  })
  afterAll(async () => {
    process.off('warning', onWarning)
    await f.close()
  })

  it('three webhooks with many deliveries in flight at once: no MaxListenersExceededWarning', async () => {
    for (const name of ['a', 'b', 'c']) {
      const res = await f.api('/webhooks', { method: 'POST', json: { name, url: f.receiver.url, events: ['content.created'], sources: ['api'] } })
      expect(res.status).toBe(201)
    }
    const posts = 40
    await Promise.all(Array.from({ length: posts }, (_, i) => f.api('/posts', { method: 'POST', json: { data: { title: `p${i}` } } })))
    await vi.waitFor(() => expect(f.receiver.received).toHaveLength(posts * 3), { timeout: 20_000, interval: 20 })
    // The case the old code warned on: more than 10 sends of one worker at the same time.
    expect(maxInFlight).toBeGreaterThan(10)
    // Warnings are emitted on a later tick: let one pass before looking.
    await new Promise((resolve) => setImmediate(resolve))
    expect(warnings.map((w) => w.message)).toEqual([])
  })

  it('a caller\'s signal keeps no listener after sends that fail (refused connection, timeout)', async () => {
    const stop = new AbortController()
    const closed = `http://127.0.0.1:9/closed`
    for (let i = 0; i < 20; i++) {
      const result = await postDelivery({ url: closed, body: '{}', deliveryId: `d${i}`, timestampSeconds: 1, secret: null, timeoutMs: 2000, signal: stop.signal })
      expect(result.httpStatus).toBeNull()
    }
    f.receiver.respond = () => ({ status: 200, delayMs: 500 })
    for (let i = 0; i < 3; i++) {
      const result = await postDelivery({ url: f.receiver.url, body: '{}', deliveryId: `t${i}`, timestampSeconds: 1, secret: null, timeoutMs: 50, signal: stop.signal })
      expect(result.error).toMatch(/within 50 ms/)
    }
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0)
  })

  it('stopping the worker still aborts a send in flight, and the delivery stays pending', async () => {
    f.receiver.respond = () => ({ status: 200, delayMs: 10_000 })
    const before = f.receiver.received.length
    await f.api('/posts', { method: 'POST', json: { data: { title: 'slow' } } })
    await vi.waitFor(() => expect(f.receiver.received.length).toBeGreaterThan(before), { timeout: 5000, interval: 20 })
    const worker = f.server.ctx.webhooks!.worker!
    const started = Date.now()
    await worker.stop()
    expect(Date.now() - started).toBeLessThan(3000)
    expect(f.server.ctx.webhooks!.outbox.pending().length).toBeGreaterThan(0)
  })
})
