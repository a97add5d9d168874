import { afterEach, describe, expect, it, vi } from 'vitest'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

/**
 * Issue 12, defect 2: the watcher recognises the echo of the server's own writes by the
 * write's identity, once; bytes the server wrote earlier that come back through git are
 * applied like any other external change.
 */
let project: TempProject
let server: TestServer
let token: string
afterEach(async () => {
  await server?.close()
  await project?.cleanup()
})

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: project.dir, encoding: 'utf8' }).trim()
const commit = (message: string) => { git('add', '-A', 'content'); git('commit', '-q', '-m', message) }

async function setup(): Promise<void> {
  project = await makeProject(blogTemplate())
  server = await startTestServer(project.contentDir, { watch: true })
  await (server.ctx as { watcher?: { ready: Promise<void> } }).watcher!.ready
  // The token (content/tokens.yaml) is in the first commit, so every branch the tests check out keeps it.
  token = (await createToken(server.ctx.store, { name: 'writer', abilities: ['read', 'create', 'update'] })).token
  git('init', '-q', '-b', 'main', '.')
  commit('initial content')
}

/** Saves a file the way most editors do: a new file renamed over the old one. */
const editByHand = async (file: string, text: string) => {
  const temp = join(dirname(file), `.${basename(file)}.swp`)
  await writeFile(temp, text)
  await rename(temp, file)
}

const api = async (path: string, init: { method?: string; json?: unknown } = {}) => {
  const res = await server.request(path, { method: init.method ?? 'GET', token, ...(init.json !== undefined ? { json: init.json } : {}) })
  return { status: res.status, body: (await res.json()) as any }
}
const titleOf = async (uuid: string) => { const { body } = await api(`/articles/${uuid}?state=draft`); return (body?.data ?? body)?.fields?.title as string | undefined }

describe('own-write recognition (issue 12, defect 2)', () => {
  it('an entry created by the API comes back after `git checkout` to a branch without it and back', async () => {
    await setup()
    git('checkout', '-q', '-b', 'feature')
    const created = await api('/articles', { method: 'POST', json: { data: { title: 'Only on the feature branch', slug: 'feature-only' } } })
    expect(created.status).toBe(201)
    const uuid = created.body.data.uuid as string
    commit('add an entry on feature')

    git('checkout', '-q', 'main')
    await vi.waitFor(async () => expect((await api(`/articles/${uuid}?state=draft`)).status).toBe(404), { timeout: 20_000, interval: 50 })

    git('checkout', '-q', 'feature')
    await vi.waitFor(async () => expect(await titleOf(uuid)).toBe('Only on the feature branch'), { timeout: 20_000, interval: 50 })
  })

  it('`git restore` of a hand-edited entry is served, and the next PATCH keeps the restored text', async () => {
    await setup()
    const created = await api('/articles', { method: 'POST', json: { data: { title: 'Written by the API', slug: 'restored' } } })
    const uuid = created.body.data.uuid as string
    commit('the entry as the API wrote it')
    const file = join(project.contentDir, 'entries', 'articles', `${uuid}.json`)
    const committed = await readFile(file, 'utf8')

    await editByHand(file, committed.replace('Written by the API', 'A hand edit, soon undone'))
    await vi.waitFor(async () => expect(await titleOf(uuid)).toBe('A hand edit, soon undone'), { timeout: 20_000, interval: 50 })

    git('restore', 'content')
    expect(await readFile(file, 'utf8')).toBe(committed)
    await vi.waitFor(async () => expect(await titleOf(uuid)).toBe('Written by the API'), { timeout: 20_000, interval: 50 })

    const patched = await api(`/articles/${uuid}`, { method: 'PATCH', json: { data: { slug: 'restored-and-patched' } } })
    expect(patched.status).toBe(200)
    const onDisk = JSON.parse(await readFile(file, 'utf8'))
    expect(onDisk.fields).toMatchObject({ title: 'Written by the API', slug: 'restored-and-patched' })
  })

  // Retried: in the full suite (never alone, nor under CPU load) the restore was once not seen
  // within 20 s; an open watcher investigation (a lost chokidar add after git's unlink?), noted
  // on issue 8. A retry still fails if the restore is never applied.
  it('a collection file restored by git to bytes the server wrote is applied again', async () => {
    await setup()
    const res = await api('/collections/articles', { method: 'GET' })
    expect(res.status).toBe(200)
    const file = join(project.contentDir, 'collections', 'articles.yaml')
    // The server writes the collection (a rename of its display name), and the result is committed.
    const admin = (await createToken(server.ctx.store, { name: 'admin', abilities: ['admin', 'read'] })).token
    const put = await server.request('/collections/articles', { method: 'PUT', token: admin, json: { name: 'Posts by the API' } })
    expect(put.status).toBe(200)
    commit('renamed by the API')
    const committed = await readFile(file, 'utf8')

    await editByHand(file, committed.replace('Posts by the API', 'Posts by hand'))
    await vi.waitFor(() => expect(server.ctx.store.collection('articles')!.collection.name).toBe('Posts by hand'), { timeout: 20_000, interval: 50 })
    git('restore', 'content')
    await vi.waitFor(() => expect(server.ctx.store.collection('articles')!.collection.name).toBe('Posts by the API'), { timeout: 20_000, interval: 50 })
  })
})
