import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { DomainEvent, WebhookRecord } from '../core/types.ts'
import type { EventSink } from '../core/events.ts'
import { Journal } from './journal.ts'
import { webhookWants } from './payload.ts'

/** One event bound for one webhook; `id` is the delivery_id every attempt carries. */
export interface Delivery {
  id: string
  webhook: string
  event: DomainEvent
  /** Attempts made so far. */
  attempts: number
  /** When the next attempt is due (ms since epoch). */
  due: number
  /** Order of creation, for fair ordering among equally due deliveries. */
  seq: number
  /** Created by this process (a CLI command delivers only its own before exiting). */
  own: boolean
  /** The delivery this one repeats (`cms webhook redeliver`). */
  redelivery_of?: string
  /** Set once a hold (missing secret) was logged, so it is logged once. */
  heldLogged?: boolean
}

// Journal records: e = event with its deliveries, r = retry scheduled, x = delivery finished.
type Line =
  | { t: 'e'; ev: DomainEvent; d: Array<[id: string, webhook: string, redeliveryOf?: string]>; at: number }
  | { t: 'r'; d: string; n: number; due: number }
  | { t: 'x'; d: string; ok: boolean }

/**
 * The durable outbox: `append` matches each event to the enabled webhooks that want it and
 * resolves once the resulting deliveries are fsynced to `.cms/webhooks/outbox.jsonl`, so an
 * event is on disk before the API answers. The worker reads `pending()` and reports back
 * through `schedule()` and `finish()`. Events no webhook wants are not kept.
 */
export class Outbox implements EventSink {
  readonly #journal: Journal
  readonly #webhooks: () => Iterable<WebhookRecord>
  readonly #pending = new Map<string, Delivery>()
  readonly #listeners = new Set<() => void>()
  #seq = 0
  #finishedSinceCompact = 0

  private constructor(journal: Journal, webhooks: () => Iterable<WebhookRecord>) {
    this.#journal = journal
    this.#webhooks = webhooks
  }

  static async open(stateDir: string, webhooks: () => Iterable<WebhookRecord>): Promise<Outbox> {
    const { journal, records } = await Journal.open(join(stateDir, 'webhooks', 'outbox.jsonl'))
    const outbox = new Outbox(journal, webhooks)
    outbox.#replay(records as Line[])
    return outbox
  }

  async append(events: DomainEvent[]): Promise<void> {
    const webhooks = [...this.#webhooks()]
    const lines: Line[] = []
    const created: Delivery[] = []
    const nowMs = Date.now()
    for (const ev of events) {
      const targets = webhooks.filter((w) => webhookWants(w, ev))
      if (targets.length === 0) continue
      const d = targets.map((w) => [randomUUID(), w.uuid] as [string, string])
      lines.push({ t: 'e', ev, d, at: nowMs })
      for (const [id, webhook] of d) created.push({ id, webhook, event: ev, attempts: 0, due: nowMs, seq: this.#seq++, own: true })
    }
    if (lines.length === 0) return
    await this.#journal.append(lines)
    for (const delivery of created) this.#pending.set(delivery.id, delivery)
    this.#notify()
  }

  /** Queues `event` again for one webhook under a new delivery_id (`cms webhook redeliver`). */
  async enqueue(event: DomainEvent, webhook: string, redeliveryOf?: string): Promise<Delivery> {
    const id = randomUUID()
    const nowMs = Date.now()
    await this.#journal.append([{ t: 'e', ev: event, d: [redeliveryOf ? [id, webhook, redeliveryOf] : [id, webhook]], at: nowMs } satisfies Line])
    const delivery: Delivery = { id, webhook, event, attempts: 0, due: nowMs, seq: this.#seq++, own: true, ...(redeliveryOf ? { redelivery_of: redeliveryOf } : {}) }
    this.#pending.set(id, delivery)
    this.#notify()
    return delivery
  }

  /** Deliveries not yet finished, oldest first. */
  pending(): Delivery[] {
    return [...this.#pending.values()]
  }

  get size(): number {
    return this.#pending.size
  }

  get(id: string): Delivery | undefined {
    return this.#pending.get(id)
  }

  /** Records a failed attempt and when to try again. */
  async schedule(delivery: Delivery, attempts: number, due: number): Promise<void> {
    await this.#journal.append([{ t: 'r', d: delivery.id, n: attempts, due } satisfies Line], { sync: false })
    delivery.attempts = attempts
    delivery.due = due
    this.#notify()
  }

  /** Holds a delivery in memory only (e.g. its secret is missing): no attempt was made. */
  hold(delivery: Delivery, due: number): void {
    delivery.due = due
  }

  /** Records that a delivery is done (delivered, or failed for good); it will not be sent again. */
  async finish(delivery: Delivery, ok: boolean): Promise<void> {
    // Written before the delivery counts as done, so a killed process never sends it again; not
    // fsynced: only a power cut could lose it, and then the receiver sees the same delivery_id twice.
    await this.#journal.append([{ t: 'x', d: delivery.id, ok } satisfies Line], { sync: false })
    this.#pending.delete(delivery.id)
    this.#finishedSinceCompact++
    this.#notify()
    if (this.#finishedSinceCompact >= 5000 && this.#journal.lines > 4 * (this.#pending.size + 1000)) void this.compact().catch(() => {})
  }

  /** Rewrites the journal to hold only what is still pending. Only the writer (server) compacts. */
  async compact(): Promise<void> {
    this.#finishedSinceCompact = 0
    if (this.#journal.lines === 0) return
    await this.#journal.rewrite(() => {
      const lines: Line[] = []
      for (const d of this.#pending.values()) {
        lines.push({ t: 'e', ev: d.event, d: [d.redelivery_of ? [d.id, d.webhook, d.redelivery_of] : [d.id, d.webhook]], at: d.due })
        if (d.attempts > 0) lines.push({ t: 'r', d: d.id, n: d.attempts, due: d.due })
      }
      return lines
    })
  }

  /** Called after every change (new delivery, retry scheduled, finished): the worker wakes on it. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  close(): Promise<void> {
    return this.#journal.close()
  }

  #notify(): void {
    for (const listener of this.#listeners) listener()
  }

  #replay(lines: Line[]): void {
    const finished = new Set<string>()
    for (const line of lines) {
      if (!line || typeof line !== 'object') continue
      if (line.t === 'e' && Array.isArray(line.d)) {
        for (const [id, webhook, redeliveryOf] of line.d) {
          if (this.#pending.has(id) || finished.has(id)) continue
          this.#pending.set(id, {
            id, webhook, event: line.ev, attempts: 0, due: line.at, seq: this.#seq++, own: false,
            ...(redeliveryOf ? { redelivery_of: redeliveryOf } : {}),
          })
        }
      } else if (line.t === 'r') {
        const d = this.#pending.get(line.d)
        if (d) { d.attempts = line.n; d.due = line.due }
      } else if (line.t === 'x') {
        this.#pending.delete(line.d)
        finished.add(line.d)
      }
    }
  }
}
