import { spawn, type ChildProcess } from 'node:child_process'
import { accessSync, constants, readFileSync } from 'node:fs'
import { chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServeProcess } from '../../helpers/cli.ts'
import { loadConfig } from '../../../src/config.ts'
import { runServer, type RunningServer } from '../../../src/server/lifecycle/run.ts'
import { eventually, get, makeReplicaFixture, serveReplica, stop, type ReplicaFixture } from './helpers.ts'

/*
 * docs/nginx-replicas.conf, as docs/deploy.md tells users to install it, in front of two real
 * `cms serve --read-only --follow` replicas. Debian's nginx runs unprivileged (as nobody when
 * the tests run as root) from a temp prefix, on an ephemeral loopback port, `daemon off` so
 * the test owns the process and kills it at the end.
 */
const DOC_CONF = fileURLToPath(new URL('../../../docs/nginx-replicas.conf', import.meta.url))
const NGINX = findNginx()
const title = NGINX
  ? 'nginx (docs/nginx-replicas.conf) in front of two replicas'
  : 'nginx in front of two replicas (SKIPPED: no nginx executable on PATH or in /usr/sbin; `apt-get install -y nginx`, as .ci/run does)'

if (!NGINX) process.stderr.write(`test/e2e/replicas/nginx.test.ts: ${title}\n`)

describe.skipIf(!NGINX)(title, () => {
  let fx: ReplicaFixture
  let a: ServeProcess
  let b: ServeProcess
  let w: RunningServer
  let nginx: { url: string; child: ChildProcess; log: () => Promise<string>; prefix: string } | undefined

  beforeAll(async () => {
    fx = await makeReplicaFixture()
    ;[a, b] = await Promise.all([serveReplica(fx.clone('a')), serveReplica(fx.clone('b'))])
    w = await runServer({ dir: fx.source.contentDir, port: 0, config: loadConfig({ dir: fx.source.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }) })
    // Project auth on at the writer (its state folder is the only one with end users).
    const { auth: _off, ...rest } = w.ctx.store.project
    await w.ctx.store.putProject({ ...rest, auth: { enabled: true } }, 'cli')
    nginx = await startNginx(NGINX!, [a.url, b.url], w.http.url)
  })

  afterAll(async () => {
    if (nginx && nginx.child.exitCode === null) {
      const exited = new Promise((r) => nginx!.child.once('exit', r))
      nginx.child.kill('SIGTERM')
      await exited
    }
    if (nginx) await rm(nginx.prefix, { recursive: true, force: true })
    await Promise.all([stop(a), stop(b), w?.stop()])
    await fx?.cleanup()
  })

  const atHead = () => Promise.all([a, b].map((r) => eventually(async () => {
    const head = fx.gitIn(fx.bare, 'rev-parse', 'main')
    return (await get(r.url, '/_replica', fx.projectId)).body?.commit === head
  }, `${r.url} to reach the bare repository's head`)))

  it('answers the same bodies and ETags as each replica does, from both replicas in turn (round robin)', async () => {
    const { uuid } = await fx.publish('Behind nginx')
    await atHead()
    const paths = ['/', '/collections', '/articles', `/articles/${uuid}`, '/articles?where[title]=Behind%20nginx&sort=title:asc', '/api/articles?paginate=1']
    const hits = () => [a, b].map((r) => (r.output().match(/^GET \/collections /gm) ?? []).length)
    const before = hits()
    for (const path of paths) {
      // As nginx passes it on: the Host the client addressed (links in the body are built from it).
      const direct = await Promise.all([a, b].map((r) => get(r.url, path, fx.projectId, { host: new URL(nginx!.url).host })))
      expect(direct[0]!.status, path).toBe(200)
      expect(direct[1]!.text, `${path}: the two replicas differ`).toBe(direct[0]!.text)
      // ETags name the bytes: the same from both replicas, so a revalidation may reach either.
      const etag = direct[0]!.headers.get('etag')
      expect(direct[1]!.headers.get('etag'), `${path}: the two replicas' ETags differ`).toBe(etag)
      // Four requests through the balancer: round robin sends two to each replica.
      for (let i = 0; i < 4; i++) {
        const viaNginx = await get(nginx!.url, path, fx.projectId)
        expect(viaNginx.status, path).toBe(200)
        expect(viaNginx.text, path).toBe(direct[0]!.text)
        expect(viaNginx.headers.get('etag'), path).toBe(etag)
      }
      // Revalidating through the balancer: 304 from whichever replica answers (two requests, one each).
      if (etag) for (let i = 0; i < 2; i++) expect((await get(nginx!.url, path, fx.projectId, { 'if-none-match': etag })).status, `${path}: revalidation ${i + 1}`).toBe(304)
    }
    // Each replica logged its share of the /collections requests (its request log, read as it arrives).
    await eventually(async () => hits().every((n, i) => n >= before[i]! + 2), 'both replicas to log /collections requests sent through nginx')
  })

  it('serves a commit pushed to the bare repository through nginx, whichever replica answers', async () => {
    const { uuid } = await fx.publish('Pushed behind nginx')
    await eventually(async () => {
      const answers = await Promise.all([1, 2, 3, 4].map(() => get(nginx!.url, `/articles/${uuid}`, fx.projectId)))
      return answers.every((r) => r.status === 200 && r.body.data.fields.title === 'Pushed behind nginx')
    }, 'every answer through nginx to carry the pushed entry')
  })

  it('sends writes to the writer, and keeps /_replica/sync off the balancer', async () => {
    const res = await fetch(`${nginx!.url}/articles`, { method: 'POST', headers: { 'project-id': fx.projectId, authorization: `Bearer ${fx.admin}`, 'content-type': 'application/json' }, body: '{"data":{"title":"Through the front door","body":"b"}}' })
    expect(res.status).toBe(201)
    const { data } = await res.json() as any
    // The writer has it; the replicas answered nothing (they log every request they get).
    expect(w.ctx.store.findEntry(data.uuid)?.slug).toBe('articles')
    for (const r of [a, b]) expect(r.output()).not.toMatch(/^POST \/articles/m)
    const sync = await fetch(`${nginx!.url}/_replica/sync`, { method: 'POST', headers: { authorization: `Bearer ${fx.admin}` } })
    expect(sync.status).toBe(404)
    expect((await sync.json()).message).toMatch(/each replica directly/)
  })

  it('a user who signed up through the front door signs in through it, every time (end users live on the writer)', async () => {
    const post = async (path: string, json: unknown, token?: string) => {
      const res = await fetch(`${nginx!.url}${path}`, { method: 'POST', headers: { 'project-id': fx.projectId, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(json) })
      return { status: res.status, body: await res.json() as any }
    }
    const user = { email: 'front@example.com', password: 'correct horse battery' }
    expect((await post('/auth/signup', user)).status).toBe(201)
    // Four sign-ins: round robin would have sent two to each replica.
    for (let i = 0; i < 4; i++) {
      const login = await post(i % 2 ? '/api/auth/login' : '/auth/login', user)
      expect(login.status, `sign-in ${i + 1}`).toBe(200)
      const me = await get(nginx!.url, '/auth/me', fx.projectId, { authorization: `Bearer ${login.body.access_token}` })
      expect(me.status, `GET /auth/me ${i + 1}`).toBe(200)
      expect(me.body.user.email).toBe(user.email)
    }
    // Neither replica saw an /auth/ request.
    for (const r of [a, b]) expect(r.output()).not.toMatch(/\/auth\//)
  })
})

/** nginx on PATH or where Debian puts it (/usr/sbin is not on a normal user's PATH). */
function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin']
  for (const dir of dirs) {
    if (!dir) continue
    try {
      accessSync(join(dir, 'nginx'), constants.X_OK)
      return join(dir, 'nginx')
    } catch {
      // Not here.
    }
  }
  return null
}

/** The uid and gid of `nobody`, to drop root for nginx. */
function nobody(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('nobody:'))
  const [, , uid, gid] = line?.split(':') ?? []
  return { uid: Number(uid ?? 65534), gid: Number(gid ?? 65534) }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as { port: number }).port
  await new Promise((r) => server.close(r))
  return port
}

/**
 * docs/nginx-replicas.conf with only its addresses changed (the replicas' ephemeral ports, a
 * loopback listen port), included from a minimal main config the way /etc/nginx/nginx.conf
 * includes conf.d/: temp paths, pid and logs in the prefix, `daemon off`.
 */
async function startNginx(bin: string, upstreams: string[], writer: string): Promise<{ url: string; child: ChildProcess; log: () => Promise<string>; prefix: string }> {
  const prefix = await mkdtemp(join(tmpdir(), 'cms-nginx-'))
  const doc = await readFile(DOC_CONF, 'utf8')
  const block = (name: string) => new RegExp(`(upstream ${name} \\{)([^}]*)(\\})`)
  const servers = (name: string) => [...(block(name).exec(doc)?.[2] ?? '').matchAll(/^(\s*server\s+)127\.0\.0\.1:\d+/gm)]
  expect(servers('cms_replicas').length, 'docs/nginx-replicas.conf names two replicas').toBe(2)
  expect(servers('cms_writer').length, 'docs/nginx-replicas.conf names one writer').toBe(1)
  expect(doc, 'docs/nginx-replicas.conf uses proxy_pass to the upstream its map chooses').toMatch(/proxy_pass http:\/\/\$cms_upstream;/)
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    let i = 0
    const hosts = (list: string[]) => (_m: string, open: string, body: string, close: string) =>
      `${open}${body.replace(/^(\s*server\s+)127\.0\.0\.1:\d+/gm, (_s, lead: string) => `${lead}${new URL(list[i++ % list.length]!).host}`)}${close}`
    const conf = doc
      .replace(block('cms_writer'), hosts([writer]))
      .replace(block('cms_replicas'), (...m: string[]) => { i = 0; return hosts(upstreams)(m[0]!, m[1]!, m[2]!, m[3]!) })
      .replace(/^(\s*listen\s+)\d+;/m, (_m, lead: string) => `${lead}127.0.0.1:${port};`)
    expect(conf).toContain(`listen 127.0.0.1:${port};`)
    await writeFile(join(prefix, 'cms-replicas.conf'), conf)
    for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(join(prefix, dir), { recursive: true })
    await writeFile(join(prefix, 'nginx.conf'), [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((d) => `  ${d === 'body' ? 'client_body' : d}_temp_path ${join(prefix, d)};`),
      `  include ${join(prefix, 'cms-replicas.conf')};`,
      '}',
      '',
    ].join('\n'))
    const asRoot = process.getuid?.() === 0
    const user = asRoot ? nobody() : undefined
    if (user) for (const p of ['', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'nginx.conf', 'cms-replicas.conf']) await chown(join(prefix, p), user.uid, user.gid)
    const child = spawn(bin, ['-p', `${prefix}/`, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'], ...(user ? { uid: user.uid, gid: user.gid } : {}),
    })
    let stderr = ''
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
    const log = async () => `${stderr}${await readFile(join(prefix, 'error.log'), 'utf8').catch(() => '')}`
    const url = `http://127.0.0.1:${port}`
    try {
      await eventually(async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${await log()}`)
        return (await fetch(`${url}/_replica`)).status === 200
      }, 'nginx to answer', 10_000)
      return { url, child, log, prefix }
    } catch (error) {
      if (child.exitCode === null) child.kill('SIGTERM')
      // Another process took the port between freePort() and nginx's bind: try another.
      if (attempt < 3 && /Address already in use/.test(await log())) continue
      throw error
    }
  }
}
