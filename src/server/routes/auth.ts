import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { readJsonBody } from '../http/body.ts'
import { jsonText as json } from '../http/json-text.ts'
import type { Principal } from '../access/route-access.ts'
import { createRateLimiter } from '../access/rate-limit.ts'
import { checkAuthLimit, requestMeta } from './auth-limits.ts'
import { unauthenticated } from '../../core/errors.ts'
import {
  changePassword, confirmVerification, login, logout, logoutAll, me, refresh, resendVerification, signup, type EndUserPrincipal,
} from '../../end-users/accounts.ts'
import { createKey, introspect, listKeys, revokeKey } from '../../end-users/api-keys.ts'

/** Project auth for end users (`/auth/*`, docs/api.md "Project auth"): thin adapters over src/end-users/. */
export function registerAuthRoutes(app: CmsApp, ctx: AppContext): void {
  const limiter = createRateLimiter()
  const body = (e: H3Event) => readJsonBody(e, ctx)
  const optionalBody = (e: H3Event) => readJsonBody(e, ctx, { optional: true })
  const email = (b: Record<string, unknown>) => (typeof b.email === 'string' ? b.email : '')
  const limit = (e: H3Event, name: Parameters<typeof checkAuthLimit>[3], forEmail?: string) => checkAuthLimit(e, ctx, limiter, name, forEmail)
  defineRoutes(app, ctx, [
    { method: 'POST', path: '/auth/signup', status: [201, 202], ability: null, projectAuth: 'open', summary: 'End-user sign-up `{email, password, display_name?, metadata?}` → 201 tokens, or 202 when email verification is on',
      input: 'EndUserSignupInput', answer: 'EndUserSignup',
      handler: async (e) => {
        limit(e, 'signup')
        const result = await signup(ctx, await body(e), requestMeta(e, ctx))
        return json(e, result.body, result.status)
      } },
    { method: 'POST', path: '/auth/login', ability: null, projectAuth: 'open', summary: 'End-user sign-in `{email, password}` → tokens; 5 failures lock the email out for 300 s (429)',
      input: 'EndUserLoginInput', answer: 'EndUserTokens',
      handler: async (e) => {
        const b = await body(e)
        limit(e, 'login', email(b))
        return json(e, await login(ctx, b, requestMeta(e, ctx)))
      } },
    { method: 'POST', path: '/auth/refresh', ability: null, projectAuth: 'open', summary: 'New token pair for `{refresh_token}` (the one sent is spent; within 10 s it answers the same pair again)',
      input: 'EndUserRefreshInput', answer: 'EndUserTokens',
      handler: async (e) => {
        limit(e, 'refresh')
        return json(e, await refresh(ctx, await body(e)))
      } },
    { method: 'POST', path: '/auth/logout', ability: null, projectAuth: 'user', summary: 'End this sign-in (its refresh and access tokens)',
      answer: 'AuthMessage',
      handler: async (e, p) => json(e, await logout(ctx, endUser(p))) },
    { method: 'POST', path: '/auth/logout-all', ability: null, projectAuth: 'user', summary: 'End every sign-in of the user',
      answer: 'EndUserLoggedOutAll',
      handler: async (e, p) => json(e, await logoutAll(ctx, endUser(p))) },
    { method: 'GET', path: '/auth/me', ability: null, projectAuth: 'user', summary: 'The signed-in end user `{user}`',
      answer: 'EndUserMe',
      handler: async (e, p) => json(e, await me(ctx, endUser(p))) },
    { method: 'POST', path: '/auth/change-password', ability: null, projectAuth: 'user', summary: 'Change password `{current_password, new_password}`; other sign-ins end',
      input: 'EndUserChangePasswordInput', answer: 'AuthMessage',
      handler: async (e, p) => json(e, await changePassword(ctx, endUser(p), await body(e))) },
    { method: 'POST', path: '/auth/verify-email/resend', ability: null, projectAuth: 'open', summary: 'Send a new verification email `{email}` (same answer for any address)',
      input: 'VerificationResendInput', answer: 'AuthMessage',
      handler: async (e) => {
        const b = await body(e)
        limit(e, 'verification_resend', email(b))
        return json(e, await resendVerification(ctx, b, requestMeta(e, ctx)))
      } },
    { method: 'POST', path: '/auth/verify-email/confirm', ability: null, projectAuth: 'open', summary: 'Confirm an email address `{token}` (422 when invalid or expired)',
      input: 'VerificationConfirmInput', answer: 'EmailVerified',
      handler: async (e) => {
        limit(e, 'verification_confirm')
        return json(e, await confirmVerification(ctx, (await optionalBody(e)).token))
      } },
    { method: 'GET', path: '/auth/verify-email/confirm', ability: null, projectAuth: 'open', project: 'optional', summary: 'The verification link itself (`?token=`): confirms as the POST does',
      answer: 'EmailVerified',
      handler: async (e) => {
        // A HEAD (a link checker, a mail scanner) must not use up the link: 200, no body.
        if (e.req.method === 'HEAD') return new Response(null, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } })
        limit(e, 'verification_confirm')
        return json(e, await confirmVerification(ctx, e.url.searchParams.get('token')))
      } },
    { method: 'GET', path: '/auth/api-keys', ability: null, projectAuth: 'user', summary: 'The user\'s API keys `{data: [...]}` (prefixes only)',
      answer: 'EndUserApiKeyList',
      handler: async (e, p) => {
        limit(e, 'api_keys')
        return json(e, await listKeys(ctx, endUser(p)))
      } },
    { method: 'POST', path: '/auth/api-keys', status: 201, ability: null, projectAuth: 'user', summary: 'Create a `uak_` key `{name, scopes?, expires_at?}` → 201 with `plain_text_key` (shown once)',
      input: 'EndUserApiKeyInput', answer: 'CreatedEndUserApiKey',
      handler: async (e, p) => {
        limit(e, 'api_keys')
        return json(e, await createKey(ctx, endUser(p), await body(e)), 201)
      } },
    { method: 'POST', path: '/auth/api-keys/introspect', ability: 'introspect', token: 'always', projectAuth: 'client', summary: 'Is `{api_key}` a live `uak_` key? Always 200 `{active, project_uuid, user_uuid, scopes, expires_at, key_id, key_prefix}`',
      input: 'ApiKeyIntrospectInput', answer: 'ApiKeyIntrospection',
      handler: async (e) => {
        limit(e, 'introspect')
        return json(e, await introspect(ctx, await body(e)))
      } },
    { method: 'POST', path: '/auth/api-keys/:id/revoke', ability: null, projectAuth: 'user', summary: 'Revoke one of the user\'s keys (404 `Not found.` for another\'s)',
      answer: 'AuthMessage',
      handler: async (e, p) => {
        limit(e, 'api_keys')
        return json(e, await revokeKey(ctx, endUser(p), e.context.params?.id ?? ''))
      } },
  ])
}

function endUser(principal: Principal): EndUserPrincipal {
  if (principal.kind !== 'end-user') throw unauthenticated()
  return principal
}
