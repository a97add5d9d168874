import type { CmsApp } from '../http/cms-app.ts'
import type { AppContext } from '../../context.ts'

/**
 * `GET /` from a browser (Accept with text/html, no `project-id`): a small page saying what
 * this server is, instead of the API's `400 Project header missing.`. API clients (no HTML in
 * Accept, or a project header) get the JSON answers as before.
 */
export function registerHomePage(app: CmsApp, ctx: AppContext): void {
  app.use((event, next) => {
    if (event.url.pathname !== '/' || (event.req.method !== 'GET' && event.req.method !== 'HEAD')) return next()
    const headers = event.req.headers
    if (headers.has('project-id') || !(headers.get('accept') ?? '').includes('text/html')) return next()
    return new Response(homePage(ctx, event.url.origin), {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        vary: 'Accept, Project-Id',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
      },
    })
  })
}

function homePage(ctx: AppContext, origin: string): string {
  const p = ctx.store.project
  const curl = `curl -H "project-id: ${p.uuid}" ${origin}/`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(p.name)} · cms</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem;color:#222}code,pre{background:#f3f3f3;border-radius:4px}pre{padding:.75rem;overflow-x:auto}code{padding:.1em .3em}a{color:#0b57d0}</style></head>
<body>
<h1>${esc(p.name)}</h1>
<p>This is a <strong>cms</strong> content server: a headless content API (wire-compatible with ElmapiCMS) over the files in <code>${esc(ctx.store.layout.root.split(/[\\/]/).pop() ?? 'content')}/</code>.</p>
<ul>
<li><a href="/_admin/">Open the editor</a> (sign in with the link <code>cms serve</code> printed, or run <code>cms editor-url</code>; or paste an API token)</li>
<li>API reference: <code>docs/api.md</code> in the cms repository (every route, its ability and its answers); <code>cms --help</code> for the command line</li>
</ul>
<p>Project id: <code>${esc(p.uuid)}</code>. Every API request sends it in the <code>project-id</code> header. Try:</p>
<pre><code>${esc(curl)}</code></pre>
</body></html>
`
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
