import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeGitProject, waitFor, type GitProject } from './helpers.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { cms } from '../../helpers/cli.ts'

/** The endpoints behind the editor's Changes screen, on a real repository, auto-commit off. */
let p: GitProject
let server: TestServer
let token: string
let readToken: string
let first: string
const req = async (path: string, init: { method?: string; json?: unknown; token?: string } = {}) => {
  const res = await server.request(path, { method: init.method ?? 'GET', token: init.token ?? token, ...(init.json !== undefined ? { json: init.json } : {}) })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

beforeAll(async () => {
  p = await makeGitProject()
  server = await startTestServer(p.contentDir, { watch: true })
  ;({ token } = await createToken(server.ctx.store, { name: 'Editor One', abilities: ['*'] }))
  ;({ token: readToken } = await createToken(server.ctx.store, { name: 'reader', abilities: ['read'] }))
  await server.ctx.store.flush()
  p.git('add', '-A')
  p.git('commit', '-q', '-m', 'tokens')
  first = [...server.ctx.store.collection('articles')!.entries.keys()][0]!
})
afterAll(async () => {
  await server.close()
  await p.cleanup()
})

describe('git admin endpoints (/_admin/api/git/...)', () => {
  it('need the admin ability and a token', async () => {
    expect((await server.request('/_admin/api/git/status')).status).toBe(401)
    expect((await req('/_admin/api/git/status', { token: readToken })).status).toBe(403)
  })

  it('list what is saved but not committed, per entry and field as `cms diff` renders it', async () => {
    const updated = await req(`/articles/${first}`, { method: 'PATCH', json: { data: { title: 'First post, edited' } } })
    expect(updated.status).toBe(200)
    const { status, body } = await req('/_admin/api/git/status')
    expect(status).toBe(200)
    expect(body.branch).toBe('main')
    expect(body.auto_commit).toBe(false)
    expect(body.files).toEqual([{ path: `entries/articles/${first}.json`, status: 'modified', entry: first, collection: 'articles' }])
    const entry = body.report.collections[0].entries[0]
    expect(entry).toMatchObject({ uuid: first, status: 'changed', live: 'draft-only' })
    // Raw values for tools, and the field's label and values as a person reads them (issue 24).
    expect(entry.draft).toEqual([expect.objectContaining({ field: 'title', before: 'First post', after: 'First post, edited', label: 'Title', before_text: 'First post', after_text: 'First post, edited' })])
    expect(body.markdown).toContain('First post, edited')
    expect(body.text).toContain('Title: First post → First post, edited')
  })

  it('commit the chosen changes only, with the message and the caller as author', async () => {
    const other = await req('/articles', { method: 'POST', json: { data: { title: 'Left out' } } })
    const before = p.git('rev-parse', 'HEAD')
    const bad = await req('/_admin/api/git/commit', { method: 'POST', json: { entries: [first] } })
    expect(bad.status).toBe(422)
    const notChanged = await req('/_admin/api/git/commit', { method: 'POST', json: { files: ['project.yaml'], message: 'x' } })
    expect(notChanged.status).toBe(422)
    const done = await req('/_admin/api/git/commit', { method: 'POST', json: { entries: [first], message: 'Fix the first title' } })
    expect(done.status).toBe(201)
    expect(done.body.files).toEqual([`entries/articles/${first}.json`])
    expect(p.git('rev-parse', 'HEAD^')).toBe(before)
    expect(p.git('show', '--name-only', '--format=%an|%s', 'HEAD').split('\n').filter(Boolean)).toEqual(['Editor One|Fix the first title', `content/entries/articles/${first}.json`])
    const after = await req('/_admin/api/git/status')
    expect(after.body.files.map((f: { entry: string }) => f.entry)).toEqual([other.body.data.uuid])
    expect(p.git('status', '--porcelain', '--', `content/entries/articles/${first}.json`)).toBe('')
  })

  it('discard a change: restore the file from HEAD and serve the old content at once', async () => {
    const file = join(p.contentDir, 'entries', 'articles', `${first}.json`)
    const committed = readFileSync(file, 'utf8')
    await req(`/articles/${first}`, { method: 'PATCH', json: { data: { title: 'Unwanted edit' } } })
    expect(readFileSync(file, 'utf8')).not.toBe(committed)
    const discarded = await req('/_admin/api/git/discard', { method: 'POST', json: { files: [`entries/articles/${first}.json`] } })
    expect(discarded.status).toBe(200)
    expect(readFileSync(file, 'utf8')).toBe(committed)
    expect(server.ctx.store.collection('articles')!.entries.get(first)!.fields.title).toBe('First post, edited')
    // A new entry is removed by a discard.
    const status = await req('/_admin/api/git/status')
    const added = status.body.files.find((f: { status: string }) => f.status === 'added')
    await req('/_admin/api/git/discard', { method: 'POST', json: { entries: [added.entry] } })
    expect((await req('/_admin/api/git/status')).body.files).toEqual([])
    expect(server.ctx.store.findEntry(added.entry)).toBeUndefined()
  })

  it('leave out the folders a removal sets aside for a moment: they are never content', async () => {
    const aside = [join(p.contentDir, 'versions', '.removing', `articles.${first}`), join(p.contentDir, 'assets', '.removing', first)]
    for (const dir of aside) {
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, '1.json'), '{}\n')
    }
    try {
      expect((await req('/_admin/api/git/status')).body.files).toEqual([])
    } finally {
      for (const dir of aside) rmSync(dir, { recursive: true, force: true })
    }
  })

  it('show the branch, create and switch content branches, and compare with main as the pull request would', async () => {
    expect((await req('/_admin/api/git/branch')).body).toMatchObject({ branch: 'main', blocked: null })
    expect((await req('/_admin/api/git/branches', { method: 'POST', json: { name: '../bad' } })).status).toBe(422)
    const created = await req('/_admin/api/git/branches', { method: 'POST', json: { name: 'content/spring', switch: true } })
    expect(created.status).toBe(201)
    expect(p.git('symbolic-ref', '--short', 'HEAD')).toBe('content/spring')
    const list = await req('/_admin/api/git/branches')
    expect(list.body.current).toBe('content/spring')
    expect(list.body.branches.map((b: { name: string }) => b.name).sort()).toEqual(['content/spring', 'main'])

    const spring = await req('/articles', { method: 'POST', json: { data: { title: 'Spring sale' } } })
    const springCommit = await req('/_admin/api/git/commit', { method: 'POST', json: { entries: [spring.body.data.uuid], message: 'Spring sale' } })
    expect(springCommit.body).toMatchObject({ branch: 'content/spring' })
    const compare = await req('/_admin/api/git/compare?base=main')
    expect(compare.status).toBe(200)
    expect(compare.body.markdown).toContain('## Content changes')
    expect(compare.body.markdown).toContain('Spring sale')
    expect(compare.body.report.summary.added).toBe(1)

    const back = await req('/_admin/api/git/switch', { method: 'POST', json: { branch: 'main' } })
    expect(back.body).toMatchObject({ branch: 'main' })
    // The watcher applies the other branch's files live.
    await waitFor(() => !server.ctx.store.findEntry(spring.body.data.uuid), 'the watcher to apply main')
    expect((await req(`/articles/${spring.body.data.uuid}?state=draft`)).status).toBe(404)
  }, 30_000)
})

describe('cms git status', () => {
  it('lists what is saved but not committed', async () => {
    await waitFor(() => p.git('symbolic-ref', '--short', 'HEAD') === 'main', 'main')
    await req(`/articles/${first}`, { method: 'PATCH', json: { data: { title: 'CLI sees this' } } })
    const out = await cms(['git', 'status', '--dir', p.contentDir])
    expect(out.code).toBe(0)
    expect(out.stdout).toContain('On branch main')
    expect(out.stdout).toContain(`M entries/articles/${first}.json`)
    expect(out.stdout).toContain('Title: First post, edited → CLI sees this')
    const json = await cms(['git', 'status', '--dir', p.contentDir, '--json'])
    expect(JSON.parse(json.stdout).files).toHaveLength(1)
  })
})
