import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest'
import { CMS_BIN } from '../../helpers/cli.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'

interface Served { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> }

const children: ChildProcess[] = []
const projects: TempProject[] = []

/** `cms serve` with the environment a user has: no API_RATE_LIMIT_PER_MINUTE unless given. */
async function start(args: string[], env: Record<string, string> = {}): Promise<Served & { url: string; projectId: string }> {
  const project = await makeProject(blogTemplate())
  projects.push(project)
  const base = { ...process.env, ...env }
  if (!('API_RATE_LIMIT_PER_MINUTE' in env)) delete base.API_RATE_LIMIT_PER_MINUTE
  const child = spawn(process.execPath, [CMS_BIN, 'serve', '--dir', project.contentDir, '--port', '0', ...args], { env: base, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
  const url = await vi.waitFor(() => {
    const m = /"url":"(http:[^"]+)"|url:\s+(http:\/\/\S+)/.exec(out)
    if (!m) throw new Error(`not ready: ${out} ${err}`)
    return (m[1] ?? m[2])!
  }, { timeout: 20_000, interval: 50 })
  return { child, url, projectId: project.projectId, stdout: () => out, stderr: () => err, exited }
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
  }
})
afterAll(async () => {
  for (const p of projects.splice(0)) await p.cleanup()
})

describe('cms serve: startup, request log, rate limit', () => {
  test('prints the url, the project id and the rate limit in force; logs each request in one line', async () => {
    const s = await start([])
    expect(s.stdout()).toMatch(/project id:\s+[0-9a-f-]{36}/)
    expect(s.stdout()).toMatch(/rate limit: 300\/min per token or client; loopback clients not limited/)
    const res = await fetch(`${s.url}/api/articles?paginate=2`, { headers: { 'project-id': s.projectId } })
    expect(res.status).toBe(200)
    await fetch(`${s.url}/nope`, { headers: { 'project-id': s.projectId } })
    await vi.waitFor(() => {
      expect(s.stdout()).toMatch(/^GET \/api\/articles\?paginate=2 200 [\d.]+ ms$/m)
      expect(s.stdout()).toMatch(/^GET \/nope 404 [\d.]+ ms$/m)
    })
  })

  test('--json: one ready line with url and project id, then JSON request lines', async () => {
    const s = await start(['--json'])
    const ready = JSON.parse(s.stdout().split('\n')[0]!)
    expect(ready).toMatchObject({ event: 'ready', url: s.url, api_url: `${s.url}/api`, project_id: s.projectId })
    await fetch(`${s.url}/articles`, { headers: { 'project-id': s.projectId } })
    await vi.waitFor(() => expect(s.stdout().split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(2))
    const line = JSON.parse(s.stdout().split('\n')[1]!)
    expect(line).toMatchObject({ method: 'GET', path: '/articles', status: 200 })
    expect(typeof line.ms).toBe('number')
  })

  test('--log json without --json; --quiet logs nothing per request', async () => {
    const json = await start(['--log', 'json'])
    await fetch(`${json.url}/articles`, { headers: { 'project-id': json.projectId } })
    await vi.waitFor(() => expect(json.stdout()).toMatch(/^\{"method":"GET","path":"\/articles","status":200,"ms":[\d.]+\}$/m))

    const quiet = await start(['--quiet'])
    await fetch(`${quiet.url}/articles`, { headers: { 'project-id': quiet.projectId } })
    // A positive signal that the request was answered and the log had its chance: stop the server.
    quiet.child.kill('SIGTERM')
    expect(await quiet.exited).toBe(0)
    expect(quiet.stdout()).not.toMatch(/^GET /m)
  })

  test('without API_RATE_LIMIT_PER_MINUTE, 305 quick loopback reads all succeed', async () => {
    const s = await start(['--quiet'])
    const statuses: number[] = []
    for (let i = 0; i < 305; i += 25) {
      const batch = await Promise.all(Array.from({ length: Math.min(25, 305 - i) }, () => fetch(`${s.url}/articles`, { headers: { 'project-id': s.projectId } }).then(async (r) => { await r.arrayBuffer(); return r.status })))
      statuses.push(...batch)
    }
    expect(statuses).toHaveLength(305)
    expect(statuses.filter((c) => c !== 200)).toEqual([])
  })

  test('set explicitly, the limit applies to loopback too and every 429 is logged, even with --quiet', async () => {
    const s = await start(['--quiet'], { API_RATE_LIMIT_PER_MINUTE: '2' })
    expect(s.stdout()).toMatch(/rate limit: 2\/min per token or client, loopback clients included/)
    const codes: number[] = []
    for (let i = 0; i < 4; i++) codes.push((await fetch(`${s.url}/articles`, { headers: { 'project-id': s.projectId } })).status)
    expect(codes).toEqual([200, 200, 429, 429])
    await vi.waitFor(() => expect(s.stderr().match(/warning: rate limited GET \/articles/g)).toHaveLength(2))
  })
})

describe('rate limit default for clients that are not on loopback', () => {
  test('unset: a non-loopback client still gets the spec\'s 300/min', async () => {
    const { startTestServer } = await import('../../helpers/server.ts')
    const project = await makeProject(blogTemplate())
    projects.push(project)
    // '' is "not set"; app.fetch has no socket, so the client address is not loopback.
    const server = await startTestServer(project.contentDir, { env: { API_RATE_LIMIT_PER_MINUTE: '' } })
    try {
      let last = 0
      for (let i = 0; i < 301; i++) last = (await server.app.fetch(new Request('http://10.1.2.3/articles', { headers: { 'project-id': project.projectId } }))).status
      expect(last).toBe(429)
      // Loopback clients of the same server are not limited.
      expect((await server.request('/articles')).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
