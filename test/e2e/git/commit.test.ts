import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { makeGitProject, startGitServer, waitFor, waitForCommits, filesOf, type GitProject, type GitServer } from './helpers.ts'
import { createContext } from '../../../src/context.ts'
import { loadConfig } from '../../../src/config.ts'
import { makeProject } from '../../helpers/project.ts'
import { template } from './helpers.ts'
import { cms } from '../../helpers/cli.ts'
import { form, makePng } from '../assets/helpers.ts'

let p: GitProject
let s: GitServer | undefined
afterEach(async () => {
  await s?.server.close()
  s = undefined
  await p?.cleanup()
})

const head = () => p.git('rev-parse', 'HEAD')
const entryFiles = (uuid: string) => {
  const out = p.git('ls-files', '--others', '--modified', '--deleted', '--exclude-standard', '--', 'content')
  return out.split('\n').filter((l) => l.includes(uuid))
}

describe('saving to git: each write is one commit with exactly its files', () => {
  it('commits an API create, a publish and a delete, each alone, by the token\'s author', async () => {
    p = await makeGitProject()
    s = await startGitServer(p)
    let before = head()
    const created = await s.req('/articles', { method: 'POST', json: { data: { title: 'Hello world', body: 'Body one.' } } })
    expect(created.status).toBe(201)
    expect(created.headers.get('cms-git')).toBe('pending')
    const uuid = created.body.data.uuid as string
    // Saved on disk before the answer, committed after the window.
    expect(existsSync(join(p.contentDir, 'entries', 'articles', `${uuid}.json`))).toBe(true)
    const changedByCreate = entryFiles(uuid)
    expect(changedByCreate.length).toBeGreaterThan(0)
    let commits = await waitForCommits(p, before, 'the create commit')
    await s.server.ctx.git!.flush()
    commits = p.git('rev-list', '--reverse', `${before}..HEAD`).split('\n')
    expect(commits).toHaveLength(1)
    expect(filesOf(p, commits[0]!)).toEqual(changedByCreate.map((f) => `A ${f}`).sort())
    expect(p.git('log', '-1', '--format=%an <%ae>|%cn <%ce>|%s')).toBe('Ada Lovelace <ada-lovelace@cms.local>|Local User <local@example.com>|content: create articles "Hello world" (en)')

    before = head()
    const published = await s.req(`/articles/${uuid}/publish`, { method: 'POST' })
    expect(published.status).toBe(200)
    const changedByPublish = entryFiles(uuid)
    commits = await waitForCommits(p, before, 'the publish commit')
    await s.server.ctx.git!.flush()
    commits = p.git('rev-list', '--reverse', `${before}..HEAD`).split('\n')
    expect(commits).toHaveLength(1)
    const publishFiles = filesOf(p, commits[0]!)
    expect(publishFiles.map((l) => l.slice(2)).sort()).toEqual(changedByPublish.sort())
    expect(publishFiles.some((l) => /^A content\/versions\/articles\/.+\/1\.json$/.test(l))).toBe(true)
    expect(p.git('log', '-1', '--format=%s')).toBe('content: publish articles "Hello world" (en, v1)')

    before = head()
    const tracked = p.git('ls-files', '--', 'content').split('\n').filter((l) => l.includes(uuid)).sort()
    const deleted = await s.req(`/articles/${uuid}?force=1`, { method: 'DELETE' })
    expect(deleted.status).toBeLessThan(300)
    commits = await waitForCommits(p, before, 'the delete commit')
    await s.server.ctx.git!.flush()
    commits = p.git('rev-list', '--reverse', `${before}..HEAD`).split('\n')
    expect(commits).toHaveLength(1)
    expect(filesOf(p, commits[0]!)).toEqual(tracked.map((f) => `D ${f}`).sort())
    expect(p.git('log', '-1', '--format=%s')).toBe('content: delete articles "Hello world" (en)')
    expect(p.git('status', '--porcelain', '--', 'content')).toBe('')
  })

  it('commits an upload with its stored file, and its removal', async () => {
    p = await makeGitProject()
    s = await startGitServer(p)
    let before = head()
    const res = await s.server.request('/files', { method: 'POST', token: s.token, body: form([{ name: 'dot.png', bytes: makePng(2, 2) }]) })
    expect(res.status).toBe(201)
    expect(res.headers.get('cms-git')).toBe('pending')
    const uuid = ((await res.json()) as { uuid: string }).uuid
    let [commit] = await waitForCommits(p, before)
    expect(filesOf(p, commit!)).toEqual([`A content/assets/${uuid}.yaml`, `A content/assets/${uuid}/dot.png`])
    expect(p.git('log', '-1', '--format=%s')).toBe('content: upload asset "dot.png"')
    before = head()
    const removed = await s.req(`/files/${uuid}?force=1`, { method: 'DELETE' })
    expect(removed.status).toBeLessThan(300)
    ;[commit] = await waitForCommits(p, before)
    expect(filesOf(p, commit!)).toEqual(expect.arrayContaining([`D content/assets/${uuid}.yaml`]))
  })

  it('leaves the user\'s staged and unstaged changes exactly as they were', async () => {
    p = await makeGitProject()
    await mkdir(join(p.repo, 'docs'))
    await writeFile(join(p.repo, 'docs', 'notes.md'), 'staged by the user\n')
    p.git('add', 'docs/notes.md')
    await writeFile(join(p.repo, 'README.md'), '# site\n\nedited, not staged\n')
    const stagedBlob = p.git('ls-files', '-s', 'docs/notes.md')
    s = await startGitServer(p)
    const before = head()
    const created = await s.req('/articles', { method: 'POST', json: { data: { title: 'Beside the user' } } })
    expect(created.status).toBe(201)
    const [commit] = await waitForCommits(p, before)
    await s.server.ctx.git!.flush()
    expect(filesOf(p, commit!).every((l) => l.startsWith('A content/'))).toBe(true)
    expect(p.git('diff', '--cached', '--name-status')).toBe('A\tdocs/notes.md')
    expect(p.git('ls-files', '-s', 'docs/notes.md')).toBe(stagedBlob)
    expect(p.git('diff', '--name-only')).toBe('README.md')
    expect(readFileSync(join(p.repo, 'README.md'), 'utf8')).toBe('# site\n\nedited, not staged\n')
    expect(p.git('status', '--porcelain', '--', 'content')).toBe('')
  })

  it('keeps what the user staged of a content file that an API write then commits', async () => {
    p = await makeGitProject()
    const rel = p.git('ls-files', 'content/entries/articles')
    const file = join(p.repo, rel)
    const uuid = rel.slice(rel.lastIndexOf('/') + 1, -'.json'.length)
    await writeFile(file, readFileSync(file, 'utf8').replace('"First post"', '"Staged by hand"'))
    p.git('add', rel)
    const stagedBlob = p.git('ls-files', '-s', rel)
    s = await startGitServer(p)
    const before = head()
    expect((await s.req(`/articles/${uuid}`, { method: 'PATCH', json: { data: { body: 'From the API' } } })).status).toBe(200)
    const [commit] = await waitForCommits(p, before)
    expect(filesOf(p, commit!)).toEqual([`M ${rel}`])
    await s.server.ctx.git!.flush()
    expect(p.git('ls-files', '-s', rel)).toBe(stagedBlob)
  })

  it('puts 50 concurrent creates by one token into one commit (or a few) and leaves content/ clean', async () => {
    p = await makeGitProject()
    s = await startGitServer(p, { CMS_GIT_WINDOW_MS: '1000' })
    const before = head()
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => s!.req('/articles', { method: 'POST', json: { data: { title: `Burst ${i}` } } })))
    expect(answers.every((a) => a.status === 201 && a.headers.get('cms-git') === 'pending')).toBe(true)
    const uuids = answers.map((a) => a.body.data.uuid as string)
    await waitFor(() => p.git('status', '--porcelain', '--', 'content') === '', 'content/ to be committed')
    const commits = p.git('rev-list', `${before}..HEAD`).split('\n')
    expect(commits.length).toBeGreaterThanOrEqual(1)
    expect(commits.length).toBeLessThanOrEqual(3)
    const added = commits.flatMap((c) => filesOf(p, c)).filter((l) => /^A content\/entries\/articles\//.test(l))
    expect(added).toHaveLength(50)
    for (const uuid of uuids) expect(added.some((l) => l.includes(uuid))).toBe(true)
    if (commits.length === 1) expect(p.git('log', '-1', '--format=%s')).toBe('content: create 50 articles entries')
  })

  it('saves a write made during a rebase, does not commit it, and says so', async () => {
    p = await makeGitProject()
    // A real rebase stopped on a conflict: README.md changed on both sides.
    p.git('switch', '-q', '-c', 'topic')
    await writeFile(join(p.repo, 'README.md'), '# topic\n')
    p.git('commit', '-q', '-am', 'topic readme')
    p.git('switch', '-q', 'main')
    await writeFile(join(p.repo, 'README.md'), '# main\n')
    p.git('commit', '-q', '-am', 'main readme')
    p.git('switch', '-q', 'topic')
    try { p.git('rebase', 'main') } catch { /* stops on the conflict, as intended */ }
    expect(existsSync(join(p.repo, '.git', 'rebase-merge')) || existsSync(join(p.repo, '.git', 'rebase-apply'))).toBe(true)
    s = await startGitServer(p)
    const before = head()
    const created = await s.req('/articles', { method: 'POST', json: { data: { title: 'During rebase' } } })
    expect(created.status).toBe(201)
    expect(created.headers.get('cms-git')).toBe('refused; reason="rebase in progress"')
    const uuid = created.body.data.uuid as string
    expect(existsSync(join(p.contentDir, 'entries', 'articles', `${uuid}.json`))).toBe(true)
    // Nothing was queued to be retried later, and HEAD did not move.
    expect(s.server.ctx.git!.pendingFiles).toBe(0)
    await s.server.ctx.git!.flush()
    expect(head()).toBe(before)
    const status = await s.req('/_admin/api/git/status')
    expect(status.status).toBe(200)
    expect(status.body.blocked).toBe('rebase in progress')
    expect(status.body.files.some((f: { path: string; status: string }) => f.path === `entries/articles/${uuid}.json` && f.status === 'added')).toBe(true)
    expect(status.body.last_refusal.reason).toBe('rebase in progress')
  })

  it('commits a content root that sits in a subfolder of the repository', async () => {
    p = await makeGitProject({ subdir: 'sites/blog' })
    s = await startGitServer(p)
    const before = head()
    const created = await s.req('/articles', { method: 'POST', json: { data: { title: 'Deep down' } } })
    const uuid = created.body.data.uuid as string
    const [commit] = await waitForCommits(p, before)
    expect(filesOf(p, commit!)).toContain(`A sites/blog/content/entries/articles/${uuid}.json`)
    await s.server.ctx.git!.flush()
    expect(p.git('status', '--porcelain')).toBe('')
  })

  it('fills the message template and names the author with the configured domain', async () => {
    p = await makeGitProject()
    s = await startGitServer(p, { CMS_GIT_MESSAGE: 'cms: {summary} [skip ci]\\n\\nSaved-by: {author}', CMS_GIT_EMAIL_DOMAIN: 'editors.example.org' }, 'Grace Hopper')
    const before = head()
    await s.req('/articles', { method: 'POST', json: { data: { title: 'Templated' } } })
    await waitForCommits(p, before)
    expect(p.git('log', '-1', '--format=%B').trim()).toBe('cms: create articles "Templated" (en) [skip ci]\n\nSaved-by: Grace Hopper')
    expect(p.git('log', '-1', '--format=%an <%ae>')).toBe('Grace Hopper <grace-hopper@editors.example.org>')
    expect(p.git('log', '-1', '--format=%cn')).toBe('Local User')
  })

  it('makes waiting commits on shutdown', async () => {
    p = await makeGitProject()
    s = await startGitServer(p, { CMS_GIT_WINDOW_MS: '600000' })
    const before = head()
    const created = await s.req('/articles', { method: 'POST', json: { data: { title: 'Before exit' } } })
    expect(s.server.ctx.git!.pendingFiles).toBeGreaterThan(0)
    await s.server.close()
    s = undefined
    expect(p.git('rev-list', '--count', `${before}..HEAD`)).toBe('1')
    expect(p.git('show', '--name-only', '--format=', 'HEAD')).toContain(created.body.data.uuid)
  })

  it('builds on a commit the user made meanwhile, even one touching the same entry', async () => {
    p = await makeGitProject()
    s = await startGitServer(p)
    let before = head()
    const created = await s.req('/articles', { method: 'POST', json: { data: { title: 'Shared' } } })
    const uuid = created.body.data.uuid as string
    await waitForCommits(p, before)
    await s.server.ctx.git!.flush()
    // The user edits and commits by hand: HEAD moves past what the private index last saw.
    const file = join(p.contentDir, 'entries', 'articles', `${uuid}.json`)
    await writeFile(join(p.repo, 'README.md'), '# by hand\n')
    await writeFile(file, readFileSync(file, 'utf8').replace('"Shared"', '"Shared by hand"'))
    p.git('commit', '-q', '-am', 'by hand')
    const mine = head()
    before = mine
    const updated = await s.req(`/articles/${uuid}`, { method: 'PATCH', json: { data: { body: 'Added over the API' } } })
    expect(updated.status).toBe(200)
    const [commit] = await waitForCommits(p, before)
    expect(p.git('rev-parse', `${commit}^`)).toBe(mine)
    expect(p.git('show', 'HEAD:README.md')).toBe('# by hand')
    expect(filesOf(p, commit!)).toEqual([`M content/entries/articles/${uuid}.json`])
  })

  it('reports a failing pre-commit hook and leaves the write saved and uncommitted', async () => {
    p = await makeGitProject()
    await writeFile(join(p.repo, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\necho "content is frozen" >&2\nexit 1\n', { mode: 0o755 })
    s = await startGitServer(p)
    const before = head()
    const created = await s.req('/articles', { method: 'POST', json: { data: { title: 'Frozen' } } })
    expect(created.status).toBe(201)
    expect(created.headers.get('cms-git')).toBe('pending')
    const refusal = await waitFor(() => s!.server.ctx.git!.lastRefusal, 'the refusal')
    expect(refusal.reason).toBe('pre-commit hook failed: content is frozen')
    expect(head()).toBe(before)
    expect(p.git('status', '--porcelain', '--', 'content')).toContain(created.body.data.uuid)
  })

  it('keeps one request\'s writes in one commit even when the request outlasts the window', async () => {
    p = await makeGitProject()
    // A 1 ms window: a publish's two writes (its version, then the entry, each fsynced) span more.
    s = await startGitServer(p, { CMS_GIT_WINDOW_MS: '1' })
    const created = await s.req('/articles', { method: 'POST', json: { data: { title: 'Window', body: 'B.' } } })
    expect(created.status).toBe(201)
    const uuid = created.body.data.uuid as string
    await s.server.ctx.git!.flush()
    for (let round = 0; round < 5; round++) {
      const before = head()
      const published = await s.req(`/articles/${uuid}/${round % 2 === 0 ? 'publish' : 'unpublish'}`, { method: 'POST' })
      expect(published.status).toBe(200)
      await s.server.ctx.git!.flush()
      const commits = p.git('rev-list', `${before}..HEAD`).split('\n').filter(Boolean)
      expect(commits, `round ${round}`).toHaveLength(1)
    }
  })

  it('commits direct CLI writes when CMS_GIT_COMMIT=1, as the local git identity', async () => {
    p = await makeGitProject()
    const before = head()
    const out = await cms(['entry', 'create', 'articles', '--dir', p.contentDir, '--data', '{"title":"From the CLI"}', '--json'], { env: { CMS_GIT_COMMIT: '1' } })
    expect(out.code).toBe(0)
    const uuid = JSON.parse(out.stdout).uuid as string
    // The command exits only after its commit is made.
    expect(p.git('rev-list', '--count', `${before}..HEAD`)).toBe('1')
    expect(p.git('log', '-1', '--format=%an|%s')).toBe('Local User|content: create articles "From the CLI" (en)')
    expect(p.git('show', '--name-only', '--format=', 'HEAD')).toContain(uuid)
  })

  it('commits what `cms fmt` and `cms import --force` rewrote when CMS_GIT_COMMIT=1, and leaves other changes alone', async () => {
    p = await makeGitProject()
    const entryDir = join(p.contentDir, 'entries', 'articles')
    const [name] = (await readdir(entryDir)).filter((n) => n.endsWith('.json'))
    const entryFile = join(entryDir, name!)
    // A hand edit that is not canonical (minified), committed by hand; then an unrelated change.
    await writeFile(entryFile, JSON.stringify(JSON.parse(await readFile(entryFile, 'utf8'))))
    p.git('commit', '-q', '-am', 'hand edit')
    await writeFile(join(p.repo, 'README.md'), '# site, edited\n')
    const before = head()
    const fmt = await cms(['fmt', '--dir', p.contentDir], { env: { CMS_GIT_COMMIT: '1' } })
    expect(fmt.code).toBe(0)
    expect(fmt.stderr).toMatch(/git: committed [0-9a-f]{7} on main/)
    expect(p.git('rev-list', '--count', `${before}..HEAD`)).toBe('1')
    expect(p.git('log', '-1', '--format=%s')).toBe('content: format 1 file (cms fmt)')
    expect(p.git('show', '--name-only', '--format=', 'HEAD')).toBe(`content/entries/articles/${name}`)
    expect(p.git('status', '--porcelain')).toBe(' M README.md')

    const imported = await cms(['import', join(import.meta.dirname, '..', '..', 'fixtures', 'blog-template.json'), '--dir', p.contentDir, '--force'], { env: { CMS_GIT_COMMIT: '1' } })
    expect(imported.code, imported.stderr).toBe(0)
    expect(p.git('log', '-1', '--format=%s')).toMatch(/^content: import \d+ entr(y|ies) in \d+ collections? \(cms import\)$/)
    // The whole content root is committed as imported; nothing outside it.
    expect(p.git('status', '--porcelain', '--', 'content')).toBe('')
    expect(p.git('status', '--porcelain')).toBe(' M README.md')
    expect(p.git('show', '--name-only', '--format=', 'HEAD').split('\n').every((f) => f.startsWith('content/'))).toBe(true)
  })

  it('refuses to start when the content root is not in a git work tree', async () => {
    const plain = await makeProject(template)
    try {
      const config = loadConfig({ dir: plain.contentDir, env: { CMS_GIT_COMMIT: '1' } })
      await expect(createContext({ config })).rejects.toThrow(/is not inside a git work tree/)
      // Without the switch nothing is said and nothing committed.
      const ctx = await createContext({ config: loadConfig({ dir: plain.contentDir, env: {} }) })
      expect(ctx.git).toBeUndefined()
      await ctx.close()
    } finally {
      await plain.cleanup()
    }
  })
})
