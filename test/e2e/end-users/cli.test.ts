import { appendFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cms, serve, type ServeProcess } from '../../helpers/cli.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { treeHashes } from './helpers.ts'

/*
 * `cms user ...` and `cms auth ...` on a project whose `cms serve` runs as a child process, as a
 * developer would have it: the CLI changes end users under the running server, the server's
 * own log prints verification links, and nothing secret appears in that log.
 */
let project: TempProject | null = null
let server: ServeProcess | null = null

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM')
    await server.exited.catch(() => {})
  }
  await project?.cleanup()
})

const PASSWORD = 'zoe has a long password'

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (const until = Date.now() + 10_000; Date.now() < until;) {
    if (check()) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('cms user / cms auth with a running server', () => {
  it('manages end users and the outbox beside the server; the log prints the link and no secret', async () => {
    project = await makeProject(blogTemplate())
    const dir = project.contentDir
    await appendFile(join(dir, 'project.yaml'), 'auth:\n  enabled: true\n  email_verification: true\n')
    const introspector = JSON.parse((await cms(['token', 'create', '--name', 'backend', '--abilities', 'introspect', '--json', '--dir', dir])).stdout).token as string
    const before = await treeHashes(dir)

    const help = await cms(['user', '--help'])
    expect(help.code).toBe(0)
    for (const sub of ['list', 'show', 'create', 'suspend', 'unsuspend', 'delete']) expect(help.stdout).toContain(sub)
    expect((await cms(['auth', 'mail', '--help'])).stdout).toContain('--json')

    const empty = await cms(['user', 'list', '--json', '--dir', dir])
    expect(empty.code).toBe(0)
    expect(JSON.parse(empty.stdout)).toEqual([])

    // Without a server: created unverified, its verification email in the outbox.
    const made = await cms(['user', 'create', '--email', 'Cli@Example.com', '--password-stdin', '--json', '--dir', dir], { input: 'a cli password 1\n' })
    expect(made.code).toBe(0)
    expect(JSON.parse(made.stdout)).toMatchObject({ email: 'cli@example.com', email_verified_at: null, status: 'active' })
    const noPassword = await cms(['user', 'create', '--email', 'x@example.com', '--dir', dir])
    expect(noPassword.code).toBe(2)
    const dup = await cms(['user', 'create', '--email', 'cli@example.com', '--password', 'another one 1', '--json', '--dir', dir])
    expect(dup.code).toBe(1)
    expect(JSON.parse(dup.stdout).error.message).toMatch(/already exists/)

    server = await serve(['--dir', dir])
    const api = (path: string, init: { method?: string; json?: unknown; token?: string } = {}) => fetch(`${server!.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'project-id': project!.projectId, 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }))

    const up = await api('/auth/signup', { method: 'POST', json: { email: 'zoe@example.com', password: PASSWORD } })
    expect(up.status).toBe(202)
    await waitFor(() => /verification email to zoe@example\.com: http/.test(server!.output()), 'the verification link in the server log')

    const mail = await cms(['auth', 'mail', '--to', 'zoe@example.com', '--json', '--dir', dir])
    expect(mail.code).toBe(0)
    const messages = JSON.parse(mail.stdout) as Array<{ link: string; subject: string; kind: string }>
    expect(messages).toHaveLength(1)
    expect(messages[0]!.kind).toBe('verification')
    expect(server.output()).toContain(messages[0]!.link)
    const text = await cms(['auth', 'mail', '--dir', dir])
    expect(text.stdout).toContain('To: zoe@example.com')
    expect(text.stdout).toContain('To: cli@example.com')

    expect((await fetch(messages[0]!.link)).status).toBe(200)
    const login = await api('/auth/login', { method: 'POST', json: { email: 'zoe@example.com', password: PASSWORD } })
    expect(login.status).toBe(200)
    const access = login.body.access_token as string
    const key = await api('/auth/api-keys', { method: 'POST', token: access, json: { name: 'laptop' } })
    const plain = key.body.plain_text_key as string
    const introspect = () => api('/auth/api-keys/introspect', { method: 'POST', token: introspector, json: { api_key: plain } })
    expect((await introspect()).body.active).toBe(true)

    const listed = JSON.parse((await cms(['user', 'list', '--json', '--dir', dir])).stdout) as Array<Record<string, unknown>>
    expect(listed.map((u) => u.email).sort()).toEqual(['cli@example.com', 'zoe@example.com'])
    const shown = await cms(['user', 'show', 'zoe@example.com', '--json', '--dir', dir])
    expect(shown.code).toBe(0)
    expect(JSON.parse(shown.stdout)).toMatchObject({ email: 'zoe@example.com', status: 'active', sessions: 1, api_keys: 1, keys: [{ name: 'laptop', key_prefix: key.body.key_prefix }] })
    expect(shown.stdout).not.toContain(plain.slice(17))
    expect(shown.stdout).not.toContain('scrypt')

    // Suspended from the CLI while the server runs: the server sees it on the next request.
    const suspended = await cms(['user', 'suspend', 'zoe@example.com', '--json', '--dir', dir])
    expect(suspended.code).toBe(0)
    expect((await introspect()).body).toMatchObject({ active: false, user_uuid: null, scopes: [] })
    expect((await api('/auth/me', { token: access })).status).toBe(401)
    expect((await cms(['user', 'unsuspend', 'zoe@example.com', '--dir', dir])).code).toBe(0)
    expect((await introspect()).body.active).toBe(true)

    // A rotated signing key: access tokens signed before are refused, refresh tokens still work.
    const again = await api('/auth/login', { method: 'POST', json: { email: 'zoe@example.com', password: PASSWORD } })
    expect((await api('/auth/me', { token: again.body.access_token as string })).status).toBe(200)
    const rotated = await cms(['auth', 'rotate-key', '--json', '--dir', dir])
    expect(rotated.code).toBe(0)
    expect((await api('/auth/me', { token: again.body.access_token as string })).status).toBe(401)
    const renewed = await api('/auth/refresh', { method: 'POST', json: { refresh_token: again.body.refresh_token } })
    expect(renewed.status).toBe(200)
    expect((await api('/auth/me', { token: renewed.body.access_token as string })).status).toBe(200)

    const missing = await cms(['user', 'show', 'nobody@example.com', '--dir', dir])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/No end user with the email nobody@example\.com/)
    const deleted = await cms(['user', 'delete', 'zoe@example.com', '--json', '--dir', dir])
    expect(deleted.code).toBe(0)
    expect((await introspect()).body).toEqual({ active: false, project_uuid: null, user_uuid: null, scopes: [], expires_at: null, key_id: null, key_prefix: null })

    expect(await treeHashes(dir)).toEqual(before)
    server.child.kill('SIGTERM')
    await server.exited
    const log = server.output()
    const db = await readFile(join(project.stateDir, 'auth.json'), 'utf8')
    const hashes = [...db.matchAll(/"(?:password_hash|refresh_hash|previous_hash|hash)": "([^"]+)"/g)].map((m) => m[1]!)
    const signing = JSON.parse(await readFile(join(project.stateDir, 'auth-signing-key.json'), 'utf8')).secret as string
    for (const secret of [PASSWORD, 'a cli password 1', access, login.body.refresh_token as string, again.body.refresh_token as string, renewed.body.access_token as string, plain, introspector, signing, ...hashes]) {
      expect(log).not.toContain(secret)
    }
  })
})

describe('the auth block of project.yaml', () => {
  it('validates, survives cms fmt, and a wrong value is named by its key', async () => {
    const p = await makeProject(blogTemplate())
    try {
      const file = join(p.contentDir, 'project.yaml')
      await appendFile(file, 'auth:\n  enabled: true\n  access_token_ttl: 10m\n  refresh_token_ttl: 604800\n  rate_limits:\n    login: 5\n')
      const ok = await cms(['validate', '--dir', p.contentDir])
      expect(ok.code, ok.stdout + ok.stderr).toBe(0)
      expect((await cms(['fmt', '--dir', p.contentDir])).code).toBe(0)
      expect(await readFile(file, 'utf8')).toMatch(/auth:\n\s+enabled: true\n\s+access_token_ttl: 10m/)
      const text = (await readFile(file, 'utf8')).replace('access_token_ttl: 10m', 'access_token_ttl: soon')
      const { writeFile } = await import('node:fs/promises')
      await writeFile(file, text)
      const bad = await cms(['validate', '--dir', p.contentDir])
      expect(bad.code).toBe(1)
      expect(bad.stdout + bad.stderr).toMatch(/auth\.access_token_ttl/)
    } finally {
      await p.cleanup()
    }
  })
})
