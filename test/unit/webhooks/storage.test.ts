import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Outbox } from '../../../src/webhooks/outbox.ts'
import { DeliveryLogs, type DeliveryLogRecord } from '../../../src/webhooks/logs.ts'
import type { WebhookRecord } from '../../../src/core/types.ts'

let dir: string
beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'cms-wh-')) })
afterEach(async () => { await rm(dir, { recursive: true, force: true }) })

const W = '11111111-1111-4111-8111-111111111111'
const webhook: WebhookRecord = {
  uuid: W, name: 'w', description: null, url: 'https://x', events: ['content.created'], sources: ['api'],
  payload: true, status: true, collection_ids: [], has_secret: false, created_at: '', updated_at: '',
}
const ev = (i: number) => ({ event: 'content.created', source: 'api' as const, entry_uuid: `e${i}`, at: '' })

describe('outbox journal', () => {
  it('keeps pending deliveries across reopen, forgets finished ones, survives a torn last line, and compacts', async () => {
    const a = await Outbox.open(dir, () => [webhook])
    await a.append([ev(1), ev(2), ev(3)])
    await a.append([{ ...ev(4), source: 'file' }]) // wanted by no webhook: not kept
    const [d1, d2] = a.pending()
    await a.finish(d1!, true)
    await a.schedule(d2!, 1, 12345)
    await a.close()
    await appendFile(join(dir, 'webhooks', 'outbox.jsonl'), '{"t":"e","ev":')
    const b = await Outbox.open(dir, () => [webhook])
    expect(b.pending().map((d) => d.event.entry_uuid)).toEqual(['e2', 'e3'])
    expect(b.get(d2!.id)).toMatchObject({ attempts: 1, due: 12345, own: false })
    await b.compact()
    await b.close()
    const lines = (await readFile(join(dir, 'webhooks', 'outbox.jsonl'), 'utf8')).trim().split('\n')
    expect(lines).toHaveLength(3)
    const c = await Outbox.open(dir, () => [webhook])
    expect(c.pending().map((d) => [d.event.entry_uuid, d.attempts])).toEqual([['e2', 1], ['e3', 0]])
    await c.close()
  })
})

describe('delivery logs', () => {
  it('keep the newest N attempts per webhook', async () => {
    const logs = new DeliveryLogs(dir, 3)
    for (let i = 0; i < 10; i++) await logs.add({ webhook_id: W, delivery_id: `d${i}`, attempt: 1 } as DeliveryLogRecord)
    expect((await logs.list(W)).map((r) => r.delivery_id)).toEqual(['d9', 'd8', 'd7'])
    await logs.close()
    const again = new DeliveryLogs(dir, 3)
    expect((await again.list(W)).map((r) => r.delivery_id)).toEqual(['d9', 'd8', 'd7'])
    const lines = (await readFile(join(dir, 'webhooks', 'logs', `${W}.jsonl`), 'utf8')).trim().split('\n')
    expect(lines.length).toBeLessThanOrEqual(6)
    await again.close()
  })
})
