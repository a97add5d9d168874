import type { DomainEvent, WebhookRecord } from '../core/types.ts'

/** Whether an enabled webhook wants this event: event name, source, and (content events) collection. */
export function webhookWants(webhook: WebhookRecord, event: DomainEvent): boolean {
  if (!webhook.status) return false
  if (!webhook.events.includes(event.event)) return false
  const source = event.source
  if (!webhook.sources.includes(source) && !(source === 'cli' && webhook.sources.includes('cms'))) return false
  // The collection filter restricts content events; asset events belong to no collection.
  if (webhook.collection_ids.length > 0 && event.event.startsWith('content.')) {
    if (!event.collection || !webhook.collection_ids.includes(event.collection.uuid)) return false
  }
  return true
}

export interface BodyInput {
  event: DomainEvent
  deliveryId: string
  projectUuid: string
  /** Send time, ISO 8601. */
  timestamp: string
  /** The entry (content events) or asset (asset events), when the webhook has `payload: true` and it still exists. */
  content?: Record<string, unknown> | null
}

/**
 * The delivery body, in the hosted service's key order so receivers written for it keep
 * working: `{event, source, project_uuid, collection_id, collection, content_id, timestamp,
 * delivery_id, content_entry?}` (asset events carry `asset_id` and `asset?` instead).
 */
export function buildBody(input: BodyInput): Record<string, unknown> {
  const { event } = input
  const body: Record<string, unknown> = { event: event.event, source: event.source, project_uuid: input.projectUuid }
  if (event.event.startsWith('asset.')) {
    body.asset_id = event.asset_uuid ?? null
  } else {
    body.collection_id = event.collection?.uuid ?? null
    body.collection = event.collection?.slug ?? null
    body.content_id = event.entry_uuid ?? null
  }
  body.timestamp = input.timestamp
  body.delivery_id = input.deliveryId
  // Ours: the published version the event concerns, when there is one.
  if (event.version !== undefined && event.version !== null) body.version = event.version
  // Ours: the release the change went live with (docs/scheduling.md).
  if (event.release) body.release = { id: event.release.id, name: event.release.name }
  if (input.content) body[event.event.startsWith('asset.') ? 'asset' : 'content_entry'] = input.content
  return body
}

/** The body of `cms webhook test`: a signed ping that names no content. */
export function pingBody(projectUuid: string, deliveryId: string, timestamp: string, source: string): Record<string, unknown> {
  return { event: 'webhook.test', source, project_uuid: projectUuid, timestamp, delivery_id: deliveryId }
}

/** Rebuilds the event a logged request body describes (for `redeliver`). */
export function eventFromBody(body: Record<string, unknown>, at: string): DomainEvent | null {
  const name = body.event
  const source = body.source
  if (typeof name !== 'string' || (source !== 'api' && source !== 'cli' && source !== 'file' && source !== 'schedule')) return null
  const event: DomainEvent = { event: name, source, at }
  if (typeof body.collection_id === 'string' && typeof body.collection === 'string') event.collection = { uuid: body.collection_id, slug: body.collection }
  if (typeof body.content_id === 'string') event.entry_uuid = body.content_id
  if (typeof body.asset_id === 'string') event.asset_uuid = body.asset_id
  if (typeof body.version === 'number') event.version = body.version
  const release = body.release as { id?: unknown; name?: unknown } | undefined
  if (release && typeof release.id === 'string' && typeof release.name === 'string') event.release = { id: release.id, name: release.name }
  return event
}
