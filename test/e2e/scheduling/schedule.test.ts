import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { startReceiver, type Receiver } from '../webhooks/helpers.ts'
import { ADMIN, EDITOR, TEST_ENV, inMs, makeSchedProject, until, type SchedProject } from './fixture.ts'

/**
 * Scheduled publishing on a real server (HTTP, files, git, a webhook receiver): entries go live
 * at their time through the publish path (a version, a webhook with source `schedule`, a commit);
 * unpublish_at likewise; bad times and missing entries get a clear 4xx. Review rules too.
 * One server for the file; schedules are 2 s ahead and awaited by polling.
 */
let project: SchedProject
let server: TestServer
let receiver: Receiver
let uuids: string[]

async function api(path: string, init: { method?: string; json?: unknown; token?: string } = {}): Promise<{ status: number; body: any }> {
  const res = await server.request(path, { method: init.method ?? 'GET', token: init.token ?? ADMIN, ...(init.json !== undefined ? { json: init.json } : {}) })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

beforeAll(async () => {
  project = await makeSchedProject()
  server = await startTestServer(project.contentDir, { env: { ...TEST_ENV, CMS_GIT_COMMIT: '1', CMS_GIT_WINDOW_MS: '100' } })
  receiver = await startReceiver()
  const hook = await api('/webhooks', { method: 'POST', json: { name: 'site', url: receiver.url, events: ['content.published', 'content.unpublished'], sources: ['schedule'] } })
  expect(hook.status).toBe(201)
  const list = await api('/posts?state=draft&limit=100')
  uuids = (list.body as Array<{ uuid: string }>).map((e) => e.uuid).reverse()
  await server.ctx.git?.flush()
})
afterAll(async () => {
  await server?.close()
  await receiver?.close()
  await project?.cleanup()
})

describe('scheduled publishing', () => {
  it('publishes three entries within a second of their time, each with a version, a schedule webhook and a commit', async () => {
    const head = project.git('rev-parse', 'HEAD')
    const at = inMs(2000)
    const targets = uuids.slice(0, 3)
    for (const uuid of targets) {
      const res = await api(`/posts/${uuid}/schedule`, { method: 'PUT', json: { publish_at: at } })
      expect(res.status).toBe(200)
      expect(res.body.data.schedule).toEqual({ publish_at: new Date(at).toISOString(), unpublish_at: null })
    }
    const listed = await api('/_schedule')
    expect(listed.body.data.filter((i: { uuid: string }) => targets.includes(i.uuid))).toHaveLength(3)
    expect(listed.body.data[0]).toEqual({ collection: 'posts', uuid: expect.any(String), locale: 'en', action: 'publish', at: new Date(at).toISOString() })
    // A published read of an unpublished entry is a 404 until the time.
    for (const uuid of targets) {
      const live = await until(async () => ((await api(`/posts/${uuid}`)).status === 200 ? Date.now() : 0), `post ${uuid} live`)
      expect(live - Date.parse(at)).toBeGreaterThanOrEqual(-50)
      expect(live - Date.parse(at)).toBeLessThan(1000)
    }
    for (const uuid of targets) {
      const draft = await api(`/posts/${uuid}?state=draft`)
      expect(draft.body.data.schedule).toBeUndefined()
      const versions = await api(`/posts/${uuid}/versions`)
      expect(Array.isArray(versions.body) ? versions.body : versions.body.data).toHaveLength(1)
    }
    const hooks = await until(() => { const got = receiver.received.filter((r) => targets.includes(r.body.content_id as string)); return got.length >= 3 ? got : null }, 'three webhook deliveries')
    expect(hooks.map((h) => [h.body.event, h.body.source])).toEqual([['content.published', 'schedule'], ['content.published', 'schedule'], ['content.published', 'schedule']])
    await until(() => project.git('rev-list', `${head}..HEAD`), 'a commit')
    await server.ctx.git?.flush()
    const changed = project.git('diff', '--name-only', `${head}..HEAD`).split('\n')
    for (const uuid of targets) {
      expect(changed).toContain(`content/entries/posts/${uuid}.json`)
      expect(changed).toContain(`content/versions/posts/${uuid}/1.json`)
    }
    expect((await api('/_schedule')).body.data.filter((i: { uuid: string }) => targets.includes(i.uuid))).toEqual([])
  })

  it('unpublishes at unpublish_at', async () => {
    const uuid = uuids[3]!
    expect((await api(`/posts/${uuid}/publish`, { method: 'POST' })).status).toBe(200)
    const at = inMs(2000, '-05:00')
    const set = await api(`/posts/${uuid}/schedule`, { method: 'PUT', json: { unpublish_at: at } })
    expect(set.body.data.schedule).toEqual({ publish_at: null, unpublish_at: new Date(at).toISOString() })
    const gone = await until(async () => ((await api(`/posts/${uuid}`)).status === 404 ? Date.now() : 0), 'unpublished')
    expect(gone - Date.parse(at)).toBeLessThan(1000)
    await until(() => receiver.received.find((r) => r.body.content_id === uuid && r.body.event === 'content.unpublished' && r.body.source === 'schedule'), 'the unpublish webhook')
  })

  it('clears a schedule and refuses bad times, unknown fields and missing entries with a clear 4xx', async () => {
    const uuid = uuids[4]!
    const set = await api(`/posts/${uuid}/schedule`, { method: 'PUT', json: { publish_at: inMs(3_600_000) } })
    expect(set.status).toBe(200)
    const cleared = await api(`/posts/${uuid}/schedule`, { method: 'DELETE' })
    expect(cleared.status).toBe(200)
    expect(cleared.body.data.schedule).toBeUndefined()
    const past = await api(`/posts/${uuid}/schedule`, { method: 'PUT', json: { publish_at: '2020-01-01T09:00:00Z' } })
    expect(past.status).toBe(422)
    expect(past.body.errors.publish_at[0]).toMatch(/in the past/)
    const noOffset = await api(`/posts/${uuid}/schedule`, { method: 'PUT', json: { publish_at: '2099-01-01T09:00:00' } })
    expect(noOffset.status).toBe(422)
    expect(noOffset.body.errors.publish_at[0]).toMatch(/offset/)
    const malformed = await api(`/posts/${uuid}/schedule`, { method: 'PUT', json: { publish_at: 'next monday' } })
    expect(malformed.status).toBe(422)
    const order = await api(`/posts/${uuid}/schedule`, { method: 'PUT', json: { publish_at: '2099-01-02T09:00:00Z', unpublish_at: '2099-01-01T09:00:00Z' } })
    expect(order.status).toBe(422)
    expect(order.body.errors.unpublish_at).toBeDefined()
    const missing = await api('/posts/00000000-0000-4000-8000-000000000000/schedule', { method: 'PUT', json: { publish_at: '2099-01-01T09:00:00Z' } })
    expect(missing.status).toBe(404)
    expect((await api('/nope/00000000-0000-4000-8000-000000000000/schedule', { method: 'PUT', json: { publish_at: '2099-01-01T09:00:00Z' } })).status).toBe(404)
    expect((await api(`/posts/${uuid}/schedule`, { method: 'PUT', json: {} })).status).toBe(422)
    expect((await api(`/posts/${uuid}/schedule`, { method: 'PUT', json: { publish_at: '2099-01-01T09:00:00Z' }, token: 'nope' })).status).toBe(401)
    // Nothing of it is stored.
    expect((await api(`/posts/${uuid}?state=draft`)).body.data.schedule).toBeUndefined()
    // A published read never carries the schedule.
    const later = await api(`/posts/${uuids[5]}/schedule`, { method: 'PUT', json: { publish_at: '2099-01-01T09:00:00Z' } })
    expect(later.status).toBe(200)
    await api(`/posts/${uuids[5]}/publish`, { method: 'POST' })
    expect((await api(`/posts/${uuids[5]}`)).body.data.schedule).toBeUndefined()
    expect((await api(`/posts/${uuids[5]}?state=draft`)).body.data.schedule.publish_at).toBe('2099-01-01T09:00:00.000Z')
    expect((await api('/_schedule?collection=posts&action=publish')).body.data.map((i: { uuid: string }) => i.uuid)).toContain(uuids[5])
    expect((await api('/_schedule?action=later')).status).toBe(422)
    // The file carries it (it travels with git).
    expect(await readdir(join(project.contentDir, 'entries', 'posts'))).toContain(`${uuids[5]}.json`)
  })
})

describe('review before publishing', () => {
  it('refuses a non-admin publish until approved, returns to review after an edit, and keeps who moved it when', async () => {
    const made = await api('/reviewed', { method: 'POST', json: { data: { title: 'Needs a look' } }, token: EDITOR })
    expect(made.status).toBe(201)
    const uuid = made.body.data.uuid as string
    expect(made.body.data.review).toMatchObject({ state: 'draft', by: null })
    const refused = await api(`/reviewed/${uuid}/publish`, { method: 'POST', token: EDITOR })
    expect(refused.status).toBe(422)
    expect(refused.body.message).toMatch(/approved/)
    expect((await api('/reviewed', { method: 'POST', json: { data: { title: 'Straight out' }, state: 'published' }, token: EDITOR })).status).toBe(422)
    const asked = await api(`/reviewed/${uuid}/review`, { method: 'POST', json: { state: 'in_review', note: 'Please check the title' }, token: EDITOR })
    expect(asked.status).toBe(200)
    expect(asked.body.data.review).toMatchObject({ state: 'in_review', by: 'Eddie Editor' })
    expect((await api(`/reviewed/${uuid}/review`, { method: 'POST', json: { state: 'approved' }, token: EDITOR })).status).toBe(403)
    expect((await api(`/reviewed/${uuid}/review`, { method: 'POST', json: { state: 'done' }, token: EDITOR })).status).toBe(422)
    const approved = await api(`/reviewed/${uuid}/review`, { method: 'POST', json: { state: 'approved' } })
    expect(approved.body.data.review).toMatchObject({ state: 'approved', by: 'admin' })
    const published = await api(`/reviewed/${uuid}/publish`, { method: 'POST', token: EDITOR })
    expect(published.status).toBe(200)
    const edited = await api(`/reviewed/${uuid}`, { method: 'PATCH', json: { data: { title: 'Changed after approval' } }, token: EDITOR })
    expect(edited.body.data.review.state).toBe('in_review')
    expect((await api(`/reviewed/${uuid}/publish`, { method: 'POST', token: EDITOR })).status).toBe(422)
    // An admin may publish what is not approved.
    expect((await api(`/reviewed/${uuid}/publish`, { method: 'POST' })).status).toBe(200)
    const history = await api(`/reviewed/${uuid}/review`)
    expect(history.body.data.history.map((h: { state: string; by: string | null }) => [h.state, h.by])).toEqual([
      ['in_review', 'Eddie Editor'], ['approved', 'admin'], ['in_review', 'Eddie Editor'],
    ])
    expect(history.body.data.history[0].note).toBe('Please check the title')
    // Draft → approved directly is allowed (admin); no review workflow → 422.
    const other = await api('/reviewed', { method: 'POST', json: { data: { title: 'Quick' } } })
    expect((await api(`/reviewed/${other.body.data.uuid}/review`, { method: 'POST', json: { state: 'approved' } })).status).toBe(200)
    expect((await api(`/posts/${uuids[6]}/review`, { method: 'POST', json: { state: 'in_review' } })).status).toBe(422)
    // Posts (no workflow) carry no review key.
    expect((await api(`/posts/${uuids[6]}?state=draft`)).body.data.review).toBeUndefined()
  })
})
