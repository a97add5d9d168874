import type { ContentStore } from '../storage/store.ts'
import type { ResolvedConfig } from '../config.ts'
import { Outbox } from './outbox.ts'
import { DeliveryLogs } from './logs.ts'
import { SecretStore } from './secrets.ts'
import type { DeliveryWorker, WorkerDeps } from './worker.ts'
import { retryPolicyFrom, type RetryPolicy } from './backoff.ts'
import type { UrlRules } from './url-safety.ts'
import { receiverRules } from './local-receivers.ts'

/** Webhook settings from the environment (see docs/api.md, webhooks). */
export interface WebhookSettings {
  rules: UrlRules
  policy: RetryPolicy
  /** `CMS_WEBHOOK_TIMEOUT_MS` @default 10000 */
  timeoutMs: number
  /** `CMS_WEBHOOK_LOG_RETENTION`: attempts kept per webhook. @default 1000 */
  logRetention: number
  /** `CMS_WEBHOOK_CONCURRENCY`: parallel sends per webhook. @default 8 */
  concurrency: number
  /** `CMS_WEBHOOK_CIRCUIT_FAILURES`: failures in a row that pause a webhook. @default 5 */
  circuitFailures: number
  /** `CMS_WEBHOOK_CIRCUIT_COOLDOWN_MS`: first pause of a failing webhook (doubles, up to 10 min). @default 30000 */
  circuitCooldownMs: number
  /** `CMS_WEBHOOK_CLI_WAIT_MS`: how long a CLI command waits for its own deliveries. @default 10000 */
  cliWaitMs: number
}

/** The webhook state a context carries: outbox (its event sink), logs, secrets, and the worker once started. */
export interface WebhookState {
  outbox: Outbox
  logs: DeliveryLogs
  secrets: SecretStore
  settings: WebhookSettings
  worker: DeliveryWorker | null
  /** A CLI command delivers its own events before exiting (false with `--no-deliver`). */
  deliverOnExit: boolean
  /** The entry a delivery carries, rendered by the service layer: given by the composition root, as webhooks/ imports no service. */
  renderEntry: WorkerDeps['renderEntry']
}

/** `loopbackOnly`: the server listens on loopback only, or a CLI command runs without one. */
export function webhookSettings(config: ResolvedConfig, loopbackOnly = true): WebhookSettings {
  const int = (name: string, fallback: number, min: number) => {
    const raw = config.env[name]
    if (raw === undefined || raw.trim() === '') return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`)
    return n
  }
  return {
    rules: receiverRules(config, loopbackOnly),
    policy: retryPolicyFrom(config.env),
    timeoutMs: int('CMS_WEBHOOK_TIMEOUT_MS', 10_000, 1),
    logRetention: int('CMS_WEBHOOK_LOG_RETENTION', 1000, 1),
    concurrency: int('CMS_WEBHOOK_CONCURRENCY', 8, 1),
    circuitFailures: int('CMS_WEBHOOK_CIRCUIT_FAILURES', 5, 1),
    circuitCooldownMs: int('CMS_WEBHOOK_CIRCUIT_COOLDOWN_MS', 30_000, 0),
    cliWaitMs: int('CMS_WEBHOOK_CLI_WAIT_MS', 10_000, 0),
  }
}

/** Opens the outbox, logs and secrets in `stateDir` (nothing is created until something is written). */
export async function openWebhookState(config: ResolvedConfig, store: ContentStore, options: { renderEntry: WorkerDeps['renderEntry']; deliverOnExit?: boolean; loopbackOnly?: boolean }): Promise<WebhookState> {
  const settings = webhookSettings(config, options.loopbackOnly ?? true)
  const outbox = await Outbox.open(config.stateDir, () => store.webhooks.values())
  return {
    outbox,
    logs: new DeliveryLogs(config.stateDir, settings.logRetention),
    secrets: new SecretStore(config.stateDir, config.env),
    settings,
    worker: null,
    deliverOnExit: options.deliverOnExit ?? true,
    renderEntry: options.renderEntry,
  }
}
