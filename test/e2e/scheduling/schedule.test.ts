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
  // Everything timed shares one moment, two seconds ahead: three publishes, an unpublish and a release.
  it('applies publish_at, unpublish_at and a scheduled release within a second of their time (a version, a schedule webhook, a commit each)', async () => {
    const head = project.git('rev-parse', 'HEAD')
    const at = inMs(2000)
    const targets = uuids.slice(0, 3)
    for (const uuid of targets) {
      const res = await api(`/posts/${uuid}/schedule`, { method: 'PUT', json: { publish_at: at } })
      expect(res.status).toBe(200)
      expect(res.body.data.schedule).toEqual({ publish_at: new Date(at).toISOString(), unpublish_at: null })
    }
    // unpublish_at, given with another offset.
    const leaving = uuids[3]!
    expect((await api(`/posts/${leaving}/publish`, { method: 'POST' })).status).toBe(200)
    const atWest = new Date(Date.parse(at) - 5 * 3600_000).toISOString().slice(0, 23) + '-05:00'
    const set = await api(`/posts/${leaving}/schedule`, { method: 'PUT', json: { unpublish_at: atWest } })
    expect(set.body.data.schedule).toEqual({ publish_at: null, unpublish_at: new Date(at).toISOString() })
    // A release at the same time.
    const release = await api('/_releases', { method: 'POST', json: { name: 'Monday 9:00', publish_at: at } })
    expect(release.body).toMatchObject({ state: 'scheduled', publish_at: new Date(at).toISOString() })
    const members = uuids.slice(6, 9)
    for (const uuid of members) await api(`/_releases/${release.body.id}/items`, { method: 'POST', json: { collection: 'posts', uuid } })
    const listed = await api('/_schedule')
    expect(listed.body.data.filter((i: { uuid: string }) => targets.includes(i.uuid))).toHaveLength(3)
    expect(listed.body.data[0]).toEqual({ collection: 'posts', uuid: expect.any(String), locale: 'en', action: 'publish', at: new Date(at).toISOString() })
    // Polled side by side: each change's moment is taken as it happens.
    const when = (what: string, check: () => Promise<boolean>) => until(async () => ((await check()) ? Date.now() : 0), what)
    const moments = await Promise.all([
      ...targets.map((uuid) => when(`post ${uuid} live`, async () => (await api(`/posts/${uuid}`)).status === 200)),
      when('unpublished', async () => (await api(`/posts/${leaving}`)).status === 404),
      when('the release live', async () => (await api(`/_releases/${release.body.id}`)).body.state === 'published'),
    ])
    for (const moment of moments) {
      expect(moment - Date.parse(at)).toBeGreaterThanOrEqual(-50)
      expect(moment - Date.parse(at)).toBeLessThan(1000)
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

    await until(() => receiver.received.find((r) => r.body.content_id === leaving && r.body.event === 'content.unpublished' && r.body.source === 'schedule'), 'the unpublish webhook')

    for (const uuid of members) expect((await api(`/posts/${uuid}`)).status).toBe(200)
    const hooks2 = await until(() => { const got = receiver.received.filter((r) => members.includes(r.body.content_id as string)); return got.length >= 3 ? got : null }, 'release webhooks')
    expect(hooks2.every((h) => h.body.source === 'schedule' && (h.body.release as { name: string }).name === 'Monday 9:00')).toBe(true)
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
    expect((await api(`/posts/${uuids[9]}/review`, { method: 'POST', json: { state: 'in_review' } })).status).toBe(422)
    // Posts (no workflow) carry no review key.
    expect((await api(`/posts/${uuids[9]}?state=draft`)).body.data.review).toBeUndefined()
  })
})

describe('releases', () => {
  it('publishes 50 entries together: readers polling the list never see some of them live and not the others', async () => {
    const members = uuids.slice(10, 60)
    const made = await api('/_releases', { method: 'POST', json: { name: 'Spring launch' }, token: EDITOR })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ id: expect.any(String), name: 'Spring launch', state: 'draft', publish_at: null, items: [] })
    const id = made.body.id as string
    const added = await Promise.all(members.map((uuid) => api(`/_releases/${id}/items`, { method: 'POST', json: { collection: 'posts', uuid, action: 'publish' }, token: EDITOR })))
    expect(added.map((r) => r.status)).toEqual(members.map(() => 200))
    const shown = await api(`/_releases/${id}`)
    expect(shown.body.items).toHaveLength(50)
    expect(shown.body.items[0].changes.map((c: { field: string }) => c.field)).toEqual(['title', 'body'])
    expect((await api(`/_releases/${id}/items`, { method: 'POST', json: { collection: 'posts', uuid: '00000000-0000-4000-8000-000000000000', action: 'publish' } })).status).toBe(404)
    expect((await api(`/_releases/${id}/items`, { method: 'POST', json: { collection: 'posts', uuid: members[0], action: 'delete' } })).status).toBe(422)
    expect((await api('/_releases/00000000-0000-4000-8000-000000000000')).status).toBe(404)

    const wanted = new Set(members)
    const seen = new Set<number>()
    let stop = false
    const reader = async () => {
      while (!stop) {
        const list = await api('/posts?limit=100')
        seen.add((list.body as Array<{ uuid: string }>).filter((e) => wanted.has(e.uuid)).length)
      }
    }
    const readers = [reader(), reader(), reader()]
    await new Promise((r) => setTimeout(r, 30))
    const published = await api(`/_releases/${id}/publish`, { method: 'POST', token: EDITOR })
    expect(published.status).toBe(200)
    expect(published.body).toMatchObject({ id, state: 'published', items: expect.any(Array) })
    await until(() => seen.has(50), 'a reader seeing the release live')
    stop = true
    await Promise.all(readers)
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 50])
    // One version each, the webhooks name the release, published once only.
    const versions = await api(`/posts/${members[7]}/versions`)
    expect(Array.isArray(versions.body) ? versions.body : versions.body.data).toHaveLength(1)
    expect((await api(`/_releases/${id}/publish`, { method: 'POST' })).status).toBe(409)
    expect((await api(`/_releases/${id}/items`, { method: 'POST', json: { collection: 'posts', uuid: members[0] } })).status).toBe(409)
  })

  // Each answer here is also checked against its route's type (CMS_CHECK_ANSWERS, src/server/http/answers/scheduling.ts).
  it('lists, renames, schedules and unschedules a release, takes an entry out and deletes it; a dry run lists what is due', async () => {
    const made = await server.request('/_releases', { method: 'POST', token: EDITOR, json: { name: 'Autumn' } })
    expect(made.status).toBe(201)
    expect(made.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const id = ((await made.json()) as { id: string }).id
    const entries = await Promise.all(['One', 'Two'].map((title) => api('/posts', { method: 'POST', json: { data: { title } } })))
    const [a, b] = entries.map((e) => e.body.data.uuid as string) as [string, string]
    await api(`/_releases/${id}/items`, { method: 'POST', json: { collection: 'posts', uuid: a } })
    const added = await api(`/_releases/${id}/items`, { method: 'POST', json: { collection: 'posts', uuid: b, action: 'unpublish' } })
    expect(added.body.items).toEqual([{ collection: 'posts', uuid: a, action: 'publish' }, { collection: 'posts', uuid: b, action: 'unpublish' }])
    const at = inMs(3_600_000)
    const scheduled = await api(`/_releases/${id}`, { method: 'PATCH', json: { name: 'Autumn launch', publish_at: at } })
    expect(scheduled.body).toMatchObject({ id, name: 'Autumn launch', state: 'scheduled', publish_at: new Date(at).toISOString() })
    expect((await api('/_releases')).body.data.find((r: { id: string }) => r.id === id)).toMatchObject({ state: 'scheduled' })
    expect((await api('/_schedule/run', { method: 'POST', json: { dry_run: true } })).body).toEqual({ applied: [], skipped: [] })
    const unscheduled = await api(`/_releases/${id}`, { method: 'PATCH', json: { publish_at: null } })
    expect(unscheduled.body).toMatchObject({ state: 'draft', publish_at: null })
    const removed = await api(`/_releases/${id}/items/${b}`, { method: 'DELETE' })
    expect(removed.body.items).toEqual([{ collection: 'posts', uuid: a, action: 'publish' }])
    expect((await api(`/_releases/${id}/items/${b}`, { method: 'DELETE' })).status).toBe(404)
    // An entry gone from the tree is shown as missing.
    expect((await api(`/posts/${a}?force=1`, { method: 'DELETE' })).status).toBeLessThan(300)
    expect((await api(`/_releases/${id}`)).body.items).toEqual([{ collection: 'posts', uuid: a, action: 'publish', missing: true, title: null, locale: null, changes: [] }])
    expect((await api(`/_releases/${id}`, { method: 'DELETE' })).body).toEqual({ message: 'Release deleted.' })
    expect((await api(`/_releases/${id}`)).status).toBe(404)
  })
})
