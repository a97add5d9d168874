import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CMS_BIN, cms } from '../../helpers/cli.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { hashToken } from '../../../src/service/tokens/manage.ts'
import { ADMIN, inMs, until } from './fixture.ts'

/**
 * Scheduling across processes: a server killed before the time publishes at its next start,
 * once; `cms schedule run` without a server, twice, publishes once; a release publish killed
 * (SIGKILL) at several points leaves, after a restart, all of its entries published or none.
 */
const template = (n: number) => ({
  name: 'Restarts', default_locale: 'en', locales: ['en'], public_api: true,
  collections: [{ name: 'Posts', slug: 'posts', fields: [field('title', 'text')] }],
  demo_data: [{ collection: 'posts', entries: Array.from({ length: n }, (_, i) => ({ id: `p${i}`, locale: 'en', state: 'draft', fields: { title: `Post ${i}` } })) }],
})

interface Started { child: ChildProcess; url: string; output: () => string; exited: Promise<unknown> }
const children: ChildProcess[] = []

/** `cms serve` in its own process group (so SIGKILL reaches a respawned child too), once it prints its URL. */
async function start(p: TempProject): Promise<Started> {
  const child = spawn(process.execPath, [CMS_BIN, 'serve', '--port', '0', '--dir', p.contentDir], {
    env: { ...process.env, API_RATE_LIMIT_PER_MINUTE: '0' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  })
  children.push(child)
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise((r) => child.once('exit', r))
  const m = await until(() => /url:\s+(http:\/\/\S+)/.exec(out) ?? (child.exitCode !== null ? (() => { throw new Error(out) })() : null), 'cms serve to start')
  return { child, url: m[1]!, output: () => out, exited }
}

async function kill(s: Started): Promise<void> {
  try { process.kill(-s.child.pid!, 'SIGKILL') } catch { /* gone */ }
  await s.exited
}

async function stop(s: Started): Promise<void> {
  try { process.kill(-s.child.pid!, 'SIGTERM') } catch { /* gone */ }
  await s.exited
}

function client(s: Started, p: { projectId: string }) {
  return async (path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: any }> => {
    const res = await fetch(`${s.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'project-id': p.projectId, authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json', accept: 'application/json' },
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }
}

async function withAdmin(p: TempProject): Promise<TempProject> {
  const { ContentStore } = await import('../../../src/storage/store.ts')
  const store = await ContentStore.open(p.contentDir, { indexCache: false })
  await store.putTokens([{ name: 'admin', abilities: ['read', 'create', 'update', 'delete', 'admin'], hash: hashToken(ADMIN), last4: 'xxxx', created_at: new Date().toISOString(), expires_at: null }], 'cli')
  await store.flush()
  return p
}

const entryFile = (p: TempProject, uuid: string) => JSON.parse(readFileSync(join(p.contentDir, 'entries', 'posts', `${uuid}.json`), 'utf8')) as { published_version: number | null; schedule?: unknown }
const versionCount = (p: TempProject, uuid: string) => { try { return readdirSync(join(p.contentDir, 'versions', 'posts', uuid)).length } catch { return 0 } }

let killed: TempProject
let cron: TempProject
let crash: TempProject
beforeAll(async () => {
  ;[killed, cron, crash] = await Promise.all([makeProject(template(2)).then(withAdmin), makeProject(template(2)).then(withAdmin), makeProject(template(150)).then(withAdmin)])
})
afterAll(async () => {
  for (const c of children) try { process.kill(-c.pid!, 'SIGKILL') } catch { /* gone */ }
  await Promise.all([killed, cron, crash].map((p) => p?.cleanup()))
})

// The two trees are separate: their tests run side by side (each is mostly waiting for processes).
describe.concurrent('across processes', () => {
  it('a server killed before the time publishes at its next start, once; `cms schedule run` twice publishes once', async () => {
    // The killed server: schedule through it, then SIGKILL it.
    const first = await start(killed)
    const api = client(first, killed)
    const [a] = (await api('/posts?state=draft')).body as Array<{ uuid: string }>
    const at = inMs(2000)
    expect((await api(`/posts/${a!.uuid}/schedule`, { method: 'PUT', json: { publish_at: at } })).status).toBe(200)
    await kill(first)
    // The cron tree: scheduled through the CLI's path (no server), as a CI job would find it.
    const { createContext } = await import('../../../src/context.ts')
    const { loadConfig } = await import('../../../src/config.ts')
    const { setEntrySchedule } = await import('../../../src/service/schedule/entry-schedule.ts')
    const ctx = await createContext({ config: loadConfig({ dir: cron.contentDir, env: {} }), source: 'cli' })
    const b = [...ctx.store.collection('posts')!.entries.keys()][0]!
    // Its own time (opening a context can take seconds on a loaded machine).
    const atB = inMs(2000)
    await setEntrySchedule(ctx, 'posts', b, { publish_at: atB })
    await ctx.close()
    const listed = await cms(['schedule', 'list', '--json', '--dir', cron.contentDir])
    expect(JSON.parse(listed.stdout)).toEqual({ data: [{ collection: 'posts', uuid: b, locale: 'en', action: 'publish', at: new Date(atB).toISOString() }] })

    await until(() => Date.now() > Math.max(Date.parse(at), Date.parse(atB)), 'the times to pass')
    const [second, dry] = await Promise.all([start(killed), cms(['schedule', 'run', '--dry-run', '--json', '--dir', cron.contentDir])])
    expect(JSON.parse(dry.stdout).applied).toEqual([{ collection: 'posts', uuid: b, locale: 'en', action: 'publish', at: new Date(atB).toISOString() }])
    const once = await cms(['schedule', 'run', '--json', '--dir', cron.contentDir])
    expect(once.code).toBe(0)
    expect(JSON.parse(once.stdout).applied).toHaveLength(1)
    const twice = await cms(['schedule', 'run', '--json', '--dir', cron.contentDir])
    expect(JSON.parse(twice.stdout).applied).toEqual([])
    expect(entryFile(cron, b).published_version).toBe(1)
    expect(versionCount(cron, b)).toBe(1)

    const api2 = client(second, killed)
    await until(async () => (await api2(`/posts/${a!.uuid}`)).status === 200, 'the missed publish at start')
    expect(entryFile(killed, a!.uuid)).toMatchObject({ published_version: 1 })
    expect(entryFile(killed, a!.uuid).schedule).toBeUndefined()
    expect(versionCount(killed, a!.uuid)).toBe(1)
    await stop(second)
  })

  it('is, after a restart, all published or none, at several points of the publish', async () => {
    const journal = join(crash.stateDir, 'release-journal.json')
    let server = await start(crash)
    let api = client(server, crash)
    const drafts = ((await api('/posts?state=draft&limit=200')).body as Array<{ uuid: string }>).map((e) => e.uuid)
    // Where to kill: at once; as soon as the journal is on disk; once some entry file changed.
    const points: Array<{ name: string; at: (members: string[]) => Promise<unknown> }> = [
      { name: 'at once', at: async () => {} },
      { name: 'journal written', at: () => until(() => existsSync(journal), 'the journal', 5000) },
      { name: 'first entry file written', at: (members) => until(() => members.some((u) => entryFile(crash, u).published_version !== null), 'an entry file', 5000) },
    ]
    for (const [i, point] of points.entries()) {
      const members = drafts.slice(i * 50, i * 50 + 50)
      const release = await api('/_releases', { method: 'POST', json: { name: `Kill ${point.name}` } })
      await Promise.all(members.map((uuid) => api(`/_releases/${release.body.id}/items`, { method: 'POST', json: { collection: 'posts', uuid } })))
      const publishing = api(`/_releases/${release.body.id}/publish`, { method: 'POST' }).catch(() => null)
      await point.at(members).catch(() => {})
      await kill(server)
      await publishing
      server = await start(crash)
      api = client(server, crash)
      const live = new Set(((await api('/posts?limit=200')).body as Array<{ uuid: string }>).map((e) => e.uuid))
      const count = members.filter((u) => live.has(u)).length
      const state = (await api(`/_releases/${release.body.id}`)).body.state
      expect([count, state], point.name).toSatisfy(([n, s]: [number, string]) => (n === 50 && s === 'published') || (n === 0 && s !== 'published'))
      if (point.name !== 'at once') expect(count, point.name).toBe(50)
      expect(existsSync(journal)).toBe(false)
      // On disk too, each entry of the release once: a version and a published record, or neither.
      for (const u of members) expect(entryFile(crash, u).published_version === null ? 0 : 1).toBe(count === 50 ? 1 : 0)
      expect(statSync(join(crash.contentDir, 'releases', `${release.body.id}.json`)).isFile()).toBe(true)
    }
    await stop(server)
  })
})
