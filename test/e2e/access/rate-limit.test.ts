import { spawn, type ChildProcess } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { createRateLimiter } from '../../../src/server/access/rate-limit.ts'

const cleanup: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

async function serve(env: Record<string, string>): Promise<{ server: TestServer; project: TempProject; token: (name: string) => Promise<string> }> {
  const project = await makeProject(blogTemplate())
  const server = await startTestServer(project.contentDir, { env })
  cleanup.push(async () => { await server.close(); await project.cleanup() })
  return { server, project, token: async (name) => (await createToken(server.ctx.store, { name, abilities: ['read'] })).token }
}

const burst = (server: TestServer, n: number, token?: string) =>
  Promise.all(Array.from({ length: n }, () => server.request('/articles', token ? { token } : {})))

describe('rate limiting', () => {
  it('holds exactly under 50 concurrent requests, with Retry-After and X-RateLimit-* headers and a message naming the setting', async () => {
    const { server, token } = await serve({ API_RATE_LIMIT_PER_MINUTE: '10' })
    const t = await token('site-build')
    const responses = await burst(server, 50, t)
    const ok = responses.filter((r) => r.status === 200)
    const limited = responses.filter((r) => r.status === 429)
    expect(ok).toHaveLength(10)
    expect(limited).toHaveLength(40)
    expect(ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    for (const r of responses) expect(r.headers.get('x-ratelimit-limit')).toBe('10')
    const r = limited[0]!
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0')
    const retryAfter = Number(r.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    const body = (await r.json()) as Record<string, unknown>
    expect(Object.keys(body)).toEqual(['message'])
    expect(body.message).toMatch(/^Too Many Attempts\./)
    expect(body.message).toContain('API_RATE_LIMIT_PER_MINUTE')
    await Promise.all(responses.filter((x) => x !== r).map((x) => x.body?.cancel()))
  })

  it('counts per token; requests without a token count per client address', async () => {
    const { server, token } = await serve({ API_RATE_LIMIT_PER_MINUTE: '3' })
    const a = await token('a')
    const b = await token('b')
    expect((await burst(server, 5, a)).map((r) => r.status)).toEqual(expect.arrayContaining([200, 200, 200, 429, 429]))
    expect((await server.request('/articles', { token: a })).status).toBe(429)
    expect((await server.request('/articles', { token: b })).status).toBe(200)
    expect((await server.request('/articles')).status).toBe(200)
    // An unknown token does not get a fresh bucket: it counts against the address.
    expect((await server.request('/articles', { token: 'cms_made_up_1' })).status).toBe(200)
    expect((await server.request('/articles', { token: 'cms_made_up_2' })).status).toBe(200)
    expect((await server.request('/articles', { token: 'cms_made_up_3' })).status).toBe(429)
  })

  it('resets after the window', async () => {
    const { server, token } = await serve({ API_RATE_LIMIT_PER_MINUTE: '2', CMS_RATE_LIMIT_WINDOW_MS: '1000' })
    const t = await token('a')
    expect((await burst(server, 3, t)).filter((r) => r.status === 429)).toHaveLength(1)
    await vi.waitFor(async () => {
      expect((await server.request('/articles', { token: t })).status).toBe(200)
    }, { timeout: 10_000, interval: 250 })
    expect((await burst(server, 2, t)).filter((r) => r.status === 429)).toHaveLength(1)
  })

  it('never throttles CLI commands reaching the server with its local admin token', async () => {
    const { server } = await serve({ API_RATE_LIMIT_PER_MINUTE: '2' })
    server.ctx.localAdminToken = 'local-admin-token-for-the-test'
    const responses = await burst(server, 10, 'local-admin-token-for-the-test')
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200))
    expect((await burst(server, 3)).filter((r) => r.status === 429)).toHaveLength(1)
  })

  it('0 disables it (no 429, no X-RateLimit headers)', async () => {
    const { server } = await serve({ API_RATE_LIMIT_PER_MINUTE: '0' })
    const responses = await burst(server, 50)
    expect(responses.every((r) => r.status === 200)).toBe(true)
    expect(responses[0]!.headers.get('x-ratelimit-limit')).toBeNull()
  })

  it('the limiter is a fixed window per key (unit)', () => {
    const limiter = createRateLimiter()
    const at = 1_000_000
    expect(limiter.hit('k', 2, 60_000, at)).toMatchObject({ allowed: true, remaining: 1 })
    expect(limiter.hit('k', 2, 60_000, at + 1)).toMatchObject({ allowed: true, remaining: 0 })
    expect(limiter.hit('k', 2, 60_000, at + 2)).toMatchObject({ allowed: false, remaining: 0, retryAfter: 60 })
    expect(limiter.hit('other', 2, 60_000, at + 2)).toMatchObject({ allowed: true })
    expect(limiter.hit('k', 2, 60_000, at + 60_000)).toMatchObject({ allowed: true, remaining: 1 })
  })
})

describe('configuration reload on SIGHUP (cms serve)', () => {
  it.runIf(process.platform !== 'win32')('applies a new API_RATE_LIMIT_PER_MINUTE from .env without a restart', async () => {
    const project = await makeProject(blogTemplate())
    cleanup.push(() => project.cleanup())
    await writeFile(join(project.dir, '.env'), 'API_RATE_LIMIT_PER_MINUTE=2\n')
    const bin = fileURLToPath(new URL('../../../bin/cms.mjs', import.meta.url))
    const env = { ...process.env }
    delete env.API_RATE_LIMIT_PER_MINUTE
    const child: ChildProcess = spawn(process.execPath, [bin, 'serve', '--dir', project.contentDir, '--port', '0', '--host', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    cleanup.push(async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((resolve) => child.once('exit', resolve))
      }
    })
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (d: Buffer) => { stdout += d.toString() })
    child.stderr!.on('data', (d: Buffer) => { stderr += d.toString() })
    const url = await vi.waitFor(() => {
      const m = /url:\s+(http:\/\/\S+)/.exec(stdout)
      if (!m) throw new Error(`no url yet: ${stdout} ${stderr}`)
      return m[1]!
    }, { timeout: 20_000, interval: 100 })
    const get = () => fetch(`${url}/articles`, { headers: { 'project-id': project.projectId } })
    expect((await get()).status).toBe(200)
    expect((await get()).status).toBe(200)
    const limited = await get()
    expect(limited.status).toBe(429)
    expect(limited.headers.get('x-ratelimit-limit')).toBe('2')

    await writeFile(join(project.dir, '.env'), 'API_RATE_LIMIT_PER_MINUTE=1000\n')
    child.kill('SIGHUP')
    await vi.waitFor(() => expect(stderr).toContain('configuration reloaded'), { timeout: 10_000, interval: 50 })
    const after = await get()
    expect(after.status).toBe(200)
    expect(after.headers.get('x-ratelimit-limit')).toBe('1000')
    expect(child.exitCode).toBeNull()

    // An invalid value keeps the previous configuration.
    await writeFile(join(project.dir, '.env'), 'API_RATE_LIMIT_PER_MINUTE=lots\n')
    child.kill('SIGHUP')
    await vi.waitFor(() => expect(stderr).toContain('NOT reloaded'), { timeout: 10_000, interval: 50 })
    expect((await get()).headers.get('x-ratelimit-limit')).toBe('1000')
  })
})
