import type { ContentStore } from '../storage/store.ts'
import type { EventSource } from '../core/types.ts'
import type { WebhookState } from './state.ts'

/**
 * What webhook code reads of its context: the store, the event source, the webhook state and
 * the close hooks the delivery worker registers. The composition root's context is one;
 * declared here so webhooks/ never imports the root that imports it (no folder loop).
 */
export interface WebhookContext {
  readonly store: ContentStore
  readonly source: EventSource
  /** Outbox, logs, secrets and settings, opened by the composition root; absent, webhook routes answer 500. */
  readonly webhooks?: WebhookState
  /** Hooks run by `close()`: the delivery worker stops there. */
  readonly disposers: Array<() => Promise<void> | void>
}
