import type { AppContext } from '../../context.ts'
import { toErrorResponse } from './errors.ts'
import { CmsError } from '../../core/errors.ts'
import { registerProjectRoutes } from '../routes/project.ts'
import { registerEntryReadRoutes } from '../routes/entries-read.ts'
import { registerSearchRoutes } from '../routes/search.ts'
import { registerEntryWriteRoutes } from '../routes/entries-write.ts'
import { registerSchedulingRoutes } from '../routes/scheduling.ts'
import { registerWebhookRoutes } from '../routes/webhooks.ts'
import { registerSchemaRoutes } from '../routes/schema.ts'
import { registerAssetRoutes } from '../routes/assets.ts'
import { registerAssetFileRoutes } from '../routes/asset-files.ts'
import { registerOpenApiRoutes } from '../routes/openapi.ts'
import { registerApiDocsRoutes } from '../routes/api-docs.ts'
import { registerMiddleware } from './middleware.ts'
import { createRateLimiter } from '../access/rate-limit.ts'
import { registerGitRoutes } from '../routes/git.ts'
import { registerReplicaRoutes } from '../routes/replica.ts'
import { registerAuthRoutes } from '../routes/auth.ts'
import { createFastRead } from '../fast-read/fast-read.ts'
import { registerSessionRoutes } from '../admin/session-routes.ts'
import { registerStaticEditor } from '../admin/static.ts'
import { registerFavicon } from '../admin/favicon.ts'
import { registerHomePage } from '../admin/home-page.ts'
import { registerEditorRoutes } from '../admin/editor-routes.ts'
import { registerTokenRoutes } from '../admin/token-routes.ts'
import { registerEndUserRoutes } from '../admin/end-user-routes.ts'
import { registerPreviewTokenRoutes } from '../admin/preview-token-routes.ts'
import { registerEventRoutes } from '../routes/events.ts'
import { registerOverlayRoutes } from '../admin/overlay-routes.ts'
import { closeChangeFeed } from '../../service/events/change-feed.ts'
import { stripApiPrefix } from './api-prefix.ts'
import { CmsApp } from './cms-app.ts'

/**
 * Builds the HTTP app over a context. Pure: it starts nothing (no listening, see listen.ts; no
 * signal handler, webhook delivery or folder sweep, see start.ts), so tests can call
 * `app.fetch` directly or serve it on an ephemeral port, and a built app needs no stopping.
 */
export function createApp(ctx: AppContext): CmsApp {
  const app = new CmsApp({
    silent: true,
    onRequest: stripApiPrefix,
    onError: (error) => toErrorResponse(error.cause instanceof Error ? error.cause : error),
  })
  const limiter = createRateLimiter()
  registerMiddleware(app, ctx, limiter)
  registerHomePage(app, ctx)
  registerFavicon(app, ctx)
  registerSessionRoutes(app, ctx)
  registerEditorRoutes(app, ctx)
  registerTokenRoutes(app, ctx)
  registerEndUserRoutes(app, ctx)
  registerPreviewTokenRoutes(app, ctx)
  registerOverlayRoutes(app, ctx)
  // Specific routes before the `/{collection}` catch-alls (static segments win in the router anyway).
  registerProjectRoutes(app, ctx)
  registerAuthRoutes(app, ctx)
  registerOpenApiRoutes(app, ctx)
  registerApiDocsRoutes(app, ctx)
  registerSchemaRoutes(app, ctx)
  registerWebhookRoutes(app, ctx)
  registerGitRoutes(app, ctx)
  registerReplicaRoutes(app, ctx)
  registerEventRoutes(app, ctx)
  registerAssetRoutes(app, ctx)
  registerAssetFileRoutes(app, ctx)
  registerSchedulingRoutes(app, ctx)
  registerSearchRoutes(app, ctx)
  registerEntryWriteRoutes(app, ctx)
  registerEntryReadRoutes(app, ctx)
  registerStaticEditor(app, ctx)
  app.all('/**', (event) => {
    const path = event.url.pathname
    const allowed = [...new Set(app.routes.filter((r) => matches(r.path, path)).flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])))]
    if (allowed.length > 0) {
      throw new CmsError('method_not_allowed', `The ${event.req.method} method is not supported for this route. Supported methods: ${allowed.join(', ')}.`, { headers: { allow: allowed.join(', ') } })
    }
    throw new CmsError('not_found', 'Not Found.')
  })
  app.fastRead = createFastRead(ctx, limiter, app.routes, app.handovers)
  // Event streams end before the server closes, so they never hold a shutdown.
  app.beforeClose = () => {
    ctx.editor.peek()?.activity.close()
    closeChangeFeed(ctx)
  }
  return app
}

/** Whether a concrete path fits a route pattern (`:param` matches one segment). */
function matches(pattern: string, path: string): boolean {
  // Empty segments count: `//webhooks` is no route (404), not `/webhooks` with a wrong method.
  const a = pattern.split('/')
  const b = path.split('/')
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? b[i] !== '' : seg === b[i]))
}
