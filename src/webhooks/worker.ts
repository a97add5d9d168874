import { randomUUID } from 'node:crypto'
import type { Collection, DomainEvent, EntryRecord, WebhookRecord } from '../core/types.ts'
import type { ContentStore } from '../storage/store.ts'
import type { Outbox, Delivery } from './outbox.ts'
import type { DeliveryLogs, DeliveryLogRecord } from './logs.ts'
import type { SecretStore } from './secrets.ts'
import { buildBody } from './payload.ts'
import { classifyStatus, nextDelay, type RetryPolicy } from './backoff.ts'
import { checkUrl, systemResolver, type Resolver, type UrlRules } from './url-safety.ts'
import { postDelivery, type SendResult } from './send.ts'
import { forTerminal } from '../core/terminal.ts'

export interface WorkerDeps {
  store: ContentStore
  /** The entry as a payload carries it (given by the caller: the worker knows no service). */
  renderEntry(entry: EntryRecord, collection: Collection): Record<string, unknown>
  outbox: Outbox
  logs: DeliveryLogs
  secrets: SecretStore
  rules: UrlRules
  policy: RetryPolicy
  timeoutMs: number
  /** Parallel sends per webhook (a slow receiver never holds up another webhook). @default 8 */
  concurrency: number
  /** Consecutive failed attempts (no answer, 408, 429, 5xx) that pause a webhook. @default 5 */
  circuitFailures?: number
  /** First pause of a failing webhook; doubles while probes keep failing, up to 10 min. @default 30000 */
  circuitCooldownMs?: number
  /** Turns a webhook off (after a 410). */
  disable(webhook: WebhookRecord, reason: string): Promise<void>
  /** A delivery refused by the receiver rules: said where the write was made (stderr of serve or the CLI). */
  onBlocked?(webhook: WebhookRecord, reason: string): void
  resolver?: Resolver
}

/** How long a delivery held for a missing secret waits before it is looked at again. */
const HOLD_RECHECK_MS = 30_000
const REQUEST_LOG_CAP = 65_536
const CIRCUIT_MAX_COOLDOWN_MS = 600_000

/**
 * A failing endpoint's circuit: after `circuitFailures` failures in a row its deliveries
 * pause (no attempt is spent on them) until `openUntil`; then one delivery probes it. A
 * success closes the circuit and the queue flows again at full concurrency; a failed probe
 * pauses it again for twice as long. So a dead receiver costs one attempt per pause, not one
 * timeout per queued event.
 */
interface Circuit {
  failures: number
  openUntil: number
  cooldownMs: number
  probing: boolean
}

/** What a caller (tests, status output) sees of a webhook's circuit. */
export interface CircuitState {
  open: boolean
  failures: number
  resumes_at: string | null
}

/**
 * The in-process delivery loop: picks due deliveries from the outbox, sends them, records
 * every attempt, and schedules retries. A `setTimeout` for the next due delivery, woken at
 * once by new events. `ownOnly` (CLI commands) sends only deliveries this process created.
 */
export class DeliveryWorker {
  readonly #deps: WorkerDeps
  readonly #ownOnly: boolean
  readonly #inflight = new Map<string, Promise<void>>()
  readonly #perWebhook = new Map<string, number>()
  /**
   * One controller per send in flight, aborted by stop(). Not one shared stop signal: every
   * send would hang a listener on it, and a few webhooks times the per-webhook concurrency
   * in flight passed Node's 10 and printed MaxListenersExceededWarning.
   */
  readonly #sends = new Set<AbortController>()
  readonly #waiters = new Set<() => void>()
  readonly #circuits = new Map<string, Circuit>()
  #timer: NodeJS.Timeout | undefined
  #scheduled = false
  #stopped = false
  #unsubscribe: () => void

  constructor(deps: WorkerDeps, options: { ownOnly?: boolean } = {}) {
    this.#deps = deps
    this.#ownOnly = options.ownOnly === true
    this.#unsubscribe = deps.outbox.onChange(() => this.wake())
    this.wake()
  }

  /** Looks for due work on the next turn of the event loop (many wake-ups make one pass). */
  wake(): void {
    for (const resolve of this.#waiters) resolve()
    this.#waiters.clear()
    if (this.#stopped || this.#scheduled) return
    this.#scheduled = true
    setImmediate(() => {
      this.#scheduled = false
      this.#tick()
    })
  }

  /** Makes held deliveries of a webhook due now (its secret or settings changed). */
  release(webhook: string): void {
    // Saved again (a new URL, say): give it a fresh start.
    this.#circuits.delete(webhook)
    for (const d of this.#deps.outbox.pending()) {
      if (d.webhook === webhook && d.heldLogged) {
        d.heldLogged = false
        d.due = Date.now()
      }
    }
    this.wake()
  }

  /**
   * Waits until every delivery this process created is done, waiting on a later retry or
   * held, or `timeoutMs` passed. Returns how many of them are still pending.
   */
  async drain(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const own = this.#deps.outbox.pending().filter((d) => d.own)
      const busy = own.some((d) => this.#inflight.has(d.id) || (!d.heldLogged && d.due <= deadline))
      const left = deadline - Date.now()
      if (!busy || left <= 0) return own.length
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(left, 1000))
        function done() { clearTimeout(timer); resolve() }
        this.#waiters.add(done)
      })
    }
  }

  /** Stops picking work, aborts sends in flight (they stay pending) and waits for them. */
  async stop(): Promise<void> {
    if (this.#stopped) return
    this.#stopped = true
    this.#unsubscribe()
    clearTimeout(this.#timer)
    for (const send of this.#sends) send.abort()
    await Promise.allSettled([...this.#inflight.values()])
  }

  #tick(): void {
    if (this.#stopped) return
    clearTimeout(this.#timer)
    const nowMs = Date.now()
    let next = Infinity
    const pending = this.#deps.outbox.pending().sort((a, b) => a.due - b.due || a.seq - b.seq)
    for (const d of pending) {
      if (this.#ownOnly && !d.own) continue
      if (this.#inflight.has(d.id)) continue
      if (d.due > nowMs) { next = Math.min(next, d.due); continue }
      const busy = this.#perWebhook.get(d.webhook) ?? 0
      const circuit = this.#circuits.get(d.webhook)
      if (circuit && circuit.failures >= this.#threshold) {
        // Open: wait for the pause to end; then half-open: one probe at a time.
        if (circuit.openUntil > nowMs) { next = Math.min(next, circuit.openUntil); continue }
        if (circuit.probing || busy > 0) continue
        circuit.probing = true
      } else if (busy >= this.#deps.concurrency) continue
      this.#launch(d)
    }
    if (next !== Infinity) this.#timer = setTimeout(() => this.#tick(), Math.min(Math.max(0, next - nowMs), 2 ** 31 - 1))
  }

  /** The circuit of a webhook: open (paused) or closed, and consecutive failures so far. */
  circuit(webhook: string): CircuitState {
    const c = this.#circuits.get(webhook)
    const open = c !== undefined && c.failures >= this.#threshold
    return { open, failures: c?.failures ?? 0, resumes_at: open ? new Date(c.openUntil).toISOString() : null }
  }

  get #threshold(): number {
    return this.#deps.circuitFailures ?? 5
  }

  /** Counts an attempt's outcome into its webhook's circuit. */
  #record(webhook: WebhookRecord, failed: boolean): void {
    const c = this.#circuits.get(webhook.uuid)
    if (!failed) {
      if (c && c.failures >= this.#threshold) console.error(forTerminal(`[cms] webhook ${webhook.uuid} (${webhook.url}) answers again: deliveries resume.`))
      this.#circuits.delete(webhook.uuid)
      return
    }
    const circuit = c ?? { failures: 0, openUntil: 0, cooldownMs: 0, probing: false }
    circuit.failures++
    circuit.probing = false
    if (circuit.failures >= this.#threshold) {
      const base = this.#deps.circuitCooldownMs ?? 30_000
      circuit.cooldownMs = circuit.cooldownMs === 0 ? base : Math.min(Math.max(base, CIRCUIT_MAX_COOLDOWN_MS), circuit.cooldownMs * 2)
      circuit.openUntil = Date.now() + circuit.cooldownMs
      if (circuit.failures === this.#threshold) console.error(forTerminal(`[cms] webhook ${webhook.uuid} (${webhook.url}) failed ${circuit.failures} times in a row: deliveries paused, next try in ${circuit.cooldownMs < 1000 ? `${circuit.cooldownMs} ms` : `${Math.round(circuit.cooldownMs / 1000)} s`}.`))
    }
    this.#circuits.set(webhook.uuid, circuit)
  }

  #launch(d: Delivery): void {
    this.#perWebhook.set(d.webhook, (this.#perWebhook.get(d.webhook) ?? 0) + 1)
    const task = this.#attempt(d)
      .catch((error: unknown) => {
        if (!this.#stopped) console.error(`[cms] webhook delivery ${d.id} failed unexpectedly:`, error)
      })
      .finally(() => {
        this.#inflight.delete(d.id)
        const circuit = this.#circuits.get(d.webhook)
        if (circuit) circuit.probing = false
        const n = (this.#perWebhook.get(d.webhook) ?? 1) - 1
        if (n <= 0) this.#perWebhook.delete(d.webhook)
        else this.#perWebhook.set(d.webhook, n)
        this.wake()
      })
    this.#inflight.set(d.id, task)
  }

  async #attempt(d: Delivery): Promise<void> {
    const { store, outbox, logs, secrets } = this.#deps
    const webhook = store.webhooks.get(d.webhook)
    // A webhook deleted or disabled after the event was queued receives nothing.
    if (!webhook || !webhook.status) return outbox.finish(d, false)
    const secret = webhook.has_secret ? secrets.get(webhook.uuid) : null
    const attempt = d.attempts + 1
    const sentAt = new Date()
    const body = buildBody({
      event: d.event, deliveryId: d.id, projectUuid: store.project.uuid, timestamp: sentAt.toISOString(),
      content: webhook.payload ? contentOf(store, d.event, this.#deps.renderEntry) : null,
    })
    const base = { webhook, delivery: d, body, attempt, at: sentAt }
    if (webhook.has_secret && !secret) {
      // Never send unsigned what the receiver expects signed: hold, log once, look again later.
      if (!d.heldLogged) {
        d.heldLogged = true
        await logs.add(record({ ...base, status: 'held', result: null, error: `The webhook's secret is missing on this machine: set CMS_WEBHOOK_SECRET_${webhook.uuid.toUpperCase().replace(/-/g, '_')} or save the webhook with a secret. Deliveries are held until then.`, next: null }))
      }
      outbox.hold(d, Date.now() + HOLD_RECHECK_MS)
      return
    }
    const unsafe = await checkUrl(webhook.url, this.#deps.rules, this.#deps.resolver ?? systemResolver)
    if (unsafe) {
      await outbox.finish(d, false)
      await logs.add(record({ ...base, status: 'blocked', result: null, error: unsafe, next: null }))
      this.#deps.onBlocked?.(webhook, unsafe)
      return
    }
    const text = JSON.stringify(body)
    if (this.#stopped) return
    const send = new AbortController()
    this.#sends.add(send)
    let result: SendResult
    try {
      result = await postDelivery({
        url: webhook.url, body: text, deliveryId: d.id, timestampSeconds: Math.floor(sentAt.getTime() / 1000),
        secret, timeoutMs: this.#deps.timeoutMs, signal: send.signal,
      })
    } finally {
      this.#sends.delete(send)
    }
    const outcome = result.httpStatus === null ? 'retry' : classifyStatus(result.httpStatus)
    this.#record(webhook, outcome === 'retry')
    let next: number | null = null
    let error = result.error
    if (outcome === 'success') {
      await outbox.finish(d, true)
    } else if (outcome === 'retry') {
      const delay = nextDelay(attempt, this.#deps.policy, result.retryAfterMs)
      if (delay === null) {
        await outbox.finish(d, false)
        error = `${error ?? `Receiver answered ${result.httpStatus}`}; gave up after ${attempt} attempt${attempt > 1 ? 's' : ''}`
      } else {
        next = Date.now() + delay
        await outbox.schedule(d, attempt, next)
      }
    } else {
      await outbox.finish(d, false)
      if (outcome === 'gone') {
        error = 'Receiver answered 410 Gone: the webhook was disabled (set status to true to enable it again).'
      } else {
        error ??= `Receiver answered ${result.httpStatus}; not retried (only 408, 429 and 5xx are).`
      }
    }
    await logs.add(record({ ...base, status: result.httpStatus === null ? 'error' : String(result.httpStatus), result, error, next }))
    if (outcome === 'gone') await this.#deps.disable(webhook, error!)
  }
}

/** The entry (draft values, as the hosted service sends) or asset an event is about, if it still exists. */
export function contentOf(store: ContentStore, event: DomainEvent, renderEntry: WorkerDeps['renderEntry']): Record<string, unknown> | null {
  if (event.event === 'content.deleted' || event.event === 'asset.deleted') return null
  if (event.event.startsWith('asset.')) {
    const asset = event.asset_uuid ? store.assets.get(event.asset_uuid) : undefined
    return asset ? { ...asset } : null
  }
  if (!event.entry_uuid) return null
  const index = event.collection ? store.collection(event.collection.slug) : undefined
  const entry = index?.entries.get(event.entry_uuid)
  if (index && entry) return renderEntry(entry, index.collection)
  const found = store.findEntry(event.entry_uuid)
  const foundIndex = found ? store.collection(found.slug) : undefined
  return found && foundIndex ? renderEntry(found.entry, foundIndex.collection) : null
}

export function record(input: {
  webhook: WebhookRecord
  delivery: { id: string; redelivery_of?: string }
  body: Record<string, unknown>
  attempt: number
  at: Date
  status: string
  result: SendResult | null
  error: string | null
  next: number | null
}): DeliveryLogRecord {
  const created = input.at.toISOString()
  return {
    id: randomUUID(),
    project_uuid: String(input.body.project_uuid ?? ''),
    webhook_id: input.webhook.uuid,
    action: String(input.body.event),
    url: input.webhook.url,
    status: input.status,
    request: capRequest(input.body),
    response: input.result?.response ?? null,
    created_at: created,
    updated_at: created,
    delivery_id: input.delivery.id,
    attempt: input.attempt,
    duration_ms: input.result?.duration_ms ?? 0,
    error: input.error,
    next_attempt_at: input.next === null ? null : new Date(input.next).toISOString(),
    ...(input.delivery.redelivery_of ? { redelivery_of: input.delivery.redelivery_of } : {}),
  }
}

function capRequest(body: Record<string, unknown>): Record<string, unknown> {
  if (JSON.stringify(body).length <= REQUEST_LOG_CAP) return body
  const key = 'content_entry' in body ? 'content_entry' : 'asset' in body ? 'asset' : null
  const slim = key ? { ...body, [key]: { _omitted: true, reason: 'request larger than 64 KB' } } : body
  if (JSON.stringify(slim).length <= REQUEST_LOG_CAP) return slim
  return { event: body.event, delivery_id: body.delivery_id, timestamp: body.timestamp, _webhook_log_truncated: true }
}
