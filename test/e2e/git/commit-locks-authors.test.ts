import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { utimes, writeFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeGitProject, startGitServer, waitFor, waitForCommits, type GitProject, type GitServer } from './helpers.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

/**
 * Issue 17, round 3: a lock left by a killed commit, two authors in one window, control
 * characters in a message, the user's own index.lock. One project and one server for the file.
 */
let p: GitProject
let s: GitServer
let writer: string
let first: string
const head = () => p.git('rev-parse', 'HEAD')
const readStat = (pid: number): string => { try { return readFileSync(`/proc/${pid}/stat`, 'utf8') } catch { return '' } }
const entryPath = (uuid: string) => `content/entries/articles/${uuid}.json`
const titleAt = (rev: string, uuid: string) => JSON.parse(p.git('show', `${rev}:${entryPath(uuid)}`)).fields.title

beforeAll(async () => {
  p = await makeGitProject()
  // A window long enough for two authors' writes to fall in it.
  s = await startGitServer(p, { CMS_GIT_WINDOW_MS: '1500' }, 'admin')
  writer = (await createToken(s.server.ctx.store, { name: 'Writer', abilities: ['*'] })).token
  await s.server.ctx.git!.flush()
  first = [...s.server.ctx.store.collection('articles')!.entries.keys()][0]!
})
afterAll(async () => {
  await s?.server.close()
  await p?.cleanup()
})

describe('git commits: locks, authors, message text', () => {
  it('clears a .cms/git-index.lock left by a killed cms (dead owner, or none) and commits', async () => {
    const lock = join(p.contentDir, '..', '.cms', 'git-index.lock')
    for (const owner of ['999999999\n', null]) {
      await writeFile(lock, '')
      if (owner) await writeFile(`${lock.slice(0, -'.lock'.length)}.owner`, owner)
      else await rm(`${lock.slice(0, -'.lock'.length)}.owner`, { force: true })
      expect((await s.req('/_admin/api/git/status')).body.blocked).toBeNull()
      const before = head()
      const created = await s.req('/articles', { method: 'POST', json: { data: { title: `After the crash ${owner ? 'owned' : 'unowned'}` } } })
      expect(created.headers.get('cms-git')).toBe('pending')
      await s.server.ctx.git!.flush()
      await waitForCommits(p, before, 'the commit after a stale lock')
      expect(p.git('status', '--porcelain', '--', 'content')).toBe('')
    }
  })

  it('reports a private index lock held by another live cms process as blocked', async () => {
    const lock = join(p.contentDir, '..', '.cms', 'git-index.lock')
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    try {
      await writeFile(lock, '')
      await writeFile(join(p.contentDir, '..', '.cms', 'git-index.owner'), `${other.pid}\n`)
      const status = await s.req('/_admin/api/git/status')
      expect(status.body.blocked).toBe(`another cms process (pid ${other.pid}) is committing`)
      expect((await s.req('/_admin/api/git/branch')).body.blocked).toBe(status.body.blocked)
    } finally {
      other.kill()
      await rm(lock, { force: true })
    }
  })

  it('takes over a private index lock whose owner was killed and never collected (a zombie)', async () => {
    const lock = join(p.contentDir, '..', '.cms', 'git-index.lock')
    // The owner's parent becomes `sleep`, which never waits for it: killed, it stays a zombie.
    const sh = spawn('sh', ['-c', `"${process.execPath}" -e "setTimeout(() => {}, 60000)" & echo $!; exec sleep 60`], { stdio: ['ignore', 'pipe', 'ignore'] })
    try {
      const pid = Number(await new Promise<string>((resolve) => sh.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))))
      // Once the shell is `sleep`, nothing will collect the owner (the shell itself might have).
      await waitFor(() => readStat(sh.pid!).includes('(sleep)'), 'the shell to become sleep')
      process.kill(pid, 'SIGKILL')
      await waitFor(() => /^\S+ \(.*\) Z/.test(readStat(pid)), 'the killed owner to be a zombie')
      await writeFile(lock, '')
      await writeFile(join(p.contentDir, '..', '.cms', 'git-index.owner'), `${pid}\n`)
      expect((await s.req('/_admin/api/git/status')).body.blocked).toBeNull()
    } finally {
      sh.kill('SIGKILL')
      await rm(lock, { force: true })
    }
  })

  it('clears a stale lock of the status index too, and reports a stale branch lock and a missing identity as blocked', async () => {
    await writeFile(join(p.contentDir, '..', '.cms', 'git-status-index.lock'), '')
    const status = await s.req('/_admin/api/git/status')
    expect(status.status).toBe(200)
    expect(status.body.blocked).toBeNull()
    // Held by another live process (a `cms git status` beside the server): this call uses an index of its own.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    try {
      await writeFile(join(p.contentDir, '..', '.cms', 'git-status-index.lock'), '')
      await writeFile(join(p.contentDir, '..', '.cms', 'git-status-index.owner'), `${other.pid}\n`)
      const beside = await s.req('/_admin/api/git/status')
      expect(beside.status).toBe(200)
      expect(beside.body.blocked).toBeNull()
    } finally {
      other.kill()
      await rm(join(p.contentDir, '..', '.cms', 'git-status-index.lock'), { force: true })
    }

    const refLock = join(p.repo, '.git', 'refs', 'heads', 'main.lock')
    await writeFile(refLock, '')
    const old = new Date(Date.now() - 60_000)
    await utimes(refLock, old, old)
    try {
      expect((await s.req('/_admin/api/git/status')).body.blocked).toMatch(/^the branch is locked: \.git\/refs\/heads\/main\.lock has been there for \d+ s/)
      const updated = await s.req(`/articles/${first}`, { method: 'PATCH', json: { data: { body: 'Under a branch lock' } } })
      expect(updated.headers.get('cms-git')).toMatch(/^refused; reason="the branch is locked/)
    } finally {
      await rm(refLock, { force: true })
    }

    const saved = { global: process.env.GIT_CONFIG_GLOBAL, system: process.env.GIT_CONFIG_NOSYSTEM }
    process.env.GIT_CONFIG_GLOBAL = '/dev/null'
    process.env.GIT_CONFIG_NOSYSTEM = '1'
    p.git('config', 'user.useConfigOnly', 'true')
    p.git('config', '--unset', 'user.name')
    p.git('config', '--unset', 'user.email')
    try {
      expect((await s.req('/_admin/api/git/status')).body.blocked).toBe('no git identity (set user.name and user.email with git config)')
    } finally {
      p.git('config', 'user.name', 'Local User')
      p.git('config', 'user.email', 'local@example.com')
      p.git('config', '--unset', 'user.useConfigOnly')
      for (const [key, value] of [['GIT_CONFIG_GLOBAL', saved.global], ['GIT_CONFIG_NOSYSTEM', saved.system]] as const) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
    }
    expect((await s.req('/_admin/api/git/status')).body.blocked).toBeNull()
    expect((await s.req('/_admin/api/git/commit', { method: 'POST', json: { entries: [first], message: 'After the branch lock' } })).status).toBe(201)
  })

  it('commits two authors\' writes of one entry in one window as two commits, each with its author\'s text', async () => {
    const before = head()
    expect((await s.req(`/articles/${first}`, { method: 'PATCH', token: writer, json: { data: { title: 'Words by Writer' } } })).status).toBe(200)
    await new Promise((r) => setTimeout(r, 300)) // the second write lands inside the first one's window
    expect((await s.req(`/articles/${first}`, { method: 'PATCH', json: { data: { title: 'Words by admin' } } })).status).toBe(200)
    await s.server.ctx.git!.flush()
    const commits = await waitFor(() => { const c = p.git('rev-list', '--reverse', `${before}..HEAD`).split('\n').filter(Boolean); return c.length >= 2 && c }, 'two commits')
    expect(commits).toHaveLength(2)
    expect(p.git('log', '-1', '--format=%an', commits[0]!)).toBe('Writer')
    expect(titleAt(commits[0]!, first)).toBe('Words by Writer')
    expect(p.git('log', '-1', '--format=%an', commits[1]!)).toBe('admin')
    expect(titleAt(commits[1]!, first)).toBe('Words by admin')
    expect(p.git('status', '--porcelain', '--', 'content')).toBe('')
  })

  it('keeps the order when one author writes the file again after the other: three commits, HEAD holds the last text', async () => {
    const before = head()
    await s.req(`/articles/${first}`, { method: 'PATCH', token: writer, json: { data: { title: 'Writer one' } } })
    await s.req(`/articles/${first}`, { method: 'PATCH', json: { data: { title: 'admin two' } } })
    await s.req(`/articles/${first}`, { method: 'PATCH', token: writer, json: { data: { title: 'Writer three' } } })
    await s.server.ctx.git!.flush()
    const commits = await waitFor(() => { const c = p.git('rev-list', '--reverse', `${before}..HEAD`).split('\n').filter(Boolean); return c.length >= 3 && c }, 'three commits')
    expect(commits.map((c) => `${p.git('log', '-1', '--format=%an', c)}: ${titleAt(c, first)}`)).toEqual(['Writer: Writer one', 'admin: admin two', 'Writer: Writer three'])
    expect(p.git('status', '--porcelain', '--', 'content')).toBe('')
  })

  it('commits a title with a NUL byte and other control characters, cleaned out of the message', async () => {
    const before = head()
    const created = await s.req('/articles', { method: 'POST', json: { data: { title: 'x\u0000y' } } })
    expect(created.status).toBe(201)
    const other = await s.req('/articles', { method: 'POST', json: { data: { title: 'bell\u0007 and\nnew line\u001b[31m' } } })
    expect(other.status).toBe(201)
    await s.server.ctx.git!.flush()
    await waitForCommits(p, before, 'the batch with a NUL title')
    const message = p.git('log', '-1', '--format=%B')
    expect(message).toContain('"x y"')
    expect(message).toContain('"bell  and new line [31m"')
    expect(message).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
    expect(p.git('status', '--porcelain', '--', 'content')).toBe('')
    // A message of control characters only is no message: a 422 naming the field, not an empty commit.
    const empty = await s.req('/_admin/api/git/commit', { method: 'POST', json: { files: [], message: '\u0000\u0007 ' } })
    expect(empty.status).toBe(422)
    expect(empty.body.errors.message).toEqual(['The message field is required.'])
  })

  it('does not commit while the user\'s .git/index.lock stays, so their index never falls behind HEAD; says so', async () => {
    const lock = join(p.repo, '.git', 'index.lock')
    await writeFile(lock, '')
    try {
      const before = head()
      expect((await s.req(`/articles/${first}`, { method: 'PATCH', json: { data: { title: 'During a held lock' } } })).status).toBe(200)
      await s.server.ctx.git!.flush()
      expect(head()).toBe(before)
      const status = await s.req('/_admin/api/git/status')
      expect(status.body.last_refusal.reason).toMatch(/^git's index is locked: \.git\/index\.lock/)
      // The file is a plain unstaged modification: the user's next `git commit` reverts nothing.
      await rm(lock)
      expect(p.git('status', '--porcelain', '--', 'content')).toBe(` M ${entryPath(first)}`)
      // Once the lock is gone the change is committed on request and the user's index follows.
      const done = await s.req('/_admin/api/git/commit', { method: 'POST', json: { entries: [first], message: 'After\u0000 the lock\u001b' } })
      expect(done.status).toBe(201)
      expect(p.git('log', '-1', '--format=%B')).toBe('After the lock')
      expect(p.git('status', '--porcelain', '--', 'content')).toBe('')
    } finally {
      await rm(lock, { force: true })
    }
  })

  it('reports a stale .git/index.lock as blocked, refuses writes with the reason, and waits out a short one', async () => {
    const lock = join(p.repo, '.git', 'index.lock')
    await writeFile(lock, '')
    const old = new Date(Date.now() - 60_000)
    await utimes(lock, old, old)
    try {
      const status = await s.req('/_admin/api/git/status')
      expect(status.body.blocked).toMatch(/^git's index is locked: \.git\/index\.lock has been there for \d+ s/)
      const updated = await s.req(`/articles/${first}`, { method: 'PATCH', json: { data: { title: 'Under a stale lock' } } })
      expect(updated.status).toBe(200)
      expect(updated.headers.get('cms-git')).toMatch(/^refused; reason="git's index is locked/)
    } finally {
      await rm(lock, { force: true })
    }
    expect((await s.req('/_admin/api/git/status')).body.blocked).toBeNull()
    await s.req('/_admin/api/git/commit', { method: 'POST', json: { entries: [first], message: 'Stale lock gone' } })
    // A lock taken for a moment (a `git status` in a prompt) is waited out: committed, index followed.
    const before = head()
    await writeFile(lock, '')
    expect((await s.req(`/articles/${first}`, { method: 'PATCH', json: { data: { title: 'After a short lock' } } })).status).toBe(200)
    const flushed = s.server.ctx.git!.flush()
    setTimeout(() => { void rm(lock, { force: true }) }, 400)
    await flushed
    await waitForCommits(p, before, 'the commit after a short lock')
    expect(titleAt('HEAD', first)).toBe('After a short lock')
    expect(p.git('status', '--porcelain', '--', 'content')).toBe('')
  })
})
