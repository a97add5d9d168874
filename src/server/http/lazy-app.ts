import type { AppContext } from '../../context.ts'
import type { RouteSpec } from '../access/route-access.ts'
import { createAppShell, registerFallback } from './app-shell.ts'
import { splitApiPrefix } from './api-prefix.ts'
import type { CmsApp } from './cms-app.ts'
import { NEEDS_ALL_ROUTES, ROUTE_GROUPS } from './route-groups.ts'
import { ROUTE_PATHS } from './route-paths.ts'

/**
 * The app a CLI command or the MCP server answers with in process (connect/in-process.ts):
 * createApp's app, with each route group loaded and registered before the first request one of
 * its routes could match (method and path). Every group that could answer is there before the
 * router runs, and when none has the method, every group with a route on the path, so the answer
 * (405 and its `Allow` included) is the whole app's; a command pays
 * only for the modules of the routes it calls (docs/benchmarks.md, "Suite speed"). It never
 * listens, so it has no fast read path.
 */
export function createLazyApp(ctx: AppContext): { app: CmsApp; fetch: (request: Request) => Promise<Response> } {
  const { app } = createAppShell(ctx)
  registerFallback(app)
  const groupOf = new Map<RouteSpec, number>()
  const loading = new Map<number, Promise<void>>()
  const load = (i: number): Promise<void> => {
    let done = loading.get(i)
    if (!done) {
      done = ROUTE_GROUPS[i]!.load().then((register) => {
        const before = app.routes.length
        register(app, ctx)
        for (const spec of app.routes.slice(before)) groupOf.set(spec, i)
        // The route table in createApp's order, whatever order the groups came in (the OpenAPI document lists it).
        app.routes.sort((a, b) => groupOf.get(a)! - groupOf.get(b)!)
      })
      loading.set(i, done)
    }
    return done
  }
  const fetch = async (request: Request): Promise<Response> => {
    const needed = groupsFor(request.method, new URL(request.url).pathname)
    await Promise.all(needed.map(load))
    return app.fetch(request)
  }
  return { app, fetch }
}

/**
 * The indexes of the groups a request needs: those with a route for its method that may match
 * its path. When there is none (a 405 with its `Allow`, a 404) or for OPTIONS, every group with
 * a route on the path, whatever its method; all of them for a group that needs them all.
 */
function groupsFor(method: string, rawPath: string): number[] {
  const path = splitApiPrefix(rawPath).path
  const matching = (methodMatches: (routeMethod: string) => boolean) => ROUTE_GROUPS.flatMap((group, i) =>
    (ROUTE_PATHS[group.name] ?? []).some((route) => {
      const space = route.indexOf(' ')
      return methodMatches(route.slice(0, space)) && mayMatch(route.slice(space + 1), path)
    }) ? [i] : [])
  const m = method.toUpperCase()
  let needed = m === 'OPTIONS' ? [] : matching((r) => r === m || r === '' || (m === 'HEAD' && r === 'GET'))
  if (needed.length === 0) needed = matching(() => true)
  return needed.some((i) => NEEDS_ALL_ROUTES.has(ROUTE_GROUPS[i]!.name)) ? ROUTE_GROUPS.map((_, i) => i) : needed
}

/**
 * Whether the router could match a route pattern to a path. Generous on purpose (a group loaded
 * for nothing costs only time): empty segments ignored or not, case and percent-encoding aside,
 * `**` matching any rest.
 */
export function mayMatch(pattern: string, path: string): boolean {
  return segmentsMayMatch(pattern.split('/'), path.split('/')) || segmentsMayMatch(pattern.split('/').filter(Boolean), path.split('/').filter(Boolean))
}

function segmentsMayMatch(pattern: string[], path: string[]): boolean {
  const star = pattern.findIndex((seg) => seg.includes('*'))
  if (star >= 0) return path.length >= star - 1 && pattern.slice(0, star).every((seg, i) => i >= path.length || sameSegment(seg, path[i]!))
  return pattern.length === path.length && pattern.every((seg, i) => sameSegment(seg, path[i]!))
}

function sameSegment(pattern: string, segment: string): boolean {
  if (pattern.startsWith(':')) return true
  if (pattern.toLowerCase() === segment.toLowerCase()) return true
  try {
    return pattern.toLowerCase() === decodeURIComponent(segment).toLowerCase()
  } catch {
    return false
  }
}
