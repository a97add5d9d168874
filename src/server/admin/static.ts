import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { previewOrigin } from '../../core/preview-url.ts'
import { acceptedEncodings } from '../http/compression.ts'
import { packagePath } from '../../core/package-dir.ts'

/** The built editor: Vite's output, `<package root>/dist-ui/` (`CMS_EDITOR_DIR` overrides it). */
const DEFAULT_EDITOR_DIR = packagePath('dist-ui/')

/** For a Vite React app: its own scripts only, inline styles (component libraries set them), images from data/blob URLs. */
const EDITOR_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "font-src 'self' data:", "connect-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ')

const SECURITY_HEADERS = {
  'content-security-policy': EDITOR_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif',
  '.webp': 'image/webp', '.avif': 'image/avif', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff',
  '.ttf': 'font/ttf', '.otf': 'font/otf', '.wasm': 'application/wasm', '.txt': 'text/plain; charset=utf-8', '.webmanifest': 'application/manifest+json',
}

/**
 * `GET /_admin` and `/_admin/*`: the single-page editor. Files under `/_admin/assets/` are
 * served as they are (content-hashed names, so cached for a year); every other path is the
 * app's `index.html` (its router shows the screen), never cached. `/_admin/api/...` paths that
 * name no route are 404 JSON.
 */
export function registerStaticEditor(app: CmsApp, ctx: AppContext): void {
  const root = resolve(ctx.config.env.CMS_EDITOR_DIR || DEFAULT_EDITOR_DIR)
  const handler = (event: H3Event) => serveEditor(root, event.url.pathname, ctx, event.req.headers.get('accept-encoding'))
  defineRoutes(app, ctx, [
    { method: 'GET', path: '/_admin', produces: 'html', ability: null, summary: 'The browser editor (single-page app; sign in by the link `cms serve` prints)', handler },
    { method: 'GET', path: '/_admin/**', produces: 'file', ability: null, summary: 'Editor files (`/_admin/assets/*`) and screens (any other path answers the app)', handler },
  ])
}

async function serveEditor(root: string, pathname: string, ctx: AppContext, acceptEncoding: string | null): Promise<Response> {
  if (pathname === '/_admin/api' || pathname.startsWith('/_admin/api/')) return notFoundJson()
  if (pathname.startsWith('/_admin/assets/')) return serveAsset(root, pathname.slice('/_admin/assets/'.length), acceptEncoding)
  let html: Buffer
  try {
    html = await readFile(resolve(root, 'index.html'))
  } catch {
    return new Response(NOT_BUILT, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...SECURITY_HEADERS } })
  }
  // The preview pane frames the site at the project's preview_url (docs/preview.md): that origin only.
  const frame = previewOrigin(ctx.store.project.preview_url)
  const csp = frame ? `${EDITOR_CSP}; frame-src ${frame}` : EDITOR_CSP
  return new Response(new Uint8Array(html), { status: 200, headers: { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache', ...SECURITY_HEADERS, 'content-security-policy': csp } })
}

/** Compressed copies the build writes beside each text asset (ui/vite-precompress.ts), best first. */
const PRECOMPRESSED: Array<['br' | 'gzip', string]> = [['br', '.br'], ['gzip', '.gz']]

async function serveAsset(root: string, rest: string, acceptEncoding: string | null): Promise<Response> {
  let name: string
  try {
    name = decodeURIComponent(rest)
  } catch {
    return notFoundText()
  }
  // Names Vite writes: no parent segments, no backslashes or NULs, no hidden files.
  if (!name || name.includes('\0') || name.includes('\\') || name.split('/').some((seg) => seg === '' || seg === '.' || seg === '..' || seg.startsWith('.'))) return notFoundText()
  const assets = resolve(root, 'assets')
  const file = resolve(assets, name)
  if (!file.startsWith(assets + sep)) return notFoundText()
  try {
    const info = await stat(file)
    if (!info.isFile()) return notFoundText()
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'public, max-age=31536000, immutable', ...SECURITY_HEADERS }
    if (COMPRESSIBLE.test(type)) {
      // Every answer for a compressible file may differ by Accept-Encoding, compressed or not.
      headers.vary = 'Accept-Encoding'
      const accepted = acceptedEncodings(acceptEncoding)
      for (const [encoding, suffix] of PRECOMPRESSED) {
        if (!accepted[encoding]) continue
        const packed = await readFile(file + suffix).catch(() => null)
        if (packed) return new Response(new Uint8Array(packed), { status: 200, headers: { ...headers, 'content-encoding': encoding } })
      }
    }
    const bytes = await readFile(file)
    return new Response(new Uint8Array(bytes), { status: 200, headers })
  } catch {
    return notFoundText()
  }
}

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|manifest\+json|wasm)|image\/svg)/

const notFoundText = (): Response =>
  new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } })

const notFoundJson = (): Response =>
  new Response(JSON.stringify({ message: 'Not Found.' }), { status: 404, headers: { 'content-type': 'application/json; charset=utf-8' } })

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cms editor not built</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}code{background:#eee;padding:.1em .3em}</style></head>
<body><h1>The editor is not built</h1>
<p>This copy of <code>cms</code> has no built editor (no <code>dist-ui/</code> folder in the package).</p>
<p>Build it from the repository with <code>npm run build:ui</code> (or <code>npm ci</code>, which builds it), then reload this page. The content API works without it.</p>
</body></html>
`
