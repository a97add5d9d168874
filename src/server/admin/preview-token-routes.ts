import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { readJsonBody } from '../http/body.ts'
import { issuePreviewToken, revokeAllPreviewTokens, revokePreviewToken } from '../../service/preview/preview-tokens.ts'

/** Preview tokens (docs/preview.md): issued to an editor session or a token with `update`, revoked the same way. */
export function registerPreviewTokenRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'POST', path: '/_admin/api/preview-tokens', ability: 'update', token: 'always', project: 'optional',
      summary: 'Issue a read-only preview token `{collection?, uuid?, ttl_seconds?}` (1..86400, default 3600) → 201 `{token, expires_at}`',
      handler: async (event) => json(201, await issuePreviewToken(ctx, await readJsonBody(event, ctx))),
    },
    {
      method: 'DELETE', path: '/_admin/api/preview-tokens', ability: 'update', token: 'always', project: 'optional',
      summary: 'Revoke every preview token issued so far → `{revoked: "all"}`',
      handler: () => revokeAllPreviewTokens(ctx),
    },
    {
      method: 'DELETE', path: '/_admin/api/preview-tokens/:token', ability: 'update', token: 'always', project: 'optional',
      summary: 'Revoke one preview token (refused at once) → `{revoked: true}`',
      handler: (event) => revokePreviewToken(ctx, decodeURIComponent(event.context.params?.token ?? '')),
    },
  ])
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } })
