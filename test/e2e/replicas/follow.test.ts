import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cms } from '../../helpers/cli.ts'
import type { ServeProcess } from '../../helpers/cli.ts'
import { loadConfig } from '../../../src/config.ts'
import { runServer, type RunningServer } from '../../../src/server/lifecycle/run.ts'
import { startTestServer } from '../../helpers/server.ts'
import { eventually, get, makeReplicaFixture, SECRET, serveReplica, sign, stop, type ReplicaFixture } from './helpers.ts'

/*
 * A bare repository in a temp dir, a writer pushing to it, and replicas on clones of it:
 * two real `cms serve --read-only --follow origin --follow-interval 1` processes (A, B), and
 * one in this process that only syncs when asked (C, interval 0), for the refusals.
 */
let fx: ReplicaFixture
let a: ServeProcess
let b: ServeProcess
let c: RunningServer
let cDir: string

beforeAll(async () => {
  fx = await makeReplicaFixture()
  ;[a, b] = await Promise.all([serveReplica(fx.clone('a')), serveReplica(fx.clone('b'))])
  cDir = fx.clone('c')
  c = await runServer({
    dir: cDir, port: 0, readOnly: true,
    config: loadConfig({ dir: cDir, env: { API_RATE_LIMIT_PER_MINUTE: '0', CMS_REPLICA_SECRET: SECRET } }),
    follow: { spec: 'origin', intervalMs: 0 },
  })
})

afterAll(async () => {
  await Promise.all([stop(a), stop(b), c?.stop()])
  await fx?.cleanup()
})

const post = (base: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: init.headers ?? {}, body: init.body ?? null }).then(async (res) => ({ status: res.status, body: await res.json() as any }))
const syncAsAdmin = (base: string) => post(base, '/_replica/sync', { headers: { authorization: `Bearer ${fx.admin}` } })
const titleAt = async (base: string, uuid: string) => {
  const r = await get(base, `/articles/${uuid}`, fx.projectId)
  return r.status === 200 ? r.body.data.fields.title as string : null
}
const cUrl = () => c.http.url
const pushHook = (after: string) => JSON.stringify({ ref: 'refs/heads/main', after, repository: { full_name: 'site/content' } })

describe('GET /_replica', () => {
  it('names the remote, the branch, the commit served and when it last synced', async () => {
    const head = fx.gitIn(fx.bare, 'rev-parse', 'main')
    const status = await eventually(async () => {
      const r = await get(a.url, '/_replica', fx.projectId)
      return r.status === 200 && r.body.synced_at ? r.body : null
    }, 'replica A to report its first sync')
    expect(Object.keys(status).sort()).toEqual(['branch', 'checked_at', 'commit', 'error', 'interval_ms', 'remote', 'synced_at'])
    expect(status).toMatchObject({ remote: 'origin', branch: 'main', commit: head, interval_ms: 1000, error: null })
    expect(Number.isNaN(Date.parse(status.synced_at))).toBe(false)
    // Public, like a health check: no project header, no token.
    expect((await fetch(`${a.url}/_replica`)).status).toBe(200)
  })
})

describe('following the bare repository', () => {
  it('serves a commit pushed to the bare repository from both replicas within 15 s (interval 1 s)', async () => {
    const { uuid, commit } = await fx.publish('Pushed while polling')
    for (const replica of [a, b]) {
      await eventually(async () => (await titleAt(replica.url, uuid)) === 'Pushed while polling', `${replica.url} to serve the pushed entry`)
      // The clone's file watcher may serve the new files a moment before the sync that wrote them records its commit.
      await eventually(async () => (await get(replica.url, '/_replica', fx.projectId)).body.commit === commit, `${replica.url} to report the pushed commit`)
    }
  })

  it('serves the new commit at once after POST /_replica/sync (the answer comes once the store holds it)', async () => {
    const { uuid } = await fx.publish('Before the sync')
    await Promise.all([a, b].map((r) => eventually(async () => (await titleAt(r.url, uuid)) === 'Before the sync', 'the entry')))
    const { commit } = await fx.retitle(uuid, 'After the sync')
    for (const replica of [a, b]) {
      const synced = await syncAsAdmin(replica.url)
      expect(synced.status).toBe(200)
      expect(synced.body).toMatchObject({ remote: 'origin', branch: 'main', commit, error: null })
      expect(await titleAt(replica.url, uuid)).toBe('After the sync')
      const list = await get(replica.url, '/articles?where[title]=After%20the%20sync', fx.projectId)
      expect(list.body.map((e: { uuid: string }) => e.uuid)).toEqual([uuid])
    }
  })

  it('fetches on POST /_replica/sync alone (a replica started with --follow-interval 0 / intervalMs 0)', async () => {
    const { uuid, commit } = await fx.publish('Only on demand')
    expect(await titleAt(cUrl(), uuid)).toBeNull()
    const body = pushHook(commit)
    const synced = await post(cUrl(), '/_replica/sync', { headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body), 'x-github-event': 'push' }, body })
    expect(synced.status).toBe(200)
    expect(synced.body.commit).toBe(commit)
    expect(await titleAt(cUrl(), uuid)).toBe('Only on demand')
  })
})

describe('POST /_replica/sync: who may ask', () => {
  const body = pushHook('0'.repeat(40))
  it('an admin token as Bearer: 200', async () => {
    expect((await syncAsAdmin(a.url)).status).toBe(200)
  })
  it('a push webhook signed with the configured secret (X-Hub-Signature-256): 200', async () => {
    const r = await post(a.url, '/_replica/sync', { headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) }, body })
    expect(r.status).toBe(200)
    expect(r.body.error).toBeNull()
  })
  it.each([
    ['no credentials', {}, body],
    ['a token without the admin ability', { authorization: 'Bearer READER' }, body],
    ['an unknown token', { authorization: 'Bearer cms_neverIssuedAnywhere000000000000000000' }, body],
    ['a signature made with another secret', { 'x-hub-signature-256': sign(body, 'not-the-secret') }, body],
    ['a signature of another body', { 'x-hub-signature-256': sign(body) }, body.replace('main', 'evil')],
    ['a malformed signature', { 'x-hub-signature-256': 'sha256=nothex' }, body],
    ['a sha1 signature only', { 'x-hub-signature': `sha1=${'0'.repeat(40)}` }, body],
  ] as const)('%s: 401 {message}', async (_name, headers, sent) => {
    const h: Record<string, string> = { 'content-type': 'application/json', ...headers }
    if (h.authorization === 'Bearer READER') h.authorization = `Bearer ${fx.reader}`
    const r = await post(a.url, '/_replica/sync', { headers: h, body: sent })
    expect(r.status).toBe(401)
    expect(Object.keys(r.body)).toEqual(['message'])
    expect(r.body.message).toMatch(/admin API token|signed/)
  })
  it('a valid signature on a replica with no secret configured: 401', async () => {
    const dir = fx.clone('no-secret')
    const bare = await runServer({ dir, port: 0, readOnly: true, config: loadConfig({ dir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), follow: { spec: 'origin/main', intervalMs: 0 } })
    try {
      const r = await post(bare.http.url, '/_replica/sync', { headers: { 'x-hub-signature-256': sign(body) }, body })
      expect(r.status).toBe(401)
    } finally {
      await bare.stop()
    }
  })
})

describe('a replica never writes', () => {
  it('answers every write with 405 {message}, even with an admin token, and its clone stays clean', async () => {
    const uuid = (await get(a.url, '/articles', fx.projectId)).body[0].uuid
    const auth = { authorization: `Bearer ${fx.admin}`, 'project-id': fx.projectId, 'content-type': 'application/json' }
    for (const [method, path] of [['POST', '/articles'], ['PATCH', `/articles/${uuid}`], ['PUT', `/articles/${uuid}`], ['DELETE', `/articles/${uuid}`], ['POST', `/articles/${uuid}/publish`]] as const) {
      const res = await fetch(`${a.url}${path}`, { method, headers: auth, body: method === 'DELETE' ? null : '{"data":{"title":"x"}}' })
      expect(res.status, `${method} ${path}`).toBe(405)
      expect(await res.json()).toEqual({ message: expect.stringMatching(/read-only/) })
    }
    expect(fx.gitIn(cloneTop('a'), 'status', '--porcelain', '--untracked-files=no')).toBe('')
  })
})

describe('when a fast-forward is impossible', () => {
  const cTop = () => join(cDir, '..')
  const status = async () => (await get(cUrl(), '/_replica', fx.projectId)).body

  it('refuses a diverged clone: 409 {message}, reported in GET /_replica, nothing reset; follows again once resolved', async () => {
    await syncAsAdmin(cUrl())
    await writeFile(join(cTop(), 'local-note.md'), 'a commit made on the replica by hand\n')
    fx.gitIn(cTop(), 'add', 'local-note.md')
    fx.gitIn(cTop(), '-c', 'user.name=Ops', '-c', 'user.email=ops@example.com', 'commit', '-q', '-m', 'local')
    const local = fx.gitIn(cTop(), 'rev-parse', 'HEAD')
    const { uuid } = await fx.publish('Upstream after a local commit')

    const r = await syncAsAdmin(cUrl())
    expect(r.status).toBe(409)
    expect(r.body.message).toMatch(/diverged/)
    expect(r.body.error).toEqual({ code: 'diverged', message: r.body.message })
    expect(r.body.message).not.toContain(cDir)
    expect(await status()).toMatchObject({ commit: local, error: { code: 'diverged' } })
    expect(fx.gitIn(cTop(), 'rev-parse', 'HEAD')).toBe(local)
    expect(await readFile(join(cTop(), 'local-note.md'), 'utf8')).toContain('by hand')
    expect(await titleAt(cUrl(), uuid)).toBeNull()

    // The operator drops the local commit; the next sync follows again and clears the error.
    fx.gitIn(cTop(), 'reset', '-q', '--hard', 'HEAD~1')
    const again = await syncAsAdmin(cUrl())
    expect(again.status).toBe(200)
    expect(again.body.error).toBeNull()
    expect(await titleAt(cUrl(), uuid)).toBe('Upstream after a local commit')
  })

  it('refuses to overwrite an uncommitted change in the clone: 409 local_changes, the file kept as it was', async () => {
    const { uuid } = await fx.publish('Edited by hand on the replica')
    await syncAsAdmin(cUrl())
    const file = join(cDir, 'entries', 'articles', `${uuid}.json`)
    const handEdited = (await readFile(file, 'utf8')).replace('Edited by hand on the replica', 'Local edit')
    await writeFile(file, handEdited)
    const before = fx.gitIn(cTop(), 'rev-parse', 'HEAD')
    await fx.retitle(uuid, 'Upstream edit')

    const r = await syncAsAdmin(cUrl())
    expect(r.status).toBe(409)
    expect(r.body.error.code).toBe('local_changes')
    expect(await readFile(file, 'utf8')).toBe(handEdited)
    expect(fx.gitIn(cTop(), 'rev-parse', 'HEAD')).toBe(before)
    expect((await status()).error.code).toBe('local_changes')

    fx.gitIn(cTop(), 'checkout', '--', file)
    expect((await syncAsAdmin(cUrl())).status).toBe(200)
    expect(await titleAt(cUrl(), uuid)).toBe('Upstream edit')
  })
})

describe('a remote that cannot be reached', () => {
  it('starts anyway, reports fetch_failed without naming paths or URLs, and keeps serving its clone', async () => {
    const dir = fx.clone('unreachable')
    const top = join(dir, '..')
    const gone = join(top, 'no-such-remote.git')
    fx.gitIn(top, 'remote', 'set-url', 'origin', gone)
    const served = await runServer({ dir, port: 0, readOnly: true, config: loadConfig({ dir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), follow: { spec: 'origin', intervalMs: 0 } })
    try {
      const r = await post(served.http.url, '/_replica/sync', { headers: { authorization: `Bearer ${fx.admin}` } })
      expect(r.status).toBe(409)
      expect(r.body.error.code).toBe('fetch_failed')
      expect(JSON.stringify(r.body)).not.toContain(top)
      expect((await get(served.http.url, '/articles', fx.projectId)).status).toBe(200)
    } finally {
      await served.stop()
    }
  })
})

describe('a server that follows nothing', () => {
  it('answers 404 {message} on both replica routes', async () => {
    const plain = await startTestServer(fx.source.contentDir)
    try {
      for (const [method, path] of [['GET', '/_replica'], ['POST', '/_replica/sync']] as const) {
        const res = await fetch(`${plain.url}${path}`, { method, headers: { authorization: `Bearer ${fx.admin}` } })
        expect(res.status).toBe(404)
        expect((await res.json()).message).toMatch(/follows no git remote/)
      }
    } finally {
      await plain.close()
    }
  })
})

describe('cms serve --follow: start-up checks', () => {
  it('needs --read-only (exit 2, says so)', async () => {
    const r = await cms(['serve', '--port', '0', '--dir', cDir, '--follow', 'origin'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/--follow needs --read-only/)
  })
  it('names the remotes the clone has when the remote is unknown (exit 2)', async () => {
    const r = await cms(['serve', '--port', '0', '--dir', cDir, '--read-only', '--follow', 'upstream/main'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/no git remote named "upstream"; it has "origin"/)
  })
  it('refuses a bad interval (exit 2)', async () => {
    const r = await cms(['serve', '--port', '0', '--dir', cDir, '--read-only', '--follow', 'origin', '--follow-interval', 'soon'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/--follow-interval/)
  })
})

/** The top of a replica's clone (its content root's parent). */
function cloneTop(name: string): string {
  return join(fx.bare, '..', name)
}
