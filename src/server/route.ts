import type { H3, H3Event } from 'h3'
import type { Ability } from '../core/types.ts'
import type { AppContext } from '../context.ts'
import { guard, type Principal } from './guard.ts'
import { changeOrigin } from '../core/change-origin.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouteSpec {
  method: Method
  path: string
  /** Ability the caller needs; `null` for routes outside the project scope. */
  ability: Ability | null
  /** `always`: a token is needed even on a public project (writes, webhooks, versions, assets). */
  token?: 'always' | 'private-only'
  /** `optional`: the `project-id` header may be left out (checked when sent): the editor's own routes. */
  project?: 'optional'
  /** One line for the route table in docs/api.md. */
  summary: string
  handler: (event: H3Event, principal: Principal) => unknown
}

/** Every route the app has registered, in order: the source of the table docs/api.md prints. */
export const ROUTE_TABLE: RouteSpec[] = []

/**
 * Registers routes with the project-header, token and ability checks applied before the
 * handler runs, so no route can forget them.
 */
export function defineRoutes(app: H3, ctx: AppContext, routes: RouteSpec[]): void {
  for (const spec of routes) {
    if (!ROUTE_TABLE.some((r) => r.method === spec.method && r.path === spec.path)) ROUTE_TABLE.push(spec)
    const handler = (event: H3Event) => {
      const principal = guard(event, ctx, spec)
      // CLI commands reach a running server with the local admin token: their changes are `cli` in the activity feed.
      if (principal.kind === 'local-admin') return changeOrigin.run('cli', () => spec.handler(event, principal))
      return spec.handler(event, principal)
    }
    app.on(spec.method, spec.path, handler)
    // HEAD is GET without the body (Node's server drops the body of a HEAD answer itself).
    if (spec.method === 'GET') app.on('HEAD', spec.path, handler)
  }
}
