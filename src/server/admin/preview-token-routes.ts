import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { readJsonBody } from '../http/body.ts'
import { decodeParam } from '../http/route-param.ts'
import { issuePreviewToken, previewConfig, previewLink, revokeAllPreviewTokens, revokePreviewToken } from '../../service/preview/preview-tokens.ts'
import { jsonResponse } from '../http/json-text.ts'

/** Preview tokens (docs/preview.md): issued to an editor session or a token with `update`, revoked the same way. */
export function registerPreviewTokenRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'POST', path: '/_admin/api/preview-tokens', status: 201, ability: 'update', token: 'always', project: 'optional',
      summary: 'Issue a read-only preview token `{collection?, uuid?, ttl_seconds?}` (1..86400, default 3600) → 201 `{token, expires_at}`',
      input: 'PreviewTokenInput', answer: 'PreviewToken',
      handler: async (event) => json(201, await issuePreviewToken(ctx, await readJsonBody(event, ctx))),
    },
    {
      method: 'GET', path: '/_admin/api/preview', ability: 'read', token: 'always', project: 'optional',
      summary: 'The project\'s preview address template and the origin the editor may frame: `{preview_url, origin}` (nulls when none is set)',
      answer: 'PreviewConfig',
      handler: () => previewConfig(ctx),
    },
    {
      method: 'POST', path: '/_admin/api/preview-links', status: 201, ability: 'update', token: 'always', project: 'optional',
      summary: 'An entry\'s preview address `{collection, uuid}` → 201 `{url, token, expires_at}` (a token for that entry, filled into preview_url)',
      input: 'PreviewLinkInput', answer: 'PreviewLink',
      handler: async (event) => json(201, await previewLink(ctx, await readJsonBody(event, ctx))),
    },
    {
      method: 'DELETE', path: '/_admin/api/preview-tokens', ability: 'update', token: 'always', project: 'optional',
      summary: 'Revoke every preview token issued so far → `{revoked: "all"}`',
      answer: 'PreviewTokensRevoked',
      handler: () => revokeAllPreviewTokens(ctx),
    },
    {
      method: 'DELETE', path: '/_admin/api/preview-tokens/:token', ability: 'update', token: 'always', project: 'optional',
      summary: 'Revoke one preview token (refused at once) → `{revoked: true}`',
      answer: 'PreviewTokenRevoked',
      handler: (event) => revokePreviewToken(ctx, decodeParam(event, 'token')),
    },
  ])
}

const json = (status: number, body: unknown): Response => jsonResponse(status, body, { 'cache-control': 'no-store' })
