import { spawn, type ChildProcess } from 'node:child_process'
import { accessSync, constants, readFileSync } from 'node:fs'
import { chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServeProcess } from '../helpers/cli.ts'
import { eventually, get, makeReplicaFixture, serveReplica, stop, type ReplicaFixture } from './helpers.ts'

/*
 * docs/nginx-replicas.conf, as docs/deploy.md tells users to install it, in front of two real
 * `cms serve --read-only --follow` replicas. Debian's nginx runs unprivileged (as nobody when
 * the tests run as root) from a temp prefix, on an ephemeral loopback port, `daemon off` so
 * the test owns the process and kills it at the end.
 */
const DOC_CONF = fileURLToPath(new URL('../../docs/nginx-replicas.conf', import.meta.url))
const NGINX = findNginx()
const title = NGINX
  ? 'nginx (docs/nginx-replicas.conf) in front of two replicas'
  : 'nginx in front of two replicas (SKIPPED: no nginx executable on PATH or in /usr/sbin; `apt-get install -y nginx`, as .ci/run does)'

if (!NGINX) process.stderr.write(`test/replica/nginx.test.ts: ${title}\n`)

describe.skipIf(!NGINX)(title, () => {
  let fx: ReplicaFixture
  let a: ServeProcess
  let b: ServeProcess
  let nginx: { url: string; child: ChildProcess; log: () => Promise<string>; prefix: string } | undefined

  beforeAll(async () => {
    fx = await makeReplicaFixture()
    ;[a, b] = await Promise.all([serveReplica(fx.clone('a')), serveReplica(fx.clone('b'))])
    nginx = await startNginx(NGINX!, [a.url, b.url])
  })

  afterAll(async () => {
    if (nginx && nginx.child.exitCode === null) {
      const exited = new Promise((r) => nginx!.child.once('exit', r))
      nginx.child.kill('SIGTERM')
      await exited
    }
    if (nginx) await rm(nginx.prefix, { recursive: true, force: true })
    await Promise.all([stop(a), stop(b)])
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

  it('passes the replicas\' 405 {message} for writes through, and keeps /_replica/sync off the balancer', async () => {
    const res = await fetch(`${nginx!.url}/articles`, { method: 'POST', headers: { 'project-id': fx.projectId, authorization: `Bearer ${fx.admin}`, 'content-type': 'application/json' }, body: '{"data":{"title":"x"}}' })
    expect(res.status).toBe(405)
    expect(await res.json()).toEqual({ message: expect.stringMatching(/read-only/) })
    const sync = await fetch(`${nginx!.url}/_replica/sync`, { method: 'POST', headers: { authorization: `Bearer ${fx.admin}` } })
    expect(sync.status).toBe(404)
    expect((await sync.json()).message).toMatch(/each replica directly/)
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
async function startNginx(bin: string, upstreams: string[]): Promise<{ url: string; child: ChildProcess; log: () => Promise<string>; prefix: string }> {
  const prefix = await mkdtemp(join(tmpdir(), 'cms-nginx-'))
  const doc = await readFile(DOC_CONF, 'utf8')
  const servers = [...doc.matchAll(/^(\s*server\s+)127\.0\.0\.1:\d+/gm)]
  expect(servers.length, 'docs/nginx-replicas.conf names two replicas').toBe(2)
  expect(doc, 'docs/nginx-replicas.conf uses proxy_pass to the upstream').toMatch(/proxy_pass http:\/\/cms_replicas;/)
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    let i = 0
    const conf = doc
      .replace(/^(\s*server\s+)127\.0\.0\.1:\d+/gm, (_m, lead: string) => `${lead}${new URL(upstreams[i++]!).host}`)
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
