import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChildProcess } from 'node:child_process'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { ADMIN, TEST_ENV, seedAdminToken, startReceiver, template, type Receiver } from './helpers.ts'
import { serve } from './process.ts'

let project: TempProject | undefined
let receiver: Receiver | undefined
const children: ChildProcess[] = []
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  await receiver?.close()
  await project?.cleanup()
})

describe('durability', () => {
  it('a server killed (SIGKILL) with 50 undelivered events delivers all 50 after a restart, each delivery_id succeeding once', async () => {
    project = await makeProject(template)
    await seedAdminToken(project.contentDir)
    receiver = await startReceiver()
    let healthy = false
    const succeeded = new Map<string, number>()
    // Before the crash the receiver never answers: nothing can be marked delivered.
    receiver.respond = (r) => {
      if (!healthy) return { status: 200, delayMs: 3_600_000 }
      const id = String(r.body.delivery_id)
      succeeded.set(id, (succeeded.get(id) ?? 0) + 1)
      return { status: 200 }
    }
    const env = { ...TEST_ENV, CMS_WEBHOOK_TIMEOUT_MS: '60000' }
    const first = await serve(project.contentDir, env)
    children.push(first.child)
    const call = async (base: string, path: string, method: string, json?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method, headers: { 'project-id': project!.projectId, authorization: `Bearer ${ADMIN}`, accept: 'application/json', ...(json ? { 'content-type': 'application/json' } : {}) },
        ...(json ? { body: JSON.stringify(json) } : {}),
      })
      return { status: res.status, body: (await res.json().catch(() => null)) as any }
    }
    const hook = await call(first.url, '/webhooks', 'POST', { name: 'site', url: receiver.url, events: ['content.created'], sources: ['api'] })
    expect(hook.status).toBe(201)
    const created: string[] = []
    for (let i = 0; i < 50; i++) {
      const res = await call(first.url, '/posts', 'POST', { data: { title: `post ${i}` } })
      expect(res.status).toBe(201)
      created.push(res.body.data.uuid)
    }
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    receiver.received.length = 0
    healthy = true

    const second = await serve(project.contentDir, env)
    children.push(second.child)
    await vi.waitFor(() => expect(succeeded.size).toBe(50), { timeout: 20_000, interval: 100 })
    const delivered = new Set(receiver.received.filter((r) => succeeded.has(String(r.body.delivery_id))).map((r) => String(r.body.content_id)))
    expect([...delivered].sort()).toEqual([...created].sort())
    // Each delivery_id succeeded exactly once, and the logs say so too.
    await vi.waitFor(async () => {
      const logs = await call(second.url, `/webhooks/${hook.body.uuid}/logs?paginate=100`, 'GET')
      const ok = (logs.body.data as Array<{ status: string; delivery_id: string }>).filter((r) => r.status === '200')
      expect(ok).toHaveLength(50)
      expect(new Set(ok.map((r) => r.delivery_id)).size).toBe(50)
    })
    expect([...succeeded.values()].every((n) => n === 1)).toBe(true)
    second.child.kill('SIGTERM')
    await new Promise((resolve) => second.child.once('exit', resolve))
  }, 90_000)
})
