import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config.ts'
import { runServer, type RunningServer } from '../../../src/server/lifecycle/run.ts'
import { makeGitProject, startGitServer, type GitProject } from './helpers.ts'

/*
 * The writer never trusts runtime state git tracks (.cms/: end users, keys; .env): a `git pull`
 * or checkout bringing a tracked copy replaces the server's own, ignored files. It does not
 * start over such a tree, refuses end-user requests once a pull brings one in while it runs,
 * and the editor's branch switch refuses a branch that tracks any.
 */
const start = (p: GitProject) => runServer({ dir: p.contentDir, port: 0, config: loadConfig({ dir: p.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }) })
const projectDir = (p: GitProject) => join(p.contentDir, '..')

describe('a server over a tree where git tracks runtime state', () => {
  it('does not start when .cms/auth.json is tracked, naming the file and `git rm --cached`', async () => {
    const p = await makeGitProject()
    try {
      await mkdir(join(projectDir(p), '.cms'), { recursive: true })
      await writeFile(join(projectDir(p), '.cms', 'auth.json'), '{"users":[]}\n')
      p.git('add', '-f', '.cms/auth.json')
      p.git('commit', '-q', '-m', 'pushed state')
      await expect(start(p)).rejects.toThrow(/git tracks runtime state \(\.cms\/auth\.json\).*git rm -r --cached/)
      // Untracked again (the file stays, ignored): the server starts.
      p.git('rm', '-q', '--cached', '.cms/auth.json')
      p.git('commit', '-q', '-m', 'untrack')
      const s = await start(p)
      await s.stop()
    } finally {
      await p.cleanup()
    }
  })

  it('does not start when .env beside the content folder is tracked, in a project deeper in the repository', async () => {
    const p = await makeGitProject({ subdir: 'sites/blog' })
    try {
      await writeFile(join(projectDir(p), '.env'), 'CMS_CORS_ORIGINS=*\n')
      p.git('add', '-f', 'sites/blog/.env')
      p.git('commit', '-q', '-m', 'env')
      await expect(start(p)).rejects.toThrow(/git tracks runtime state \(sites\/blog\/\.env\)/)
    } finally {
      await p.cleanup()
    }
  })
})

describe('a running writer when a pull brings tracked state', () => {
  let p: GitProject
  let s: RunningServer
  const call = async (path: string, json: unknown) => {
    const res = await fetch(`${s.http.url}${path}`, { method: 'POST', headers: { 'project-id': s.ctx.store.project.uuid, 'content-type': 'application/json' }, body: JSON.stringify(json) })
    return { status: res.status, body: await res.json() as any }
  }
  beforeAll(async () => {
    p = await makeGitProject()
    s = await start(p)
    const { auth: _off, ...rest } = s.ctx.store.project
    await s.ctx.store.putProject({ ...rest, auth: { enabled: true } }, 'cli')
  })
  afterAll(async () => {
    await s?.stop()
    await p?.cleanup()
  })

  it('refuses end-user requests (409, no path in the answer) until the files are untracked', async () => {
    expect((await call('/auth/signup', { email: 'ada@example.com', password: 'correct horse battery' })).status).toBe(201)
    const auth = join(projectDir(p), '.cms', 'auth.json')
    const own = await readFile(auth, 'utf8')
    // What a pull of a commit that tracks the file leaves: the file in git's index.
    p.git('add', '-f', '.cms/auth.json')
    p.git('commit', '-q', '-m', 'as a pull would bring it')
    const refused = await call('/auth/login', { email: 'ada@example.com', password: 'correct horse battery' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/git tracks its runtime state/)
    expect(refused.body.message).not.toContain(projectDir(p))
    expect((await call('/auth/signup', { email: 'eve@example.com', password: 'correct horse battery' })).status).toBe(409)
    expect(await readFile(auth, 'utf8')).toBe(own)
    p.git('rm', '-q', '--cached', '.cms/auth.json')
    p.git('commit', '-q', '-m', 'untrack')
    expect((await call('/auth/login', { email: 'ada@example.com', password: 'correct horse battery' })).status).toBe(200)
  })
})

describe('the editor\'s branch switch', () => {
  it('refuses a branch that tracks .cms/ or .env (409), and leaves the branch and the state as they were', async () => {
    const p = await makeGitProject()
    const top = projectDir(p)
    // A branch someone pushed with a state file in it; main does not track it.
    p.git('checkout', '-q', '-b', 'evil')
    await mkdir(join(top, '.CMS'), { recursive: true })
    await writeFile(join(top, '.CMS', 'auth.json'), '{"users":["attacker"]}\n')
    p.git('add', '-f', '.CMS/auth.json')
    p.git('commit', '-q', '-m', 'take over (upper case: the same folder on macOS)')
    p.git('checkout', '-q', 'main')
    p.git('checkout', '-q', '-b', 'env-branch')
    await writeFile(join(top, '.env'), 'CMS_GIT_COMMIT=0\n')
    p.git('add', '-f', '.env')
    p.git('commit', '-q', '-m', 'env')
    p.git('checkout', '-q', 'main')
    const g = await startGitServer(p)
    try {
      await mkdir(join(top, '.cms'), { recursive: true })
      await writeFile(join(top, '.cms', 'auth.json'), '{"users":["the real one"]}\n')
      for (const branch of ['evil', 'env-branch']) {
        const r = await g.req('/_admin/api/git/switch', { method: 'POST', json: { branch } })
        expect(r.status, branch).toBe(409)
        expect(r.body.message).toMatch(/tracks runtime state.*git rm -r --cached/)
        expect(p.git('symbolic-ref', '--short', 'HEAD')).toBe('main')
      }
      expect(await readFile(join(top, '.cms', 'auth.json'), 'utf8')).toBe('{"users":["the real one"]}\n')
      // A clean branch still switches.
      p.git('branch', 'clean')
      expect((await g.req('/_admin/api/git/switch', { method: 'POST', json: { branch: 'clean' } })).status).toBe(200)
    } finally {
      await g.server.close()
      await p.cleanup()
    }
  })
})
