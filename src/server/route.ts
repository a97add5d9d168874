import type { H3, H3Event } from 'h3'
import type { Ability } from '../core/types.ts'
import type { AppContext } from '../context.ts'
import { guard, type Principal } from './guard.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouteSpec {
  method: Method
  path: string
  /** Ability the caller needs; `null` for routes outside the project scope. */
  ability: Ability | null
  /** `always`: a token is needed even on a public project (writes, webhooks, versions, assets). */
  token?: 'always' | 'private-only'
  /** One line for the route table in docs/api.md. */
  summary: string
  /**
   * Runs one at a time with the other serial routes of the app: changes of settings and schema
   * computed from the current record (which the store applies only once its file is durable),
   * so concurrent ones apply one after the other instead of the later being refused with 409.
   */
  serial?: true
  handler: (event: H3Event, principal: Principal) => unknown
}

/** The last serial route started per app context: the next one waits for it. */
const serialTails = new WeakMap<AppContext, Promise<unknown>>()

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
      if (!spec.serial) return spec.handler(event, principal)
      const previous = serialTails.get(ctx) ?? Promise.resolve()
      const run = previous.then(() => spec.handler(event, principal))
      serialTails.set(ctx, run.catch(() => {}))
      return run
    }
    app.on(spec.method, spec.path, handler)
    // HEAD is GET without the body (Node's server drops the body of a HEAD answer itself).
    if (spec.method === 'GET') app.on('HEAD', spec.path, handler)
  }
}
