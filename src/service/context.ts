import type { ContentStore } from '../storage/store.ts'
import type { EventSink } from '../core/events.ts'
import type { EventSource } from '../core/types.ts'
import type { ResolvedConfig } from '../config.ts'
import type { ReadModel } from './entries/read-model.ts'

/**
 * What the service layer reads of its context, and nothing more: the composition root's
 * context (src/context.ts) is one, and so is the reader's. Declared here, not imported
 * from context.ts, so service/ never imports the root that imports it (no folder loop).
 */
export interface ServiceContext {
  /** The upload limits asset ingestion checks. */
  readonly config: Pick<ResolvedConfig, 'uploadLimit' | 'uploadMimeAllow'>
  readonly store: ContentStore
  /** Where operations append their domain events (the webhook outbox). */
  readonly events: EventSink
  /** Source recorded on events: `api` for HTTP, `cli` for direct CLI use. */
  readonly source: EventSource
  /** A `--read-only` server refuses every write. */
  readonly readOnly?: boolean
  /** A server's list reads give the event loop back between slices (entries/list.ts). */
  readonly slicedLists?: boolean
  /** What list and entry reads keep between requests (entries/read-model.ts). */
  readonly readModel: ReadModel
}
