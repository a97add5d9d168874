import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { forbidden, unauthenticated, badRequest } from '../../core/errors.ts'
import { ABILITIES } from '../../core/types.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { readJsonBody } from '../http/body.ts'
import { jsonResponse } from '../http/json-text.ts'
import { checkSameOrigin, credentialOf, requestOrigin, sessionCredential } from '../access/guard.ts'
import { findToken } from '../../service/tokens/manage.ts'
import { editorState } from '../../sessions/editor-state.ts'
import { clearedSessionCookie, readSessionCookie, sessionCookie } from '../../sessions/cookie.ts'
import { localEditorName } from '../../sessions/local-name.ts'
import { editorPath, withNext } from '../../sessions/editor-path.ts'
import type { SessionRecord } from '../../sessions/session-store.ts'
import type { EditorSession } from '../../sessions/editor-session.ts'
import { dirname } from 'node:path'

/**
 * Signing in to the browser editor: a one-time link (`cms serve` / `cms editor-url` print
 * one) or a pasted API token is exchanged for the `cms_session` cookie. See docs/api.md.
 */
export function registerSessionRoutes(app: CmsApp, ctx: AppContext): void {
  // Made on first use (the server makes it when it starts: start.ts), never while the app is built.
  const state = () => editorState(ctx)
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/_admin/login', ability: null, summary: 'Sign-in link: `?ticket=` (one use, 10 min) → session cookie, 303 to `/_admin/` (or to the editor path in `&next=`); a used or expired link → 303 to `/_admin/signin?error=link-expired`',
      produces: 'redirect',
      handler: async (event) => {
        // A link checker's HEAD must not use the link up.
        if (event.req.method === 'HEAD') return new Response(null, { status: 200, headers: { 'cache-control': 'no-store' } })
        const ticket = event.url.searchParams.get('ticket') ?? ''
        const next = editorPath(event.url.searchParams.get('next'))
        if (!state().tickets.redeem(ticket)) return redirect(`/_admin/signin?error=link-expired${next ? `&next=${encodeURIComponent(next)}` : ''}`)
        const { id } = await state().sessions.create({ via: 'link', name: await localEditorName(dirname(ctx.config.contentDir)) })
        return redirect(`/_admin${next ?? '/'}`, sessionCookie(id, isHttps(event)))
      },
    },
    {
      method: 'GET', path: '/_admin/api/session', ability: null, summary: 'The signed-in editor session: `{name, abilities, project, expires_at, via}`, or 401',
      answer: 'EditorSession',
      handler: (event) => {
        const id = readSessionCookie(event.req.headers.get('cookie'))
        const credential = id ? sessionCredential(id, ctx) : null
        if (!id || !credential) throw unauthenticated('Not signed in to the editor.')
        return sessionBody(ctx, credential)
      },
    },
    {
      method: 'POST', path: '/_admin/api/session', ability: null, summary: 'Sign in to the editor with an API token (`{token}`) → session JSON and cookie; 401 for a bad token',
      input: 'EditorSignInInput', answer: 'EditorSession',
      handler: async (event) => {
        refuseCrossSite(event)
        const body = await readJsonBody(event, ctx)
        if (typeof body.token !== 'string' || body.token.trim() === '') throw badRequest('Send {"token": "..."}: the API token to sign in with.')
        const record = findToken(ctx.store.tokens, body.token.trim())
        if (!record) throw unauthenticated('This token is not valid for this project (unknown, revoked or expired).')
        const { id } = await state().sessions.create({ via: 'token', name: record.name, tokenHash: record.hash })
        const credential = sessionCredential(id, ctx)
        if (!credential) throw unauthenticated('This token is not valid for this project (unknown, revoked or expired).')
        return json(sessionBody(ctx, credential), 200, { 'set-cookie': sessionCookie(id, isHttps(event)) })
      },
    },
    {
      method: 'DELETE', path: '/_admin/api/session', ability: null, summary: 'Sign out: ends the session and clears the cookie (204)',
      produces: 'empty',
      handler: async (event) => {
        const id = readSessionCookie(event.req.headers.get('cookie'))
        if (id) {
          checkSameOrigin(event)
          await state().sessions.end(id)
        }
        return new Response(null, { status: 204, headers: { 'set-cookie': clearedSessionCookie(isHttps(event)), 'cache-control': 'no-store' } })
      },
    },
    {
      method: 'POST', path: '/_admin/api/links', ability: 'admin', token: 'always', project: 'optional',
      summary: 'A fresh one-time sign-in link `{url, expires_at}` (local admin token only: what `cms editor-url` calls)',
      answer: 'EditorSignInLink',
      handler: (event) => {
        if (credentialOf(event, ctx).kind !== 'local-admin') throw forbidden('Only `cms editor-url`, on the machine running this server, can make sign-in links.')
        const { ticket, expiresAt } = state().tickets.issue()
        return { url: `${event.url.origin}/_admin/login?ticket=${ticket}`, expires_at: new Date(expiresAt).toISOString() }
      },
    },
    {
      method: 'DELETE', path: '/_admin/api/sessions', ability: 'admin', token: 'always', project: 'optional',
      summary: 'End every editor session and unused sign-in link (`cms editor-url --revoke-all`) → `{revoked}`',
      answer: 'EditorSessionsRevoked',
      handler: async () => {
        state().tickets.clear()
        return { revoked: await state().sessions.endAll() }
      },
    },
  ])
}

/** A sign-in link (printed by `cms serve`) for this server's URL; `next` is the editor path it leads to. */
export function signInLink(ctx: AppContext, baseUrl: string, next?: string): string {
  const { ticket } = editorState(ctx).tickets.issue()
  return withNext(`${baseUrl.replace(/\/+$/, '')}/_admin/login?ticket=${ticket}`, next)
}

function sessionBody(ctx: AppContext, credential: { name: string; abilities: ReadonlySet<string>; via: SessionRecord['via']; expiresAt: number }): EditorSession {
  const p = ctx.store.project
  return {
    name: credential.name,
    abilities: ABILITIES.filter((a) => credential.abilities.has(a)),
    project: { uuid: p.uuid, name: p.name, default_locale: p.default_locale, locales: [...p.locales] },
    expires_at: new Date(credential.expiresAt).toISOString(),
    via: credential.via,
  }
}

/** Token sign-in from another site is refused (login CSRF); a same-origin page or a script without Origin is fine. */
function refuseCrossSite(event: H3Event): void {
  const site = event.req.headers.get('sec-fetch-site')
  const origin = event.req.headers.get('origin')
  if (site === 'cross-site' || (origin && origin !== requestOrigin(event))) throw forbidden('Cross-origin sign-in refused: sign in from the editor page itself.')
}

const isHttps = (event: H3Event): boolean => requestOrigin(event).startsWith('https:')

function redirect(location: string, cookie?: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', ...(cookie ? { 'set-cookie': cookie } : {}) } })
}

const json = (body: unknown, status: number, headers: Record<string, string>): Response => jsonResponse(status, body, { 'cache-control': 'no-store', ...headers })
