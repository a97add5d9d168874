import type { AppContext } from '../../context.ts'
import { toErrorResponse } from './errors.ts'
import { CmsError } from '../../core/errors.ts'
import { registerMiddleware } from './middleware.ts'
import { createRateLimiter, type RateLimiter } from '../access/rate-limit.ts'
import { registerHomePage } from '../admin/home-page.ts'
import { closeChangeFeed } from '../../service/events/change-feed.ts'
import { stripApiPrefix } from './api-prefix.ts'
import { CmsApp } from './cms-app.ts'

/**
 * What every app has around its routes: the h3 app with its error answer, the middleware
 * (admission, CORS, compression) and the browser's home page. The routes themselves are
 * registered by createApp (all at once) or lazy-app.ts (the groups a request needs).
 */
export function createAppShell(ctx: AppContext): { app: CmsApp; limiter: RateLimiter } {
  const app = new CmsApp({
    silent: true,
    onRequest: stripApiPrefix,
    onError: (error) => toErrorResponse(error.cause instanceof Error ? error.cause : error),
  })
  const limiter = createRateLimiter()
  registerMiddleware(app, ctx, limiter)
  registerHomePage(app, ctx)
  // Event streams end before the server closes, so they never hold a shutdown.
  app.beforeClose = () => {
    ctx.editor.peek()?.activity.close()
    closeChangeFeed(ctx)
  }
  return { app, limiter }
}

/**
 * The answer when no route matched: 405 with `Allow` when the path is a route's with another
 * method (from the route table), 404 otherwise. Static segments and parameters win over this
 * catch-all in the router, whenever a route is added.
 */
export function registerFallback(app: CmsApp): void {
  app.all('/**', (event) => {
    const path = event.url.pathname
    const allowed = [...new Set(app.routes.filter((r) => matches(r.path, path)).flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])))]
    if (allowed.length > 0) {
      throw new CmsError('method_not_allowed', `The ${event.req.method} method is not supported for this route. Supported methods: ${allowed.join(', ')}.`, { headers: { allow: allowed.join(', ') } })
    }
    throw new CmsError('not_found', 'Not Found.')
  })
}

/** Whether a concrete path fits a route pattern (`:param` matches one segment). */
function matches(pattern: string, path: string): boolean {
  // Empty segments count: `//webhooks` is no route (404), not `/webhooks` with a wrong method.
  const a = pattern.split('/')
  const b = path.split('/')
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? b[i] !== '' : seg === b[i]))
}
