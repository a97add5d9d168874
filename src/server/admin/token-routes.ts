import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { readJsonBody } from '../http/body.ts'
import { decodeParam } from '../http/route-param.ts'
import { badRequest } from '../../core/errors.ts'
import { createToken, listTokens, parseAbilities, parseExpiry, revokeToken } from '../../service/tokens/manage.ts'

/**
 * API tokens over the admin API (what `cms token` sends): a token's secret travels once, in
 * the answer that creates it; lists show names, abilities and last 4 characters only.
 */
export function registerTokenRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/_admin/api/tokens', ability: 'admin', token: 'always', project: 'optional',
      summary: 'API tokens: `[{name, abilities, last4, created_at, expires_at, expired}]` (never a secret)',
      answer: 'TokenList',
      handler: () => listTokens(ctx.store),
    },
    {
      serial: true, method: 'POST', path: '/_admin/api/tokens', ability: 'admin', token: 'always', project: 'optional',
      summary: 'Create a token `{name, abilities: "read,create" | [...], expires?: "30d" | date}` → `{token, name, abilities, expires_at}` (the secret, shown once)',
      input: 'TokenInput', answer: 'CreatedToken',
      handler: async (event) => {
        const body = await readJsonBody(event, ctx)
        const abilities = Array.isArray(body.abilities) ? body.abilities.join(',') : body.abilities
        if (typeof body.name !== 'string') throw badRequest('name must be a string.')
        if (typeof abilities !== 'string') throw badRequest('abilities must be a comma list or an array.')
        if (body.expires !== undefined && body.expires !== null && typeof body.expires !== 'string') throw badRequest('expires must be a string.')
        const expiresAt = typeof body.expires === 'string' ? parseExpiry(body.expires) : null
        return createToken(ctx.store, { name: body.name, abilities: parseAbilities(abilities), expiresAt })
      },
    },
    {
      serial: true, method: 'DELETE', path: '/_admin/api/tokens/:name', ability: 'admin', token: 'always', project: 'optional',
      summary: 'Revoke a token by name → the token revoked (servers refuse it at once)',
      answer: 'Token',
      handler: (event) => revokeToken(ctx.store, decodeParam(event, 'name')),
    },
  ])
}
