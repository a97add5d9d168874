import { mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createContext } from '../../../src/context.ts'
import { loadConfig } from '../../../src/config.ts'
import { createApp } from '../../../src/server/http/app.ts'
import { startServing } from '../../../src/server/lifecycle/start.ts'
import { makeProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'

/** Handles that keep a process alive or act on their own (timers, sockets, watchers). */
const handles = () => process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap' && r !== 'FSReqCallback').sort()

describe('building the app starts nothing', () => {
  it('leaves no signal listener, timer, worker or sweep behind; starting the server does, and closing undoes it', async () => {
    const project = await makeProject(blogTemplate())
    // An empty asset folder with no metadata: what the upload sweep removes once the server starts.
    const orphan = join(project.contentDir, 'assets', randomUUID())
    await mkdir(orphan, { recursive: true })
    const ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: {} }), source: 'api' })
    try {
      const sighup = process.listenerCount('SIGHUP')
      const before = handles()
      const app = createApp(ctx)
      expect(app.routes.length).toBeGreaterThan(40)
      expect(process.listenerCount('SIGHUP')).toBe(sighup)
      expect(handles()).toEqual(before)
      expect(ctx.webhooks?.worker).toBeNull()
      expect(ctx.editor.peek()).toBeUndefined()
      // A request answered by the built app still starts nothing.
      const res = await app.fetch(new Request('http://127.0.0.1/articles', { headers: { 'project-id': project.projectId } }))
      expect(res.status).toBe(200)
      expect(process.listenerCount('SIGHUP')).toBe(sighup)
      expect(ctx.webhooks?.worker).toBeNull()
      expect((await stat(orphan)).isDirectory()).toBe(true)

      startServing(ctx)
      expect(process.listenerCount('SIGHUP')).toBe(sighup + 1)
      expect(ctx.webhooks?.worker).not.toBeNull()
      await expect.poll(() => stat(orphan).then(() => 'there', () => 'gone')).toBe('gone')
      await ctx.close()
      expect(process.listenerCount('SIGHUP')).toBe(sighup)
      expect(ctx.webhooks?.worker).toBeNull()
    } finally {
      await ctx.close()
      await project.cleanup()
    }
  })

  it('keeps one route table per app: two apps never share or grow each other’s', async () => {
    const project = await makeProject(blogTemplate())
    const ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: {} }), source: 'api' })
    try {
      const a = createApp(ctx)
      const b = createApp(ctx)
      expect(b.routes).not.toBe(a.routes)
      expect(b.routes.map((r) => `${r.method} ${r.path}`)).toEqual(a.routes.map((r) => `${r.method} ${r.path}`))
      expect(new Set(a.routes.map((r) => `${r.method} ${r.path}`)).size).toBe(a.routes.length)
    } finally {
      await ctx.close()
      await project.cleanup()
    }
  })
})
