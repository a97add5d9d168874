import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { OVERLAY_SCRIPT } from './overlay-script.ts'

/** `GET /_admin/overlay.js`: the click-to-edit overlay a site includes in preview mode (docs/preview.md). */
export function registerOverlayRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/_admin/overlay.js', ability: null, produces: 'script',
      summary: 'Click-to-edit overlay for sites in preview mode: elements with `data-cms-edit="<collection>/<uuid>/<field>"` get an Edit button',
      // Any site may load it (it holds no data); it is the editor's own code, so it is not cached for long.
      handler: () => new Response(OVERLAY_SCRIPT, {
        status: 200,
        headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'cross-origin' },
      }),
    },
  ])
}
