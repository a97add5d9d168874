import type { DomainEvent } from './types.ts'

const CONTENT_EVENTS = [
  'content.created', 'content.updated', 'content.published', 'content.unpublished',
  'content.trashed', 'content.restored', 'content.deleted',
] as const
const ASSET_EVENTS = ['asset.created', 'asset.updated', 'asset.deleted'] as const
export const EVENT_NAMES: readonly string[] = [...CONTENT_EVENTS, ...ASSET_EVENTS]

/**
 * Where the service layer records what happened. The webhook module implements it with a
 * durable outbox; `append` resolves once the event is safe on disk, before the API answers.
 */
export interface EventSink {
  append(events: DomainEvent[]): Promise<void>
}

export const nullSink: EventSink = { append: async () => {} }
