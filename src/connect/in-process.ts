import { randomBytes } from 'node:crypto'
import type { ResolvedConfig } from '../config.ts'
import { createContext } from '../context.ts'
import { createLazyApp } from '../server/http/lazy-app.ts'
import { createApiClient, type ApiClient } from './api.ts'

/**
 * Where `cms serve` listens unless told otherwise: without a server, the URLs in answers
 * (pagination links, `meta.path`, asset URLs) name it, so they differ from a running server's
 * only in the port.
 */
export const SERVE_ADDRESS = 'http://127.0.0.1:4000'

/**
 * The API answered in this process: the content opened as a server opens it, the app built
 * over it (`createLazyApp`: createApp's routes, each group loaded when a request needs it; no
 * socket), and every request handed to `app.fetch` as a Request,
 * carrying a local admin token made for this run (every ability, as without `--url` a command
 * has). `resume`: this process holds the writer lock, so it may finish a schema change a
 * killed process left. A command that wrote sends the webhooks its own events caused before
 * the store closes (unless `--no-deliver`).
 */
export async function inProcess<T>(config: ResolvedConfig, options: { deliver?: boolean; readOnly?: boolean }, fn: (api: ApiClient) => Promise<T>, resume: boolean): Promise<T> {
  const token = randomBytes(24).toString('base64url')
  const ctx = await createContext({ config, source: 'cli', deliver: options.deliver !== false, resume, localAdminToken: token })
  try {
    const app = createLazyApp(ctx)
    const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => app.fetch(new Request(input, init))
    const result = await fn(createApiClient({ url: SERVE_ADDRESS, projectId: ctx.store.project.uuid, token, fetch }))
    // The delivery worker is loaded only when this command's own events queued deliveries.
    if (!options.readOnly && ctx.webhooks?.outbox.pending().some((d) => d.own)) await (await import('../webhooks/runtime.ts')).deliverOwnEvents(ctx)
    return result
  } finally {
    await ctx.close()
  }
}
