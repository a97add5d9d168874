import type { WebhookContext } from './context.ts'
import { now } from '../core/ids.ts'
import { forTerminal } from '../core/terminal.ts'
import { DeliveryWorker } from './worker.ts'
import { eventsFromFileChange } from '../storage/file-events.ts'
import type { WebhookState } from './state.ts'

function createWorker(ctx: WebhookContext, state: WebhookState, ownOnly: boolean): DeliveryWorker {
  return new DeliveryWorker({
    store: ctx.store, renderEntry: state.renderEntry, outbox: state.outbox, logs: state.logs, secrets: state.secrets,
    rules: state.settings.rules, policy: state.settings.policy, timeoutMs: state.settings.timeoutMs,
    concurrency: state.settings.concurrency,
    circuitFailures: state.settings.circuitFailures, circuitCooldownMs: state.settings.circuitCooldownMs,
    onBlocked: (webhook, reason) => process.stderr.write(`${forTerminal(`warning: webhook "${webhook.name}" not delivered to ${webhook.url}: ${reason}`)}\n`),
    disable: async (webhook) => {
      const current = ctx.store.webhooks.get(webhook.uuid)
      if (current?.status) await ctx.store.putWebhook({ ...current, status: false, updated_at: now() }, ctx.source)
    },
  }, { ownOnly })
}

/**
 * Starts delivery for a serving (writer) context: compacts the outbox, runs the worker over
 * every pending delivery (those left by a crash or by CLI commands included), and turns
 * external file changes into `file`-sourced events. Idempotent; stopped by `ctx.close()`.
 */
export function startDelivery(ctx: WebhookContext): void {
  const state = ctx.webhooks
  if (!state || state.worker) return
  const worker = createWorker(ctx, state, false)
  state.worker = worker
  // Safe alongside the worker: the journal runs appends and the rewrite in one queue.
  state.outbox.compact().catch((error: unknown) => console.error('[cms] could not compact the webhook outbox:', error))
  const unsubscribe = ctx.store.onChange((change) => {
    if (change.kind === 'webhook') {
      if (change.after) worker.release(change.uuid)
      return
    }
    if (change.source !== 'file') return
    const collectionUuid = change.kind === 'entry' ? ctx.store.collection(change.slug)?.collection.uuid : undefined
    const events = eventsFromFileChange(change, now(), collectionUuid)
    if (events.length === 0) return
    state.outbox.append(events).catch((error: unknown) => console.error('[cms] could not queue webhook events for a file change:', error))
  })
  ctx.disposers.push(async () => {
    unsubscribe()
    await worker.stop()
    state.worker = null
  })
}

/**
 * For a CLI command run without a server: sends the webhooks this command's own events
 * caused, waiting at most `CMS_WEBHOOK_CLI_WAIT_MS`. What is left stays in the outbox for
 * the next `cms serve`.
 */
export async function deliverOwnEvents(ctx: WebhookContext): Promise<void> {
  const state = ctx.webhooks
  if (!state || state.worker || !state.deliverOnExit) return
  if (!state.outbox.pending().some((d) => d.own)) return
  const worker = createWorker(ctx, state, true)
  state.worker = worker
  try {
    const left = await worker.drain(state.settings.cliWaitMs)
    if (left > 0) process.stderr.write(`cms: ${left} webhook deliver${left === 1 ? 'y' : 'ies'} still pending; the next \`cms serve\` sends ${left === 1 ? 'it' : 'them'}.\n`)
  } finally {
    await worker.stop()
    state.worker = null
  }
}
