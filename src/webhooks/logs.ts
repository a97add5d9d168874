import { join } from 'node:path'
import { rm } from 'node:fs/promises'
import { isUuid } from '../core/ids.ts'
import { Journal } from './journal.ts'

/** One delivery attempt, shaped like the hosted service's webhook log plus our own fields. */
export interface DeliveryLogRecord {
  id: string
  project_uuid: string
  webhook_id: string
  /** The event name. */
  action: string
  url: string
  /** HTTP status as a string, or `error` (network, timeout), `blocked` (unsafe URL), `held` (secret missing). */
  status: string
  /** The body sent (capped at 64 KB: `content_entry` is dropped first). */
  request: Record<string, unknown>
  response: { status: number; body: string; body_truncated: boolean } | null
  created_at: string
  updated_at: string
  delivery_id: string
  attempt: number
  duration_ms: number
  error: string | null
  /** When the next attempt is due, if one is. */
  next_attempt_at: string | null
  redelivery_of?: string
}

/**
 * Attempt logs, one JSON-lines file per webhook under `.cms/webhooks/logs/`, keeping the
 * newest `retention` records (the file is rewritten when it grows to twice that).
 */
export class DeliveryLogs {
  readonly #dir: string
  readonly #retention: number
  readonly #open = new Map<string, Promise<{ journal: Journal; records: DeliveryLogRecord[] }>>()

  constructor(stateDir: string, retention: number) {
    this.#dir = join(stateDir, 'webhooks', 'logs')
    this.#retention = Math.max(1, retention)
  }

  async add(record: DeliveryLogRecord): Promise<void> {
    const log = await this.#load(record.webhook_id)
    log.records.push(record)
    await log.journal.append([record])
    if (log.records.length > 2 * this.#retention) {
      log.records.splice(0, log.records.length - this.#retention)
      await log.journal.rewrite(() => log.records.slice())
    }
  }

  /** The newest `retention` attempts of a webhook, newest first. */
  async list(webhook: string): Promise<DeliveryLogRecord[]> {
    const log = await this.#load(webhook)
    return log.records.slice(-this.#retention).reverse()
  }

  /** Finds the newest attempt of a delivery among the given webhooks' logs. */
  async find(deliveryId: string, webhooks: Iterable<string>): Promise<DeliveryLogRecord | undefined> {
    for (const webhook of webhooks) {
      const hit = (await this.list(webhook)).find((r) => r.delivery_id === deliveryId)
      if (hit) return hit
    }
    return undefined
  }

  async remove(webhook: string): Promise<void> {
    const log = this.#open.get(webhook)
    this.#open.delete(webhook)
    if (log) await (await log).journal.close()
    if (isUuid(webhook)) await rm(join(this.#dir, `${webhook}.jsonl`), { force: true })
  }

  async close(): Promise<void> {
    for (const log of this.#open.values()) await (await log).journal.close()
    this.#open.clear()
  }

  #load(webhook: string): Promise<{ journal: Journal; records: DeliveryLogRecord[] }> {
    if (!isUuid(webhook)) throw new Error(`Invalid webhook uuid ${JSON.stringify(webhook)}`)
    let log = this.#open.get(webhook)
    if (!log) {
      // Attempt logs are not fsynced one by one: losing the last lines in a crash loses no delivery.
      log = Journal.open(join(this.#dir, `${webhook}.jsonl`), { durable: false })
        .then(({ journal, records }) => ({ journal, records: records as DeliveryLogRecord[] }))
      this.#open.set(webhook, log)
    }
    return log
  }
}
