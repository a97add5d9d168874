import type { AppContext } from '../../context.ts'
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
import { registerGitRoutes } from '../routes/git.ts'
import { registerReplicaRoutes } from '../routes/replica.ts'
import { registerAuthRoutes } from '../routes/auth.ts'
import { createFastRead } from '../fast-read/fast-read.ts'
import { createAppShell, registerFallback } from './app-shell.ts'
import type { CmsApp } from './cms-app.ts'
import { registerSessionRoutes } from '../admin/session-routes.ts'
import { registerStaticEditor } from '../admin/static.ts'
import { registerFavicon } from '../admin/favicon.ts'
import { registerEditorRoutes } from '../admin/editor-routes.ts'
import { registerTokenRoutes } from '../admin/token-routes.ts'
import { registerEndUserRoutes } from '../admin/end-user-routes.ts'
import { registerPreviewTokenRoutes } from '../admin/preview-token-routes.ts'
import { registerEventRoutes } from '../routes/events.ts'
import { registerOverlayRoutes } from '../admin/overlay-routes.ts'

/**
 * Builds the HTTP app over a context. Pure: it starts nothing (no listening, see listen.ts; no
 * signal handler, webhook delivery or folder sweep, see start.ts), so tests can call
 * `app.fetch` directly or serve it on an ephemeral port, and a built app needs no stopping.
 */
export function createApp(ctx: AppContext): CmsApp {
  const { app, limiter } = createAppShell(ctx)
  // The same groups, in the same order, as ROUTE_GROUPS (route-groups.ts; a unit test compares them).
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
  registerFallback(app)
  app.fastRead = createFastRead(ctx, limiter, app.routes, app.handovers)
  return app
}
