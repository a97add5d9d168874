import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { makeProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer } from '../../helpers/server.ts'
import { parseExpiry } from '../../../src/service/tokens/manage.ts'

const run = promisify(execFile)
const bin = fileURLToPath(new URL('../../../bin/cms.mjs', import.meta.url))
const cms = async (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env: { ...process.env, CMS_URL: '' } })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

const project = await makeProject(blogTemplate())
const server = await startTestServer(project.contentDir, { watch: true })
await (server.ctx as { watcher?: { ready: Promise<void> } }).watcher?.ready
afterAll(async () => {
  await server.close()
  await project.cleanup()
})

describe('cms token', () => {
  it('create --json prints {token, name, abilities} once; tokens.yaml keeps only hash, last 4 and dates', async () => {
    const res = await cms('token', 'create', '--dir', project.contentDir, '--name', 'ci', '--abilities', 'read,create', '--json')
    expect(res, res.stderr).toMatchObject({ code: 0 })
    const out = JSON.parse(res.stdout) as { token: string; name: string; abilities: string[] }
    expect(out).toMatchObject({ name: 'ci', abilities: ['read', 'create'] })
    expect(out.token).toMatch(/^cms_[\w-]{40}$/)
    const file = await readFile(join(project.contentDir, 'tokens.yaml'), 'utf8')
    expect(file).not.toContain(out.token)
    expect(file).not.toContain(out.token.slice(4, 20))
    expect(file).toMatch(/hash: [0-9a-f]{64}/)
    expect(file).toContain(`last4: ${out.token.slice(-4)}`)
    expect(file).toMatch(/created_at: /)

    // The running server picks the new token up through its watcher, no restart.
    await vi.waitFor(async () => {
      const r = await server.request('/articles', { method: 'POST', token: out.token, json: { data: {} } })
      expect(r.status).not.toBe(401)
    }, { timeout: 10_000, interval: 100 })

    const list = await cms('token', 'list', '--dir', project.contentDir, '--json')
    const tokens = JSON.parse(list.stdout) as Array<Record<string, unknown>>
    expect(tokens).toEqual([expect.objectContaining({ name: 'ci', abilities: ['read', 'create'], last4: out.token.slice(-4), expires_at: null, expired: false })])
    expect(list.stdout).not.toContain(out.token)
    const text = await cms('token', 'list', '--dir', project.contentDir)
    expect(text.stdout).toContain(`…${out.token.slice(-4)}`)

    const revoked = await cms('token', 'revoke', 'ci', '--dir', project.contentDir)
    expect(revoked.code).toBe(0)
    await vi.waitFor(async () => {
      const r = await server.request('/articles', { method: 'POST', token: out.token, json: { data: {} } })
      expect(r.status).toBe(401)
    }, { timeout: 10_000, interval: 100 })
  })

  it('refuses a duplicate name, an unknown ability, a past expiry, and revoking an unknown name (exit 1, message)', async () => {
    expect((await cms('token', 'create', '--dir', project.contentDir, '--name', 'dup', '--abilities', 'read', '--json')).code).toBe(0)
    // Four refusals that change nothing: started together (each is a process start).
    const [dup, bad, past, missing] = await Promise.all([
      cms('token', 'create', '--dir', project.contentDir, '--name', 'dup', '--abilities', 'read'),
      cms('token', 'create', '--dir', project.contentDir, '--name', 'x', '--abilities', 'read,fly'),
      cms('token', 'create', '--dir', project.contentDir, '--name', 'y', '--abilities', 'read', '--expires', '2001-01-01'),
      cms('token', 'revoke', 'nope', '--dir', project.contentDir, '--json'),
    ])
    expect(dup.code).toBe(1)
    expect(dup.stderr).toContain('already exists')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('Unknown ability "fly"')
    expect(past.code).toBe(1)
    expect(past.stderr).toContain('already past')
    expect(missing.code).toBe(1)
    expect(JSON.parse(missing.stdout)).toEqual({ error: { message: expect.stringContaining('No token named "nope"') } })
  })

  it('a token with --expires works until then and is refused after', async () => {
    const res = await cms('token', 'create', '--dir', project.contentDir, '--name', 'soon', '--abilities', 'create', '--expires', '30d', '--json')
    expect(res, res.stderr).toMatchObject({ code: 0 })
    const { token } = JSON.parse(res.stdout) as { token: string }
    await vi.waitFor(async () => {
      expect((await server.request('/articles', { method: 'POST', token, json: { data: {} } })).status).not.toBe(401)
    }, { timeout: 10_000, interval: 100 })
    // Move the expiry into the past by editing the record (as time passing would).
    const store = server.ctx.store
    await store.putTokens(store.tokens.map((t) => (t.name === 'soon' ? { ...t, expires_at: new Date(Date.now() - 1000).toISOString() } : t)), 'cli')
    const r = await server.request('/articles', { method: 'POST', token, json: { data: {} } })
    expect(r.status).toBe(401)
    expect(await r.json()).toEqual({ message: 'Unauthenticated.' })
  })

  it('parses expiry dates and durations', () => {
    const now = Date.parse('2030-01-01T00:00:00Z')
    expect(parseExpiry('30d', now)).toBe('2030-01-31T00:00:00.000Z')
    expect(parseExpiry('12h', now)).toBe('2030-01-01T12:00:00.000Z')
    expect(parseExpiry('2030-02-01', now)).toBe('2030-02-01T23:59:59.999Z')
    expect(() => parseExpiry('soon', now)).toThrow(/not a date/)
  })
})

describe('cms token, several at once', () => {
  it('eight concurrent creates all land in tokens.yaml; revokes too', async () => {
    const dir = (await makeProject(blogTemplate())).contentDir
    const names = Array.from({ length: 8 }, (_, i) => `job-${i}`)
    const made = await Promise.all(names.map((name) => cms('token', 'create', '--dir', dir, '--name', name, '--abilities', 'read', '--json')))
    for (const r of made) expect(r, r.stderr).toMatchObject({ code: 0 })
    const listed = JSON.parse((await cms('token', 'list', '--dir', dir, '--json')).stdout) as Array<{ name: string }>
    expect(listed.map((t) => t.name).sort()).toEqual(names)
    const revoked = await Promise.all(names.slice(0, 4).map((name) => cms('token', 'revoke', name, '--dir', dir)))
    for (const r of revoked) expect(r, r.stderr).toMatchObject({ code: 0 })
    const left = JSON.parse((await cms('token', 'list', '--dir', dir, '--json')).stdout) as Array<{ name: string }>
    expect(left.map((t) => t.name).sort()).toEqual(names.slice(4))
  }, 60_000)

  it('a hand-broken tokens.yaml is reported and left as it is', async () => {
    const dir = (await makeProject(blogTemplate())).contentDir
    await cms('token', 'create', '--dir', dir, '--name', 'first', '--abilities', 'read')
    const file = join(dir, 'tokens.yaml')
    const broken = `${await readFile(file, 'utf8')}  - name: [unclosed\n`
    await writeFile(file, broken)
    const res = await cms('token', 'create', '--dir', dir, '--name', 'second', '--abilities', 'read')
    expect(res.code).not.toBe(0)
    expect(res.stderr).toContain('tokens.yaml')
    expect(await readFile(file, 'utf8')).toBe(broken)
  })
})

describe('cms project', () => {
  it('set --api private makes a running server need a token at once; public reverts; show prints the mode', async () => {
    const shown = JSON.parse((await cms('project', 'show', '--dir', project.contentDir, '--json')).stdout) as Record<string, unknown>
    expect(shown).toMatchObject({ uuid: project.projectId, api: 'public' })
    expect((await server.request('/articles')).status).toBe(200)

    const set = await cms('project', 'set', '--api', 'private', '--dir', project.contentDir, '--json')
    expect(set.code).toBe(0)
    expect(JSON.parse(set.stdout)).toMatchObject({ api: 'private', changed: true })
    expect(await readFile(join(project.contentDir, 'project.yaml'), 'utf8')).toMatch(/^api: private$/m)
    await vi.waitFor(async () => expect((await server.request('/articles')).status).toBe(401), { timeout: 10_000, interval: 100 })

    expect((await cms('project', 'set', '--api', 'public', '--dir', project.contentDir)).code).toBe(0)
    await vi.waitFor(async () => expect((await server.request('/articles')).status).toBe(200), { timeout: 10_000, interval: 100 })
  })

  it('a hand edit of project.yaml is picked up by the watcher', async () => {
    const file = join(project.contentDir, 'project.yaml')
    const text = await readFile(file, 'utf8')
    const { writeFile } = await import('node:fs/promises')
    await writeFile(file, text.replace(/^api: public$/m, 'api: private'))
    await vi.waitFor(async () => expect((await server.request('/articles')).status).toBe(401), { timeout: 10_000, interval: 100 })
    await writeFile(file, text)
    await vi.waitFor(async () => expect((await server.request('/articles')).status).toBe(200), { timeout: 10_000, interval: 100 })
  })

  it('refuses an unknown API mode', async () => {
    const res = await cms('project', 'set', '--api', 'secret', '--dir', project.contentDir)
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('--api must be "public" or "private"')
  })
})
