import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createContext, type AppContext } from '../../context.ts'
import { loadConfig } from '../../config.ts'
import { initProject } from '../../service/project/init.ts'
import { createApp } from './app.ts'
import type { RouteSpec } from '../access/route-access.ts'
import { createAppShell } from './app-shell.ts'
import type { CmsApp } from './cms-app.ts'
import { ROUTE_GROUPS } from './route-groups.ts'

/**
 * Every route the app registers, found by building the app over a scratch project (routes
 * register themselves through defineRoutes). Used by the docs generator and its test.
 */
export function collectRoutes(): Promise<RouteSpec[]> {
  return withScratchContext((ctx) => [...createApp(ctx).routes])
}

/** Runs `use` with the context of a scratch project made for it, then closes and removes both. */
async function withScratchContext<T>(use: (ctx: AppContext) => T | Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'cms-routes-'))
  try {
    const contentDir = join(dir, 'content')
    await initProject(contentDir, { name: 'Routes', locale: 'en', force: false })
    const ctx = await createContext({ config: loadConfig({ dir: contentDir, env: {} }), source: 'api' })
    try {
      return await use(ctx)
    } finally {
      await ctx.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * The routes (`METHOD /path`) each route group (route-groups.ts) registers, by group name: what
 * lazy-app.ts loads a group by (route-paths.ts, written by `npm run routes:paths`). Refuses a method and
 * path registered by two groups: which one answers would then depend on the order they load in.
 */
export function collectGroupPaths(): Promise<Record<string, string[]>> {
  return withScratchContext(async (ctx) => {
    const { app } = createAppShell(ctx)
    const owner = new Map<string, string>()
    const paths: Record<string, string[]> = {}
    let current = ''
    const on = app.on.bind(app)
    app.on = ((method: string, path: string, ...rest: unknown[]) => {
      const key = `${method} ${path}`
      const first = owner.get(key)
      if (first !== undefined && first !== current) throw new Error(`route ${key} is registered by two groups: ${first} and ${current}`)
      owner.set(key, current)
      if (!paths[current]!.includes(key)) paths[current]!.push(key)
      return (on as (...args: unknown[]) => CmsApp)(method, path, ...rest)
    }) as typeof app.on
    for (const group of ROUTE_GROUPS) {
      current = group.name
      paths[current] = []
      ;(await group.load())(app, ctx)
    }
    return paths
  })
}

/** route-paths.ts's text for these paths. */
export function renderRoutePaths(paths: Record<string, string[]>): string {
  const lines = Object.entries(paths).map(([name, list]) => `  '${name}': [${list.map((p) => `'${p}'`).join(', ')}],`)
  return `// Written by \`npm run routes:paths\` (scripts/gen-route-paths.mjs) from the routes each group of
// route-groups.ts registers, as \`METHOD /path\`; do not edit by hand (a unit test fails when it is out of date).
export const ROUTE_PATHS: Readonly<Record<string, readonly string[]>> = {
${lines.join('\n')}
}
`
}
