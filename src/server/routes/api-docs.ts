import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { CmsApp } from '../http/cms-app.ts'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import { packagePath } from '../../core/package-dir.ts'

/** Redoc's standalone script, copied there by scripts/bundle-docs-renderer.mjs (`CMS_DOCS_DIR` overrides it). */
const DEFAULT_DOCS_DIR = packagePath('dist-docs/')

const DOCS_SCRIPT_PATH = '/_docs/redoc.standalone.js'

/**
 * Only our own origin: the renderer's script, the document it fetches, inline styles (Redoc's
 * styled-components inject them) and its search worker (started from a blob URL).
 */
const DOCS_CSP = [
  "default-src 'none'", "script-src 'self'", "worker-src blob:", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
  "font-src 'self' data:", "connect-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join('; ')

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="icon" href="data:,">
<style>body { margin: 0; }</style>
</head>
<body>
<redoc spec-url="/openapi.json"></redoc>
<script src="${DOCS_SCRIPT_PATH}"></script>
</body>
</html>
`

/**
 * `GET /_docs`: the API reference, Redoc rendering this server's `/openapi.json` in the browser,
 * with no request leaving the origin. The page has the document's access rules (no token on a
 * public project; a token or an editor session on a private one); the renderer's script is a
 * static file anyone may load.
 */
export function registerApiDocsRoutes(app: CmsApp, ctx: AppContext): void {
  const dir = resolve(ctx.config.env.CMS_DOCS_DIR || DEFAULT_DOCS_DIR)
  let script: Promise<Buffer> | null = null
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/_docs', produces: 'html', ability: 'read', project: 'optional', summary: 'The API reference: this server\'s OpenAPI document rendered in the browser (Redoc, served from here)',
      handler: () => new Response(PAGE, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': DOCS_CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' } }),
    },
    {
      method: 'GET', path: DOCS_SCRIPT_PATH, produces: 'script', ability: null, summary: 'The API reference\'s renderer script (Redoc\'s standalone bundle, shipped in the package)',
      handler: async () => {
        script ??= readFile(resolve(dir, 'redoc.standalone.js'))
        let bytes: Buffer
        try {
          bytes = await script
        } catch {
          script = null
          return new Response('The API reference renderer is not built: run `npm run build` in the package.\n', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' } })
        }
        return new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' } })
      },
    },
  ])
}
