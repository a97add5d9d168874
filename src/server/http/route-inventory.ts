import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createContext } from '../../context.ts'
import { loadConfig } from '../../config.ts'
import { initProject } from '../../service/project/init.ts'
import { createApp } from './app.ts'
import type { RouteSpec } from '../access/route-access.ts'

/**
 * Every route the app registers, found by building the app over a scratch project (routes
 * register themselves through defineRoutes). Used by the docs generator and its test.
 */
export async function collectRoutes(): Promise<RouteSpec[]> {
  const dir = await mkdtemp(join(tmpdir(), 'cms-routes-'))
  try {
    const contentDir = join(dir, 'content')
    await initProject(contentDir, { name: 'Routes', locale: 'en', force: false })
    const ctx = await createContext({ config: loadConfig({ dir: contentDir, env: {} }), source: 'api' })
    try {
      return [...createApp(ctx).routes]
    } finally {
      await ctx.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
