import type { H3Event } from 'h3'
import type { CmsApp } from './cms-app.ts'
import type { Principal, RouteSpec } from '../access/route-access.ts'
import type { AppContext } from '../../context.ts'
import { guard } from '../access/admission.ts'
import { endScope, writeScope, gitHeader, type WriteScope } from '../../git/scope.ts'
import { authorEmail } from '../../git/message.ts'
import { changeOrigin } from '../../core/change-origin.ts'
import { actorScope, type Actor } from '../../core/actor.ts'

/** The test suite's contract check of answers (http/answer-check.ts, loaded only when on): vitest.config.ts sets it. */
const checkingAnswers = process.env.CMS_CHECK_ANSWERS === '1'

/** The last serial route started per app context: the next one waits for it. */
const serialTails = new WeakMap<AppContext, Promise<unknown>>()

/**
 * Registers routes with the project-header, token and ability checks applied before the
 * handler runs, so no route can forget them.
 */
export function defineRoutes(app: CmsApp, ctx: AppContext, routes: RouteSpec[]): void {
  for (const spec of routes) {
    if (!app.routes.some((r) => r.method === spec.method && r.path === spec.path)) app.routes.push(spec)
    const handler = (event: H3Event) => {
      const checked = guard(event, ctx, spec)
      return checked instanceof Promise ? checked.then((principal) => proceed(event, principal)) : proceed(event, checked)
    }
    const proceed = (event: H3Event, principal: Principal) => {
      const answer = () => (spec.method === 'GET' ? spec.handler(event, principal) : actorScope.run(actorOf(principal), () => spec.handler(event, principal)))
      // A HEAD answer has no body on the wire (a HEAD of a one-use link answers without using it): nothing to check.
      const call = spec.answer && checkingAnswers && event.req.method !== 'HEAD' ? () => checked(spec, answer(), event) : answer
      const handle = () => (!ctx.git || spec.method === 'GET'
        ? call()
        : withGitScope(ctx, event, principal, call))
      // CLI commands reach a running server with the local admin token: their changes are `cli` in the activity feed.
      const run = () => (principal.kind === 'local-admin' ? changeOrigin.run('cli', handle) : handle())
      if (!spec.serial) return run()
      const previous = serialTails.get(ctx) ?? Promise.resolve()
      const queued = previous.then(run)
      serialTails.set(ctx, queued.catch(() => {}))
      return queued
    }
    app.on(spec.method, spec.path, handler)
    // HEAD is GET without the body (Node's server drops the body of a HEAD answer itself).
    if (spec.method === 'GET') app.on('HEAD', spec.path, handler)
  }
}

/** Who a writing request is, for the review rules (core/actor.ts). */
function actorOf(principal: Principal): Actor {
  switch (principal.kind) {
    case 'local-admin': return { name: null, admin: true }
    case 'token': case 'session': return { name: principal.name, admin: principal.abilities.has('admin') || principal.abilities.has('*') }
    default: return { name: null, admin: false }
  }
}

/**
 * The git author of a request: the token's name, or the editor session's name when it signed
 * in with a token; null (the local git identity) for the local admin token and link sessions,
 * which are the local user.
 */
export function gitAuthorOf(ctx: AppContext, principal: Principal): { name: string; email: string } | null {
  const named = principal.kind === 'token' || (principal.kind === 'session' && principal.via === 'token')
  return named ? { name: principal.name, email: authorEmail(principal.name, ctx.config.gitEmailDomain) } : null
}

/**
 * Runs a writing handler in a scope naming its author (the token's name; the local identity
 * for the local admin token), so the commit its files land in is theirs, and answers with
 * `Cms-Git: pending` or `refused; reason="..."` when it wrote something.
 */
async function withGitScope(ctx: AppContext, event: H3Event, principal: Principal, run: () => unknown): Promise<unknown> {
  const scope: WriteScope = { author: gitAuthorOf(ctx, principal), ends: [] }
  const setHeader = (target: Headers) => {
    const value = gitHeader(scope)
    if (value) target.set('cms-git', value)
  }
  try {
    const result = await writeScope.run(scope, run)
    if (!(result instanceof Response)) {
      setHeader(event.res.headers)
      return result
    }
    try {
      setHeader(result.headers)
      return result
    } catch {
      // Immutable headers (a fetched Response): copy them.
      const headers = new Headers(result.headers)
      setHeader(headers)
      return new Response(result.body, { status: result.status, statusText: result.statusText, headers })
    }
  } catch (error) {
    // A write that failed half-way may still have saved files (a bulk request): say so too.
    const value = gitHeader(scope)
    if (value) event.res.headers.set('cms-git', value)
    throw error
  } finally {
    endScope(scope)
  }
}

/** The answer, once the test suite's contract check has passed it (http/answer-check.ts). */
async function checked(spec: RouteSpec, result: unknown, event: H3Event): Promise<unknown> {
  const value = await result
  const { checkAnswer, checkStatus } = await import('./answer-check.ts')
  const route = `${spec.method} ${spec.path}`
  const status = value instanceof Response ? value.status : event.res.status ?? 200
  if (status >= 300) return value
  checkStatus(route, status, spec.status)
  await checkAnswer(spec.answer!, route, value, event.res.headers.get('content-type'))
  return value
}
