import { describe, expect, it } from 'vitest'
import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { classifyStatus, nextDelay, parseRetryAfter, retryPolicyFrom, DEFAULT_RETRY_POLICY } from '../../../src/webhooks/backoff.ts'
import { generateSecret, secretKey, signatureHeaders } from '../../../src/webhooks/sign.ts'
import { buildBody, eventFromBody, webhookWants } from '../../../src/webhooks/payload.ts'
import { eventsFromFileChange } from '../../../src/storage/file-events.ts'
import type { EntryRecord, WebhookRecord } from '../../../src/core/types.ts'

describe('backoff', () => {
  it('classifies answers: 2xx success, 408/429/5xx retry, 410 gone, other final', () => {
    const table: Array<[number, string]> = [[200, 'success'], [204, 'success'], [299, 'success'], [301, 'final'], [400, 'final'], [404, 'final'],
      [408, 'retry'], [410, 'gone'], [422, 'final'], [429, 'retry'], [500, 'retry'], [503, 'retry']]
    for (const [status, outcome] of table) expect(classifyStatus(status), String(status)).toBe(outcome)
  })

  it('grows exponentially with bounded jitter and stops after maxAttempts', () => {
    const p = DEFAULT_RETRY_POLICY
    const mid = () => 0.5
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => nextDelay(n, p, null, mid))).toEqual([15_000, 45_000, 135_000, 405_000, 1_215_000, 3_645_000, 10_935_000])
    expect(nextDelay(8, p, null, mid)).toBeNull()
    const total = [1, 2, 3, 4, 5, 6, 7].reduce((s, n) => s + nextDelay(n, p, null, mid)!, 0)
    expect(total / 3600_000).toBeGreaterThan(3)
    expect(total / 3600_000).toBeLessThan(6)
    expect(nextDelay(1, p, null, () => 0)).toBe(12_000)
    expect(nextDelay(1, p, null, () => 1)).toBe(18_000)
  })

  it('honours Retry-After (seconds or HTTP date), capped', () => {
    const p = { ...DEFAULT_RETRY_POLICY, maxDelayMs: 60_000 }
    expect(nextDelay(1, p, 30_000, () => 0.5)).toBe(30_000)
    expect(nextDelay(1, p, 5_000, () => 0.5)).toBe(15_000)
    expect(nextDelay(1, p, 3600_000, () => 0.5)).toBe(60_000)
    expect(parseRetryAfter('120')).toBe(120_000)
    expect(parseRetryAfter(new Date(10_000 + 5_000).toUTCString(), 10_000)).toBe(5_000)
    expect(parseRetryAfter('soon')).toBeNull()
    expect(parseRetryAfter(null)).toBeNull()
  })

  it('reads the policy from settings and refuses nonsense', () => {
    expect(retryPolicyFrom({ CMS_WEBHOOK_MAX_ATTEMPTS: '3', CMS_WEBHOOK_RETRY_BASE_MS: '10' })).toMatchObject({ maxAttempts: 3, baseMs: 10 })
    expect(() => retryPolicyFrom({ CMS_WEBHOOK_MAX_ATTEMPTS: '0' })).toThrow(/CMS_WEBHOOK_MAX_ATTEMPTS/)
  })
})

describe('signing', () => {
  it('whsec_ secrets verify with standardwebhooks; plain secrets are raw UTF-8 bytes for the hex header', () => {
    const secret = generateSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const body = JSON.stringify({ event: 'content.created', delivery_id: 'd1' })
    const headers = signatureHeaders(secret, 'msg_1', Math.floor(Date.now() / 1000), body)
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
    expect(headers['x-webhook-signature']).toBe(createHmac('sha256', secretKey(secret)).update(body).digest('hex'))
    const plain = signatureHeaders('plain-secret', 'msg_2', 1_700_000_000, body)
    expect(plain['x-webhook-signature']).toBe(createHmac('sha256', 'plain-secret').update(body).digest('hex'))
    expect(plain['webhook-signature']).toBe(`v1,${createHmac('sha256', 'plain-secret').update(`msg_2.1700000000.${body}`).digest('base64')}`)
    // A tampered body fails.
    expect(() => new Webhook(secret).verify(body.replace('d1', 'd2'), headers)).toThrow()
    // The package's own signer agrees, for both kinds of secret and a large body.
    const large = JSON.stringify({ text: 'é'.repeat(50_000) })
    for (const s of [secret, 'plain-secret']) {
      for (const b of [body, large]) {
        const signer = s.startsWith('whsec_') ? new Webhook(s) : new Webhook(Buffer.from(s, 'utf8'), { format: 'raw' })
        expect(signatureHeaders(s, 'msg_3', 1_700_000_000, b)['webhook-signature']).toBe(signer.sign('msg_3', new Date(1_700_000_000_000), b))
      }
    }
  })
})

const hook = (extra: Partial<WebhookRecord> = {}): WebhookRecord => ({
  uuid: 'w', name: 'w', description: null, url: 'https://x', events: ['content.created', 'asset.created'], sources: ['api', 'cli'],
  payload: true, status: true, collection_ids: [], has_secret: false, created_at: '', updated_at: '', ...extra,
})

describe('matching and bodies', () => {
  const ev = { event: 'content.created', source: 'api' as const, collection: { uuid: 'c1', slug: 'posts' }, entry_uuid: 'e1', at: '' }
  it('matches on event, source, collection and status; cms is cli', () => {
    expect(webhookWants(hook(), ev)).toBe(true)
    expect(webhookWants(hook({ status: false }), ev)).toBe(false)
    expect(webhookWants(hook({ events: ['content.updated'] }), ev)).toBe(false)
    expect(webhookWants(hook({ sources: ['file'] }), ev)).toBe(false)
    expect(webhookWants(hook({ sources: ['cms'] }), { ...ev, source: 'cli' })).toBe(true)
    expect(webhookWants(hook({ collection_ids: ['c2'] }), ev)).toBe(false)
    expect(webhookWants(hook({ collection_ids: ['c1'] }), ev)).toBe(true)
    // Asset events belong to no collection: the collection filter does not apply to them.
    expect(webhookWants(hook({ collection_ids: ['c1'] }), { event: 'asset.created', source: 'api', asset_uuid: 'a1', at: '' })).toBe(true)
  })

  it('builds the hosted service body and round-trips it for redelivery', () => {
    const body = buildBody({ event: ev, deliveryId: 'd', projectUuid: 'p', timestamp: 't', content: { uuid: 'e1' } })
    expect(Object.keys(body)).toEqual(['event', 'source', 'project_uuid', 'collection_id', 'collection', 'content_id', 'timestamp', 'delivery_id', 'content_entry'])
    expect(eventFromBody(body, 'now')).toEqual({ ...ev, at: 'now' })
    const asset = buildBody({ event: { event: 'asset.created', source: 'cli', asset_uuid: 'a1', at: '' }, deliveryId: 'd', projectUuid: 'p', timestamp: 't', content: null })
    expect(asset).toEqual({ event: 'asset.created', source: 'cli', project_uuid: 'p', asset_id: 'a1', timestamp: 't', delivery_id: 'd' })
  })
})

describe('file changes to events', () => {
  const entry = (extra: Partial<EntryRecord> = {}): EntryRecord => ({
    uuid: 'e', locale: 'en', translation_group: null, created_at: '', updated_at: '', published_at: null, published_version: null,
    deleted_at: null, fields: { title: 'a' }, published: null, ...extra,
  })
  const names = (before: EntryRecord | null, after: EntryRecord | null, source: 'file' | 'api' = 'file') =>
    eventsFromFileChange({ kind: 'entry', slug: 'posts', uuid: 'e', before, after, source }, 'now', 'c').map((e) => e.event)
  it('compares before and after', () => {
    const pub = { published_at: 'x', published_version: 1, published: { title: 'a' } }
    expect(names(null, entry())).toEqual(['content.created'])
    expect(names(null, entry(pub))).toEqual(['content.created', 'content.published'])
    expect(names(entry(), entry({ fields: { title: 'b' } }))).toEqual(['content.updated'])
    expect(names(entry(), entry({ fields: { title: 'a' } }))).toEqual([])
    expect(names(entry(), entry(pub))).toEqual(['content.published'])
    expect(names(entry(pub), entry({ ...pub, published_version: 2, published: { title: 'b' } }))).toEqual(['content.published'])
    expect(names(entry(pub), entry())).toEqual(['content.unpublished'])
    expect(names(entry(), entry({ deleted_at: 'x' }))).toEqual(['content.trashed'])
    expect(names(entry({ deleted_at: 'x' }), entry())).toEqual(['content.restored'])
    expect(names(entry(), null)).toEqual(['content.deleted'])
    expect(names(null, entry(), 'api')).toEqual([])
  })
})
