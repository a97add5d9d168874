import type { WebhookContext } from './context.ts'
import type { Page, WebhookRecord } from '../core/types.ts'
import { CmsError, ValidationError, notFound, unprocessable } from '../core/errors.ts'
import { EVENT_NAMES } from '../core/events.ts'
import { isUuid, newUuid, now } from '../core/ids.ts'
import { checkUrl } from './url-safety.ts'
import { eventFromBody, pingBody } from './payload.ts'
import { postDelivery, type SendResult } from './send.ts'
import type { DeliveryLogRecord } from './logs.ts'
import { record } from './worker.ts'
import type { WebhookState } from './state.ts'

export const WEBHOOK_SOURCES = ['api', 'cli', 'file', 'schedule'] as const
const FIELDS = ['name', 'description', 'url', 'secret', 'events', 'sources', 'payload', 'status', 'collection_ids'] as const

/** The webhook as the API answers it: the record (the secret never, only whether one is set) and its collections spelled out (null names: a collection since removed). */
export type WebhookOutput = WebhookRecord & { collections: Array<{ uuid: string; name: string | null; slug: string | null }> }

export function toWebhookOutput(ctx: WebhookContext, webhook: WebhookRecord): WebhookOutput {
  return {
    uuid: webhook.uuid,
    name: webhook.name,
    description: webhook.description,
    url: webhook.url,
    events: webhook.events,
    sources: webhook.sources,
    payload: webhook.payload,
    status: webhook.status,
    collection_ids: webhook.collection_ids,
    collections: webhook.collection_ids.map((uuid) => {
      const c = ctx.store.collectionByUuid(uuid)?.collection
      return c ? { uuid: c.uuid, name: c.name, slug: c.slug } : { uuid, name: null, slug: null }
    }),
    has_secret: webhook.has_secret,
    created_at: webhook.created_at,
    updated_at: webhook.updated_at,
  }
}

export function listWebhooks(ctx: WebhookContext): WebhookOutput[] {
  return [...ctx.store.webhooks.values()]
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.uuid.localeCompare(b.uuid))
    .map((w) => toWebhookOutput(ctx, w))
}

export function getWebhook(ctx: WebhookContext, uuid: string): WebhookOutput {
  return toWebhookOutput(ctx, requireWebhook(ctx, uuid))
}

export async function createWebhook(ctx: WebhookContext, body: Record<string, unknown>): Promise<WebhookOutput> {
  const state = requireState(ctx)
  const input = await validateInput(ctx, body, null)
  const stamp = now()
  const webhook: WebhookRecord = {
    uuid: newUuid(),
    name: input.name!,
    description: input.description ?? null,
    url: input.url!,
    events: input.events!,
    sources: input.sources!,
    payload: input.payload ?? true,
    status: input.status ?? true,
    collection_ids: input.collection_ids ?? [],
    has_secret: typeof input.secret === 'string',
    created_at: stamp,
    updated_at: stamp,
  }
  // The secret goes to .cms/ first, so a webhook file never claims a secret that was not kept.
  if (typeof input.secret === 'string') await state.secrets.set(webhook.uuid, input.secret)
  await ctx.store.putWebhook(webhook, ctx.source)
  return toWebhookOutput(ctx, webhook)
}

/** Updates the given fields; omitting `secret` keeps the old one, `secret: null` removes it. */
export async function updateWebhook(ctx: WebhookContext, uuid: string, body: Record<string, unknown>): Promise<WebhookOutput> {
  const state = requireState(ctx)
  const existing = requireWebhook(ctx, uuid)
  const input = await validateInput(ctx, body, existing)
  const next: WebhookRecord = {
    ...existing,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
    ...(input.sources !== undefined ? { sources: input.sources } : {}),
    ...(input.payload !== undefined ? { payload: input.payload } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.collection_ids !== undefined ? { collection_ids: input.collection_ids } : {}),
    ...(input.secret !== undefined ? { has_secret: input.secret !== null } : {}),
    updated_at: now(),
  }
  if (input.secret !== undefined) await state.secrets.set(uuid, input.secret)
  await ctx.store.putWebhook(next, ctx.source)
  return toWebhookOutput(ctx, next)
}

export async function deleteWebhook(ctx: WebhookContext, uuid: string): Promise<void> {
  const state = requireState(ctx)
  requireWebhook(ctx, uuid)
  await ctx.store.removeWebhook(uuid, ctx.source)
  await state.secrets.set(uuid, null)
  await state.logs.remove(uuid)
}

/** `GET /webhooks/{uuid}/logs`: attempts newest first in the spec's paginated envelope (25 per page, at most 100). */
export async function webhookLogs(ctx: WebhookContext, uuid: string, query: { paginate?: string | null; page?: string | null }, baseUrl: string): Promise<Page<DeliveryLogRecord>> {
  const state = requireState(ctx)
  requireWebhook(ctx, uuid)
  const perPage = positiveInt(query.paginate, 25, 'paginate')
  if (perPage > 100) throw unprocessable('The paginate may not be greater than 100.', { paginate: ['The paginate may not be greater than 100.'] })
  const page = positiveInt(query.page, 1, 'page')
  const all = await state.logs.list(uuid)
  const total = all.length
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const start = (page - 1) * perPage
  const data = all.slice(start, start + perPage)
  const path = `${baseUrl}/webhooks/${uuid}/logs`
  const link = (p: number) => `${path}?paginate=${perPage}&page=${p}`
  return {
    data,
    links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
    meta: {
      current_page: page,
      from: data.length > 0 ? start + 1 : null,
      last_page: lastPage,
      path,
      per_page: perPage,
      to: data.length > 0 ? start + data.length : null,
      total,
    },
  }
}

/** `POST /webhooks/{uuid}/test`: the receiver's answer to the ping. */
export interface TestResult {
  delivery_id: string
  /** The HTTP status as a string, or `error` when no answer came. */
  status: string
  ok: boolean
  signed: boolean
  response: SendResult['response']
  duration_ms: number
  error: string | null
}

/** `POST /webhooks/deliveries/{id}/redeliver`: the new delivery queued. */
export interface Redelivery { delivery_id: string; redelivery_of: string; webhook_id: string; event: string; queued: true }

/** Sends a signed `webhook.test` ping now and reports the receiver's answer (logged like any attempt). */
export async function testWebhook(ctx: WebhookContext, uuid: string): Promise<TestResult> {
  const state = requireState(ctx)
  const webhook = requireWebhook(ctx, uuid)
  const secret = webhook.has_secret ? state.secrets.get(uuid) : null
  if (webhook.has_secret && !secret) {
    throw unprocessable(`The webhook's secret is missing on this machine: set CMS_WEBHOOK_SECRET_${uuid.toUpperCase().replace(/-/g, '_')} or save the webhook with a secret.`)
  }
  const unsafe = await checkUrl(webhook.url, state.settings.rules)
  if (unsafe) throw unprocessable(unsafe, { url: [unsafe] })
  const deliveryId = newUuid()
  const at = new Date()
  const body = pingBody(ctx.store.project.uuid, deliveryId, at.toISOString(), ctx.source)
  const result = await postDelivery({
    url: webhook.url, body: JSON.stringify(body), deliveryId, timestampSeconds: Math.floor(at.getTime() / 1000),
    secret, timeoutMs: state.settings.timeoutMs,
  })
  const status = result.httpStatus === null ? 'error' : String(result.httpStatus)
  const log = record({ webhook, delivery: { id: deliveryId }, body, attempt: 1, at, status, result, error: result.error, next: null })
  await state.logs.add(log)
  return { delivery_id: deliveryId, status, ok: result.httpStatus !== null && result.httpStatus >= 200 && result.httpStatus < 300, response: result.response, duration_ms: result.duration_ms, error: result.error, signed: secret !== null }
}

/** Queues a logged delivery's event again, under a new delivery_id, for the same webhook. */
export async function redeliver(ctx: WebhookContext, deliveryId: string): Promise<Redelivery> {
  const state = requireState(ctx)
  if (!isUuid(deliveryId)) throw notFound('Delivery not found.')
  const log = await state.logs.find(deliveryId, ctx.store.webhooks.keys())
  if (!log) throw notFound('Delivery not found.')
  const webhook = requireWebhook(ctx, log.webhook_id)
  const event = eventFromBody(log.request, now())
  if (!event) throw unprocessable('This delivery cannot be sent again: its logged request does not name an event (a test ping, or a request cut down for size).')
  const delivery = await state.outbox.enqueue(event, webhook.uuid, deliveryId)
  return { delivery_id: delivery.id, redelivery_of: deliveryId, webhook_id: webhook.uuid, event: event.event, queued: true }
}

// ---- input -------------------------------------------------------------------------------

export interface WebhookInput {
  name?: string
  description?: string | null
  url?: string
  secret?: string | null
  events?: string[]
  sources?: string[]
  payload?: boolean
  status?: boolean
  collection_ids?: string[]
}

/** Checks a create (all required fields) or update (only the fields given) body; every problem in one 422. */
async function validateInput(ctx: WebhookContext, body: Record<string, unknown>, existing: WebhookRecord | null): Promise<WebhookInput> {
  const errors: Record<string, string[]> = {}
  const add = (key: string, message: string) => { (errors[key] ??= []).push(message) }
  const out: WebhookInput = {}
  const creating = existing === null
  const has = (key: string) => Object.prototype.hasOwnProperty.call(body, key) && body[key] !== undefined
  for (const key of Object.keys(body)) {
    if (!(FIELDS as readonly string[]).includes(key) && !['uuid', 'collections', 'has_secret', 'created_at', 'updated_at'].includes(key)) {
      add(key, `Unknown field "${key}". Webhook fields: ${FIELDS.join(', ')}.`)
    }
  }
  for (const key of ['name', 'url', 'events', 'sources'] as const) {
    if ((creating && !has(key)) || (has(key) && (body[key] === null || body[key] === ''))) add(key, `The ${key} field is required.`)
  }
  if (has('name') && body.name !== null && body.name !== '') {
    if (typeof body.name !== 'string') add('name', 'The name field must be a string.')
    else if (body.name.length > 255) add('name', 'The name field must not be greater than 255 characters.')
    else out.name = body.name.trim()
  }
  if (has('description')) {
    if (body.description !== null && typeof body.description !== 'string') add('description', 'The description field must be a string.')
    else out.description = (body.description as string | null) || null
  }
  if (has('url') && body.url !== null && body.url !== '') {
    if (typeof body.url !== 'string') add('url', 'The url field must be a string.')
    else if (body.url.length > 2048) add('url', 'The url field must not be greater than 2048 characters.')
    else {
      const rules = requireState(ctx).settings.rules
      const problem = await checkUrl(body.url, rules)
      if (problem) add('url', problem)
      else out.url = body.url
    }
  }
  if (has('secret')) {
    if (body.secret === null || body.secret === '') {
      out.secret = null
    } else if (typeof body.secret !== 'string') add('secret', 'The secret field must be a string.')
    else if (body.secret.length < 6 || body.secret.length > 255) add('secret', 'The secret field must be between 6 and 255 characters.')
    else out.secret = body.secret
  }
  const list = (key: 'events' | 'sources', allowed: readonly string[], normalize: (v: string) => string = (v) => v) => {
    if (!has(key) || body[key] === null || body[key] === '') return undefined
    const value = body[key]
    if (!Array.isArray(value) || value.length === 0) { add(key, `The ${key} field must be a non-empty array.`); return undefined }
    const result: string[] = []
    for (const item of value) {
      if (typeof item !== 'string' || !allowed.includes(normalize(item))) {
        add(key, `The ${key} field has an unknown value ${JSON.stringify(item)}. Allowed: ${allowed.join(', ')}${key === 'sources' ? ' (cms is an alias of cli)' : ''}.`)
      } else if (!result.includes(normalize(item))) result.push(normalize(item))
    }
    return result
  }
  const events = list('events', EVENT_NAMES)
  if (events) out.events = events
  const sources = list('sources', WEBHOOK_SOURCES, (v) => (v === 'cms' ? 'cli' : v))
  if (sources) out.sources = sources
  for (const key of ['payload', 'status'] as const) {
    if (!has(key)) continue
    if (typeof body[key] !== 'boolean') add(key, `The ${key} field must be true or false.`)
    else out[key] = body[key] as boolean
  }
  if (has('collection_ids')) {
    const value = body.collection_ids
    if (value === null) out.collection_ids = []
    else if (!Array.isArray(value)) add('collection_ids', 'The collection_ids field must be an array of collection uuids or slugs.')
    else {
      const ids: string[] = []
      for (const item of value) {
        const index = typeof item === 'string' ? (isUuid(item) ? ctx.store.collectionByUuid(item) : ctx.store.collection(item)) : undefined
        if (!index) add('collection_ids', `The collection ${JSON.stringify(item)} does not exist in this project.`)
        else if (!ids.includes(index.collection.uuid)) ids.push(index.collection.uuid)
      }
      out.collection_ids = ids
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  return out
}

function positiveInt(raw: string | null | undefined, fallback: number, name: string): number {
  if (raw === null || raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) throw unprocessable(`The ${name} must be a positive integer.`, { [name]: [`The ${name} must be a positive integer.`] })
  return n
}

function requireWebhook(ctx: WebhookContext, uuid: string): WebhookRecord {
  const webhook = isUuid(uuid) ? ctx.store.webhooks.get(uuid) : undefined
  if (!webhook) throw notFound('Webhook not found.')
  return webhook
}

function requireState(ctx: WebhookContext): WebhookState {
  if (!ctx.webhooks) throw new CmsError('storage', 'Webhooks are not available in this context.')
  return ctx.webhooks
}
