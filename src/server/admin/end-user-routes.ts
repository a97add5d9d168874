import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { readJsonBody } from '../http/body.ts'
import { decodeParam } from '../http/route-param.ts'
import { badRequest } from '../../core/errors.ts'
import { createUser, deleteUser, listUsers, setSuspended, showUser, type AdminScope } from '../../end-users/admin.ts'
import { rotateSigningKey } from '../../end-users/signing-key.ts'

/**
 * The project's end users as their owner manages them (what `cms user` and `cms auth
 * rotate-key` send): `.cms/auth.json` through end-users/admin.ts, never a password hash or a key.
 */
export function registerEndUserRoutes(app: CmsApp, ctx: AppContext): void {
  const scope = (): AdminScope => ({ stateDir: ctx.config.stateDir, project: ctx.store.project })
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/_admin/api/users', ability: 'admin', token: 'always', project: 'optional',
      summary: 'End users of project auth: `[{uuid, email, status, sessions, api_keys, ...}]`',
      answer: 'EndUserList',
      handler: () => listUsers(scope()),
    },
    {
      method: 'POST', path: '/_admin/api/users', ability: 'admin', token: 'always', project: 'optional',
      summary: 'Create an end user `{email, password, display_name?, verified?}` (a verification email goes to the outbox unless verified)',
      input: 'EndUserCreateInput', answer: 'EndUserSummary',
      handler: async (event) => {
        const body = await readJsonBody(event, ctx)
        if (typeof body.email !== 'string' || typeof body.password !== 'string') throw badRequest('email and password must be strings.')
        if (body.display_name !== undefined && typeof body.display_name !== 'string') throw badRequest('display_name must be a string.')
        return createUser(scope(), {
          email: body.email, password: body.password, verified: body.verified === true,
          ...(typeof body.display_name === 'string' ? { displayName: body.display_name } : {}),
        })
      },
    },
    {
      method: 'GET', path: '/_admin/api/users/:ref', ability: 'admin', token: 'always', project: 'optional',
      summary: 'One end user by email or uuid, with their API keys (prefixes only)',
      answer: 'EndUserDetail',
      handler: (event) => showUser(scope(), decodeParam(event, 'ref')),
    },
    {
      method: 'DELETE', path: '/_admin/api/users/:ref', ability: 'admin', token: 'always', project: 'optional',
      summary: 'Delete an end user with their sign-ins and API keys → the user deleted',
      answer: 'EndUserSummary',
      handler: (event) => deleteUser(scope(), decodeParam(event, 'ref')),
    },
    {
      method: 'POST', path: '/_admin/api/users/:ref/suspend', ability: 'admin', token: 'always', project: 'optional',
      summary: 'Suspend an end user: their sign-ins end, sign-in is refused, their API keys introspect as inactive',
      answer: 'EndUserSummary',
      handler: (event) => setSuspended(scope(), decodeParam(event, 'ref'), true),
    },
    {
      method: 'POST', path: '/_admin/api/users/:ref/unsuspend', ability: 'admin', token: 'always', project: 'optional',
      summary: 'Lift a suspension',
      answer: 'EndUserSummary',
      handler: (event) => setSuspended(scope(), decodeParam(event, 'ref'), false),
    },
    {
      serial: true, method: 'POST', path: '/_admin/api/auth/signing-key', ability: 'admin', token: 'always', project: 'optional',
      summary: 'Replace the key that signs end users\' access tokens → `{kid, created_at}` (issued access tokens stop working)',
      answer: 'EndUserSigningKey',
      handler: async () => {
        const key = await rotateSigningKey(ctx.config.stateDir)
        return { kid: key.kid, created_at: key.created_at }
      },
    },
  ])
}
