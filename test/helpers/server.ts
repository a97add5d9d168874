import { createContext } from '../../src/context.ts'
import { loadConfig } from '../../src/config.ts'
import { createApp } from '../../src/server/http/app.ts'
import { startServing } from '../../src/server/lifecycle/start.ts'
import type { CmsApp } from '../../src/server/http/cms-app.ts'
import { startServer } from '../../src/server/lifecycle/listen.ts'

export interface TestServer {
  url: string
  ctx: Awaited<ReturnType<typeof createContext>>
  /** The h3 app behind the server: `app.fetch` answers without the Node fast read path. */
  app: CmsApp
  /** fetch against the server with the project header set (override with headers). */
  request(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>
  close(): Promise<void>
}

/**
 * A real server on an ephemeral loopback port over a real content dir. `env` entries are
 * the settings a user would put in the environment (API_RATE_LIMIT_PER_MINUTE, ...).
 */
export async function startTestServer(contentDir: string, options: { env?: Record<string, string>; watch?: boolean } = {}): Promise<TestServer> {
  const config = loadConfig({ dir: contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0', ...options.env } })
  const ctx = await createContext({ config, watch: options.watch ?? false, source: 'api' })
  const app = createApp(ctx)
  startServing(ctx)
  const http = await startServer(app, { port: 0, host: '127.0.0.1' })
  const projectId = ctx.store.project.uuid
  return {
    url: http.url,
    ctx,
    app,
    request(path, init = {}) {
      const headers = new Headers(init.headers)
      if (!headers.has('project-id')) headers.set('project-id', projectId)
      if (!headers.has('accept')) headers.set('accept', 'application/json')
      if (init.token) headers.set('authorization', `Bearer ${init.token}`)
      let body = init.body
      if (init.json !== undefined) {
        body = JSON.stringify(init.json)
        if (!headers.has('content-type')) headers.set('content-type', 'application/json')
      }
      return fetch(`${http.url}${path}`, { ...init, headers, body: body ?? null })
    },
    async close() {
      await http.close()
      await ctx.close()
    },
  }
}
