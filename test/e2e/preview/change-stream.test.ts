import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { smallBlogTemplate } from '../../helpers/templates.ts'
import { cms } from '../../helpers/cli.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { signInLink } from '../../../src/server/admin/session-routes.ts'
import { openStream, type SseClient } from './sse.ts'

/**
 * `GET /_events` (docs/preview.md): every change origin gives exactly one event with the right
 * fields, proved by a sentinel change made afterwards (the events between are counted, no
 * sleeps); Last-Event-ID resumes; beyond the backlog a reset; anonymous clients of a public
 * project never see a draft change.
 */
let project: TempProject
let server: TestServer
let admin: string
let reader: string
let stream: SseClient
let p1: string
let p2: string
let sentinel: string
const git = (...args: string[]) => execFileSync('git', args, { cwd: project.contentDir, stdio: 'pipe' }).toString()

beforeAll(async () => {
  project = await makeProject(smallBlogTemplate())
  // A git clone with a second branch where one post's draft title differs (for `git checkout`).
  git('init', '-q', '-b', 'main')
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '-A')
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'start')
  server = await startTestServer(project.contentDir, { watch: true, env: { CMS_EVENTS_HEARTBEAT_MS: '250' } })
  admin = (await createToken(server.ctx.store, { name: 'admin', abilities: ['*'] })).token
  reader = (await createToken(server.ctx.store, { name: 'reader', abilities: ['read'] })).token
  const posts = [...server.ctx.store.collection('posts')!.entries.values()]
  p1 = posts.find((p) => p.published)!.uuid
  p2 = posts.find((p) => !p.published)!.uuid
  sentinel = [...server.ctx.store.collection('authors')!.entries.keys()][0]!
  stream = await openStream(`${server.url}/_events`, { 'project-id': project.projectId, authorization: `Bearer ${reader}` })
})
afterAll(async () => {
  stream?.close()
  await server?.close()
  await project?.cleanup()
})

let sentinelCount = 0
/** Runs a change, then a sentinel change; answers the events the change gave (those before the sentinel's). */
async function eventsOf(change: () => Promise<unknown>, client = stream): Promise<Array<Record<string, unknown>>> {
  const before = client.changes().length
  await change()
  const name = `sentinel ${++sentinelCount}`
  const res = await server.request(`/authors/${sentinel}`, { method: 'PATCH', token: admin, json: { data: { name } } })
  expect(res.status).toBe(200)
  await client.until(() => client.changes().slice(before).some((c) => c.uuid === sentinel), 'the sentinel change')
  const after = client.changes().slice(before)
  const cut = after.findIndex((c) => c.uuid === sentinel)
  return after.slice(0, cut).map(({ id: _id, ...rest }) => rest)
}

const entryPath = (uuid: string) => join(project.contentDir, 'entries', 'posts', `${uuid}.json`)
const tags = (uuid: string) => ['posts', `posts/${uuid}`]

describe('one event per change, whatever made it', () => {
  test('the stream opens with CORS for a public project; heartbeats come', async () => {
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/)
    await stream.until((m) => m.some((x) => x.event === 'comment' && x.data === 'ping'), 'a heartbeat')
    const cors = await openStream(`${server.url}/_events?project_id=${project.projectId}`, { origin: 'http://site.example' })
    expect(cors.headers.get('access-control-allow-origin')).toBe('*')
    cors.close()
  })

  test('API: a draft edit', async () => {
    const events = await eventsOf(() => server.request(`/posts/${p2}`, { method: 'PATCH', token: admin, json: { data: { title: 'Via API' } } }))
    expect(events).toEqual([{ type: 'content.updated', collection: 'posts', uuid: p2, locale: 'fr', state: 'draft', version: null, tags: tags(p2) }])
  })

  test('API: create, publish, unpublish, trash, restore, delete', async () => {
    let uuid = ''
    const created = await eventsOf(async () => {
      const res = await server.request('/posts', { method: 'POST', token: admin, json: { locale: 'en', data: { title: 'New' } } })
      uuid = ((await res.json()) as { data: { uuid: string } }).data.uuid
    })
    expect(created).toEqual([{ type: 'content.created', collection: 'posts', uuid, locale: 'en', state: 'draft', version: null, tags: tags(uuid) }])
    const steps: Array<[string, string, Record<string, unknown>]> = [
      ['POST', `/posts/${uuid}/publish`, { type: 'content.published', state: 'published', version: 1 }],
      ['POST', `/posts/${uuid}/unpublish`, { type: 'content.unpublished', state: 'published', version: null }],
      ['DELETE', `/posts/${uuid}`, { type: 'content.trashed', state: 'draft' }],
      ['POST', `/posts/${uuid}/restore`, { type: 'content.restored', state: 'draft' }],
      ['DELETE', `/posts/${uuid}?force=1`, { type: 'content.deleted', state: 'draft' }],
    ]
    for (const [method, path, expected] of steps) {
      const events = await eventsOf(() => server.request(path, { method, token: admin }))
      expect(events, `${method} ${path}`).toHaveLength(1)
      expect(events[0], `${method} ${path}`).toMatchObject({ ...expected, collection: 'posts', uuid, tags: tags(uuid) })
    }
  })

  test('publish of an existing entry: state published, the new version', async () => {
    await server.request(`/posts/${p1}`, { method: 'PATCH', token: admin, json: { data: { title: 'Hello again' } } })
    const events = await eventsOf(() => server.request(`/posts/${p1}/publish`, { method: 'POST', token: admin }))
    expect(events).toEqual([{ type: 'content.published', collection: 'posts', uuid: p1, locale: 'en', state: 'published', version: 2, tags: tags(p1) }])
  })

  test('the editor (its session, as its autosave sends)', async () => {
    const link = signInLink(server.ctx, server.url)
    const signIn = await fetch(link, { redirect: 'manual' })
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    expect(cookie).toMatch(/cms_session=/)
    const events = await eventsOf(() => fetch(`${server.url}/posts/${p2}`, {
      method: 'PATCH',
      headers: { cookie, origin: server.url, 'content-type': 'application/json', 'project-id': project.projectId },
      body: JSON.stringify({ data: { title: 'Via the editor' } }),
    }).then((r) => expect(r.status).toBe(200)))
    expect(events).toEqual([{ type: 'content.updated', collection: 'posts', uuid: p2, locale: 'fr', state: 'draft', version: null, tags: tags(p2) }])
  })

  test('a hand edit of the file (the watcher)', async () => {
    const record = JSON.parse(await readFile(entryPath(p2), 'utf8')) as { fields: Record<string, unknown> }
    record.fields.title = 'By hand'
    const events = await eventsOf(async () => {
      await writeFile(entryPath(p2), JSON.stringify(record, null, 2))
      await expect.poll(() => server.ctx.store.collection('posts')!.entries.get(p2)!.fields.title).toBe('By hand')
    })
    expect(events).toEqual([{ type: 'content.updated', collection: 'posts', uuid: p2, locale: 'fr', state: 'draft', version: null, tags: tags(p2) }])
  })

  test('git checkout of a branch where one draft differs', async () => {
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '-A')
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'edits')
    git('checkout', '-q', '-b', 'other')
    const record = JSON.parse(await readFile(entryPath(p2), 'utf8')) as { fields: Record<string, unknown> }
    record.fields.title = 'On the other branch'
    await writeFile(entryPath(p2), JSON.stringify(record, null, 2))
    await expect.poll(() => server.ctx.store.collection('posts')!.entries.get(p2)!.fields.title).toBe('On the other branch')
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qam', 'other')
    const events = await eventsOf(async () => {
      git('checkout', '-q', 'main')
      await expect.poll(() => server.ctx.store.collection('posts')!.entries.get(p2)!.fields.title).toBe('By hand')
    })
    expect(events).toEqual([{ type: 'content.updated', collection: 'posts', uuid: p2, locale: 'fr', state: 'draft', version: null, tags: tags(p2) }])
  })

  test('the CLI without a server (its own state folder: it writes the file; the serving process sees it)', async () => {
    const events = await eventsOf(async () => {
      const run = await cms(['entry', 'patch', 'posts', p2, '--data', '{"title":"Via the CLI"}', '--dir', project.contentDir, '--json'], { env: { CMS_STATE_DIR: join(project.dir, 'cli-state') } })
      expect(run.code, run.stderr).toBe(0)
      await expect.poll(() => server.ctx.store.collection('posts')!.entries.get(p2)!.fields.title).toBe('Via the CLI')
    })
    expect(events).toEqual([{ type: 'content.updated', collection: 'posts', uuid: p2, locale: 'fr', state: 'draft', version: null, tags: tags(p2) }])
  })
})

describe('who sees what', () => {
  test('an anonymous client of a public project sees published changes only', async () => {
    const anonymous = await openStream(`${server.url}/_events?project_id=${project.projectId}`)
    try {
      expect(anonymous.status).toBe(200)
      await server.request(`/posts/${p2}`, { method: 'PATCH', token: admin, json: { data: { title: 'Secret draft' } } })
      await server.request(`/posts/${p1}/publish`, { method: 'POST', token: admin })
      await stream.until(() => stream.changes().some((c) => c.uuid === p1 && c.type === 'content.published' && c.version === 3), 'the publish (token client)')
      await anonymous.until(() => anonymous.changes().length > 0, 'the publish (anonymous)')
      expect(anonymous.changes().map((c) => [c.type, c.uuid])).toEqual([['content.published', p1]])
      expect(JSON.stringify(anonymous.messages)).not.toContain('Secret')
    } finally {
      anonymous.close()
    }
  })

  test('a read token in the query (EventSource), a preview token; refusals', async () => {
    const viaQuery = await openStream(`${server.url}/_events?project_id=${project.projectId}&token=${reader}`)
    const preview = ((await (await server.request('/_admin/api/preview-tokens', { method: 'POST', token: admin, json: { collection: 'posts', uuid: p2 } })).json()) as { token: string }).token
    const scoped = await openStream(`${server.url}/_events?project_id=${project.projectId}&preview=${preview}`)
    try {
      await server.request(`/posts/${p1}`, { method: 'PATCH', token: admin, json: { data: { title: 'Draft one' } } })
      await server.request(`/posts/${p2}`, { method: 'PATCH', token: admin, json: { data: { title: 'Draft two' } } })
      await viaQuery.until(() => viaQuery.changes().length === 2, 'both drafts (read token)')
      await scoped.until(() => scoped.changes().length > 0, 'its entry (preview token)')
      expect(scoped.changes().map((c) => c.uuid)).toEqual([p2])
    } finally {
      viaQuery.close()
      scoped.close()
    }
    expect((await openStream(`${server.url}/_events`)).status).toBe(400)
    expect((await openStream(`${server.url}/_events?project_id=${crypto.randomUUID()}`)).status).toBe(404)
    expect((await openStream(`${server.url}/_events?project_id=${project.projectId}&preview=nope`)).status).toBe(401)
    const json = await fetch(`${server.url}/_events?project_id=${project.projectId}`, { headers: { accept: 'application/json' } })
    expect(json.status).toBe(406)
  })
})

describe('reconnecting', () => {
  test('Last-Event-ID gets what was missed; an unknown or too old one gets reset', async () => {
    const last = stream.changes().at(-1)!.id
    await server.request(`/posts/${p2}`, { method: 'PATCH', token: admin, json: { data: { title: 'Missed 1' } } })
    await server.request(`/posts/${p2}`, { method: 'PATCH', token: admin, json: { data: { title: 'Missed 2' } } })
    await stream.until(() => stream.changes().at(-1)!.id !== last && stream.changes().length >= 2, 'the two changes')
    const resumed = await openStream(`${server.url}/_events`, { 'project-id': project.projectId, authorization: `Bearer ${reader}`, 'last-event-id': last })
    try {
      await resumed.until(() => resumed.changes().length >= 2, 'the missed changes')
      expect(resumed.changes().map((c) => c.type)).toEqual(['content.updated', 'content.updated'])
    } finally {
      resumed.close()
    }
    const stale = await openStream(`${server.url}/_events`, { 'project-id': project.projectId, authorization: `Bearer ${reader}`, 'last-event-id': '00000000-1' })
    try {
      await stale.until((m) => m.some((x) => x.event === 'reset'), 'the reset event')
    } finally {
      stale.close()
    }
  })
  // Beyond a bounded backlog (CMS_EVENTS_BACKLOG): the same reset, proved on the feed itself
  // (test/unit/service/events/change-feed.test.ts) rather than with a second server.
})
