import { afterEach, describe, expect, it, vi } from 'vitest'
import { readFile, writeFile, readdir, unlink, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { serializeEntry } from '../../../src/storage/codec.ts'
import type { EntryRecord } from '../../../src/core/types.ts'

let project: TempProject
let server: TestServer
afterEach(async () => {
  await server?.close()
  await project?.cleanup()
})

async function setup(): Promise<{ dir: string; files: string[] }> {
  project = await makeProject(blogTemplate())
  server = await startTestServer(project.contentDir, { watch: true })
  await (server.ctx as { watcher?: { ready: Promise<void> } }).watcher!.ready
  const dir = join(project.contentDir, 'entries', 'articles')
  return { dir, files: await readdir(dir) }
}

/** Drafts need a token with read (docs/security.md): the local admin token a running server gives CLI commands. */
const LOCAL = 'cms_local_admin_token_for_draft_reads'
const titles = async (s: TestServer, query = '?state=draft') =>
  ((await (await s.request(`/articles${query}`, { token: (s.ctx.localAdminToken = LOCAL) })).json()) as Array<{ fields: { title: string } }>).map((e) => e.fields.title).sort()

describe('watcher', () => {
  it('applies a hand edit within a second', async () => {
    const { dir, files } = await setup()
    const entries = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as EntryRecord))
    const entry = entries.find((e) => e.published)!
    const title = 'Edited by hand in an editor'
    await writeFile(join(dir, `${entry.uuid}.json`), JSON.stringify({ ...entry, fields: { ...entry.fields, title }, published: { ...entry.published, title } }, null, 2))
    await vi.waitFor(async () => expect(await titles(server, '')).toContain(title), { timeout: 1000, interval: 25 })
  })

  it('drops a deleted file and picks up an added one', async () => {
    const { dir, files } = await setup()
    const removed = JSON.parse(await readFile(join(dir, files[0]!), 'utf8')) as EntryRecord
    await unlink(join(dir, files[0]!))
    await vi.waitFor(async () => expect(await titles(server)).not.toContain(removed.fields.title), { timeout: 1000, interval: 25 })

    const uuid = randomUUID()
    const added: EntryRecord = { ...removed, uuid, fields: { ...removed.fields, title: 'A new file from git' }, published: { ...removed.fields, title: 'A new file from git' }, published_version: 1, published_at: removed.created_at }
    await writeFile(join(dir, `${uuid}.json`), serializeEntry(added))
    await vi.waitFor(async () => expect(await titles(server, '')).toContain('A new file from git'), { timeout: 1000, interval: 25 })
  })

  it('reports a file with broken JSON, keeps its last good state, and serves the rest', async () => {
    const { dir, files } = await setup()
    const before = await titles(server)
    const errors: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => { errors.push(args.join(' ')) })
    try {
      await writeFile(join(dir, files[1]!), '{ "uuid": ')
      await vi.waitFor(() => expect(server.ctx.store.problems.has(`entries/articles/${files[1]}`)).toBe(true), { timeout: 1000, interval: 25 })
      expect(errors.join('\n')).toContain(`entries/articles/${files[1]}`)
      expect(await titles(server)).toEqual(before)
      const res = await server.request('/authors')
      expect(res.status).toBe(200)
    } finally {
      spy.mockRestore()
    }
  })

  it('ignores its own writes (no reapply, no revision churn)', async () => {
    const { } = await setup()
    const store = server.ctx.store
    const index = store.collection('articles')!
    const entry = [...index.entries.values()][0]!
    const next = { ...entry, fields: { ...entry.fields, title: 'Written by the API' } }
    await store.putEntry('articles', next, 'api')
    const revision = store.revision
    // Give the watcher time to see the event; our own write must not be re-applied.
    await new Promise((r) => setTimeout(r, 300))
    expect(store.revision).toBe(revision)
    expect(index.entries.get(entry.uuid)).toBe(next)
  })

  it('ends with the index equal to the tree after a git checkout touching 300 entries', async () => {
    project = await makeProject(blogTemplate())
    const git = (...args: string[]) => execFileSync('git', args, { cwd: project.dir, stdio: 'pipe' }).toString()
    git('init', '-q', '-b', 'main')
    git('config', 'user.email', 't@example.org')
    git('config', 'user.name', 'test')
    git('add', '-A')
    git('commit', '-qm', 'base')
    git('checkout', '-qb', 'other')
    const dir = join(project.contentDir, 'entries', 'articles')
    const template = JSON.parse(await readFile(join(dir, (await readdir(dir))[0]!), 'utf8')) as EntryRecord
    for (let i = 0; i < 300; i++) {
      const uuid = randomUUID()
      const fields = { ...template.fields, title: `Branch entry ${i}`, slug: `branch-${i}` }
      await writeFile(join(dir, `${uuid}.json`), serializeEntry({ ...template, uuid, fields, published: fields, published_version: 1, published_at: template.created_at }))
    }
    git('add', '-A')
    git('commit', '-qm', 'three hundred entries')
    git('checkout', '-q', 'main')

    server = await startTestServer(project.contentDir, { watch: true })
    await (server.ctx as { watcher?: { ready: Promise<void> } }).watcher!.ready
    const index = server.ctx.store.collection('articles')!
    expect(index.entries.size).toBe(4)
    git('checkout', '-q', 'other')
    await vi.waitFor(() => expect(index.entries.size).toBe(304), { timeout: 5000, interval: 50 })
    git('checkout', '-q', 'main')
    await vi.waitFor(() => expect(index.entries.size).toBe(4), { timeout: 5000, interval: 50 })
    const onDisk = (await readdir(dir)).map((n) => n.slice(0, -5)).sort()
    expect([...index.entries.keys()].sort()).toEqual(onDisk)
    git('checkout', '-q', 'other')
    await vi.waitFor(() => expect(index.entries.size).toBe(304), { timeout: 5000, interval: 50 })
    for (const name of await readdir(dir)) {
      const text = await readFile(join(dir, name), 'utf8')
      expect(JSON.parse(serializeEntry(index.entries.get(name.slice(0, -5))!, index.collection))).toEqual(JSON.parse(text))
    }
  })

  it('picks up a new collection and its entries arriving together', async () => {
    const { } = await setup()
    const yaml = 'uuid: 6a2b7c1d-0e9f-4a8b-9c7d-1e2f3a4b5c6d\nname: Pages\nslug: pages\nis_singleton: false\nfields:\n  - name: title\n    type: text\n'
    await writeFile(join(project.contentDir, 'collections', 'pages.yaml'), yaml)
    await mkdir(join(project.contentDir, 'entries', 'pages'))
    const uuid = randomUUID()
    const at = new Date().toISOString()
    await writeFile(join(project.contentDir, 'entries', 'pages', `${uuid}.json`), JSON.stringify({ uuid, locale: 'en', created_at: at, updated_at: at, published_at: at, published_version: 1, fields: { title: 'About' }, published: { title: 'About' } }))
    await vi.waitFor(async () => {
      const res = await server.request('/pages')
      expect(res.status).toBe(200)
      expect(((await res.json()) as unknown[]).length).toBe(1)
    }, { timeout: 2000, interval: 50 })
  })
})
