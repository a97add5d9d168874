import { afterEach, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { cms, serve, type ServeProcess } from '../../helpers/cli.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { ContentStore } from '../../../src/storage/store.ts'
import { serializeYaml } from '../../../src/storage/codec.ts'
import { collectionDocument } from '../../../src/storage/records.ts'
import type { Collection } from '../../../src/core/types.ts'
import { entryFiles, manyArticles } from '../../helpers/many-articles.ts'

/**
 * Issue 12, defect 1: a collection rename copied entries while other requests kept writing
 * (acknowledged PATCHes lost, a force-deleted entry back), a SIGKILL in the middle left two
 * collections with one uuid, and field rename/delete held the event loop for seconds.
 */
let project: TempProject | undefined
let server: TestServer | undefined
let child: ServeProcess | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
  if (child && child.child.exitCode === null) {
    child.child.kill('SIGKILL')
    await child.exited
  }
  child = undefined
  await project?.cleanup()
  project = undefined
})

type Json = Record<string, any>
const uuidsOf = async (dir: string, slug = 'articles') => (await entryFiles(dir, slug)).map((e) => e.uuid).sort()

async function tokens(s: TestServer): Promise<{ admin: string; writer: string }> {
  const admin = (await createToken(s.ctx.store, { name: 'admin', abilities: ['admin', 'read'] })).token
  const writer = (await createToken(s.ctx.store, { name: 'writer', abilities: ['read', 'update', 'delete'] })).token
  return { admin, writer }
}

describe('schema changes that rewrite many files', { timeout: 120_000 }, () => {
  it('writes acknowledged during a collection rename are kept, and a force-deleted entry stays deleted', async () => {
    project = await makeProject(manyArticles(1000))
    const all = await uuidsOf(project.contentDir)
    server = await startTestServer(project.contentDir, { watch: true })
    await (server.ctx as { watcher?: { ready: Promise<void> } }).watcher!.ready
    const { admin, writer } = await tokens(server)
    const s = server

    const acked = new Map<string, string>()
    const deleted = new Set<string>()
    const statuses = new Map<number, number>()
    let renaming = true
    const rename = s.request('/collections/articles', { method: 'PUT', token: admin, json: { slug: 'posts' } })
      .finally(() => { renaming = false })
    // Four writers, each owning its own entries, so per entry the acknowledged order is the real order.
    const writers = [0, 1, 2, 3].map(async (w) => {
      const mine = all.filter((_, i) => i % 4 === w)
      for (let seq = 0; renaming || seq < 8; seq++) {
        const uuid = mine[seq % mine.length]!
        const slug = seq % 2 === 0 ? 'articles' : 'posts'
        if (seq % 7 === 3 && !deleted.has(uuid)) {
          const r = await s.request(`/${slug}/${uuid}?force=1`, { method: 'DELETE', token: writer })
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
          if (r.status === 200) { deleted.add(uuid); acked.delete(uuid) }
          continue
        }
        if (deleted.has(uuid)) continue
        const title = `writer ${w} seq ${seq}`
        const r = await s.request(`/${slug}/${uuid}`, { method: 'PATCH', token: writer, json: { data: { title } } })
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
        if (r.status === 200) acked.set(uuid, title)
        else {
          const body = (await r.json()) as { message: string }
          if (r.status === 409) expect(body.message).toMatch(/locked while it is being renamed/)
        }
      }
    })
    const renamed = await rename
    await Promise.all(writers)
    expect(renamed.status).toBe(200)
    expect(acked.size).toBeGreaterThan(0)
    // Refused writes are a clear 409 (collection locked) or 404 (no such collection now), never a 500.
    for (const status of statuses.keys()) expect([200, 404, 409]).toContain(status)

    const check = async (t: TestServer) => {
      const collections = (await (await t.request("/collections", { token: admin })).json()) as Json[]
      expect(collections.map((c) => c.slug).sort()).toEqual(['authors', 'notes', 'posts'])
      for (const [uuid, title] of acked) {
        const r = await t.request(`/posts/${uuid}?state=draft`, { token: writer })
        expect(r.status, uuid).toBe(200)
        expect(((await r.json()) as Json).data.fields.title, uuid).toBe(title)
      }
      for (const uuid of deleted) expect((await t.request(`/posts/${uuid}?state=draft`, { token: writer })).status, uuid).toBe(404)
    }
    await check(s)
    await s.close()
    server = undefined
    // And on disk: what a restart reads.
    const files = await entryFiles(project.contentDir, 'posts')
    expect(files.length).toBe(all.length - deleted.size)
    for (const f of files) if (acked.has(f.uuid)) expect(f.fields.title).toBe(acked.get(f.uuid))
    expect(existsSync(join(project.contentDir, 'entries', 'articles'))).toBe(false)
    server = await startTestServer(project.contentDir)
    await check(server)
  })

  it('field rename and removal on 800 entries let other requests run between slices, and lose no write', async () => {
    project = await makeProject(manyArticles(800))
    server = await startTestServer(project.contentDir, { watch: true })
    const { admin, writer } = await tokens(server)
    const s = server
    const index = s.ctx.store.collection('articles')!
    const uuids = [...index.entries.keys()]
    const excerpt = index.collection.fields.find((f) => f.name === 'excerpt')!

    /** Runs `change` while reading and writing; counts responses that arrived with the rewrite half done. */
    async function during(change: () => Promise<Response>, halfDone: () => boolean): Promise<{ status: number; servedMidway: number; acked: Map<string, string> }> {
      let running = true
      let servedMidway = 0
      const acked = new Map<string, string>()
      const pending = change().finally(() => { running = false })
      const readers = [0, 1].map(async (r) => {
        for (let i = 0; running; i++) {
          const res = await s.request(`/articles/${uuids[(i * 7 + r) % uuids.length]}?state=draft`, { token: writer })
          expect(res.status).toBe(200)
          await res.arrayBuffer()
          if (halfDone()) servedMidway++
        }
      })
      const writing = (async () => {
        for (let i = 0; running; i++) {
          const uuid = uuids[(i * 13) % uuids.length]!
          const title = `during ${i}`
          const res = await s.request(`/articles/${uuid}`, { method: 'PATCH', token: writer, json: { data: { title } } })
          expect([200, 409]).toContain(res.status)
          if (res.status === 200) acked.set(uuid, title)
        }
      })()
      const res = await pending
      await Promise.all([...readers, writing])
      return { status: res.status, servedMidway, acked }
    }
    const count = (name: string) => { let n = 0; for (const e of index.entries.values()) if (Object.hasOwn(e.fields, name)) n++; return n }

    const renamed = await during(
      () => s.request(`/collections/articles/fields/${excerpt.uuid}`, { method: 'PUT', token: admin, json: { name: 'summary' } }),
      () => { const n = count('summary'); return n > 0 && n < uuids.length },
    )
    expect(renamed.status).toBe(200)
    expect(renamed.servedMidway).toBeGreaterThan(0)
    let files = await entryFiles(project.contentDir, 'articles')
    expect(files.filter((f) => 'excerpt' in f.fields)).toEqual([])
    expect(files.filter((f) => typeof f.fields.summary === 'string').length).toBe(uuids.length)
    for (const f of files) if (renamed.acked.has(f.uuid)) expect(f.fields.title).toBe(renamed.acked.get(f.uuid))

    const removed = await during(
      () => s.request(`/collections/articles/fields/${excerpt.uuid}`, { method: 'DELETE', token: admin }),
      () => { const n = count('summary'); return n > 0 && n < uuids.length },
    )
    expect(removed.status).toBe(204)
    expect(removed.servedMidway).toBeGreaterThan(0)
    files = await entryFiles(project.contentDir, 'articles')
    expect(files.filter((f) => 'summary' in f.fields)).toEqual([])
    for (const f of files) if (removed.acked.has(f.uuid)) expect(f.fields.title).toBe(removed.acked.get(f.uuid))
  })

  it('a server SIGKILLed in the middle of a rename leaves one collection after the next start, and renames again', async () => {
    project = await makeProject(manyArticles(1000))
    const dir = project.contentDir
    const all = await uuidsOf(dir)
    const uuid = (await readFile(join(dir, 'collections', 'articles.yaml'), 'utf8')).match(/^uuid: (\S+)$/m)![1]
    child = await serve(['--dir', dir])
    const info = JSON.parse(await readFile(join(project.stateDir, 'server.json'), 'utf8')) as { token: string }
    const headers = { authorization: `Bearer ${info.token}`, 'project-id': project.projectId, 'content-type': 'application/json', accept: 'application/json' }
    fetch(`${child.url}/collections/articles`, { method: 'PUT', headers, body: JSON.stringify({ slug: 'posts' }) }).catch(() => {})
    // Kill as soon as the new collection's folder exists (mid-copy before the fix).
    while (!existsSync(join(dir, 'entries', 'posts'))) await new Promise((r) => setImmediate(r))
    child.child.kill('SIGKILL')
    await child.exited

    child = await serve(['--dir', dir])
    const info2 = JSON.parse(await readFile(join(project.stateDir, 'server.json'), 'utf8')) as { token: string }
    const h2 = { ...headers, authorization: `Bearer ${info2.token}` }
    const collections = (await (await fetch(`${child.url}/collections`, { headers: h2 })).json()) as Json[]
    expect(collections.filter((c) => c.uuid === uuid).map((c) => c.slug)).toEqual(['posts'])
    expect(collections.map((c) => c.slug).sort()).toEqual(['authors', 'notes', 'posts'])
    expect(await uuidsOf(dir, 'posts')).toEqual(all)
    expect(existsSync(join(dir, 'entries', 'articles'))).toBe(false)
    expect(existsSync(join(dir, 'collections', 'articles.yaml'))).toBe(false)
    expect(await readFile(join(dir, 'collections', 'notes.yaml'), 'utf8')).toMatch(/collection: posts/)
    // The rename can be undone: nothing is left half done.
    const back = await fetch(`${child.url}/collections/posts`, { method: 'PUT', headers: h2, body: JSON.stringify({ slug: 'articles' }) })
    expect(back.status).toBe(200)
    expect(await uuidsOf(dir, 'articles')).toEqual(all)
    child.child.kill('SIGTERM')
    await child.exited
  })

  it('a rename journal left at any step is finished when the tree is next opened', async () => {
    const base = await makeProject(manyArticles(40))
    project = base
    const all = await uuidsOf(base.contentDir)
    const store = await ContentStore.open(base.contentDir)
    const articles = store.collection('articles')!.collection
    const posts: Collection = { ...articles, slug: 'posts', name: 'Posts' }
    const journal = { op: 'rename-collection', from: 'articles', to: 'posts', collection: posts, started_at: new Date().toISOString() }
    const steps = ['journal written', 'new collection file written', 'folders moved'] as const
    for (const [i, step] of steps.entries()) {
      const content = join(base.dir, `step${i}`, 'content')
      const state = join(base.dir, `step${i}`, '.cms')
      await cp(base.contentDir, content, { recursive: true })
      await mkdir(state, { recursive: true })
      await writeFile(join(state, 'schema-journal.json'), JSON.stringify(journal))
      if (i >= 1) await writeFile(join(content, 'collections', 'posts.yaml'), serializeYaml(collectionDocument(posts)))
      if (i >= 2) {
        await rename(join(content, 'entries', 'articles'), join(content, 'entries', 'posts'))
        await rename(join(content, 'versions', 'articles'), join(content, 'versions', 'posts'))
      }
      const t = await startTestServer(content)
      try {
        expect([...t.ctx.store.collections.keys()].sort(), step).toEqual(['authors', 'notes', 'posts'])
        expect([...t.ctx.store.collection('posts')!.entries.keys()].sort(), step).toEqual(all)
        expect(t.ctx.store.collection('notes')!.collection.fields[0]!.options.relation?.collection, step).toBe('posts')
      } finally {
        await t.close()
      }
      expect(existsSync(join(state, 'schema-journal.json')), step).toBe(false)
      expect(await uuidsOf(content, 'posts'), step).toEqual(all)
      expect(existsSync(join(content, 'collections', 'articles.yaml')), step).toBe(false)
    }
  })

  it('a field-rename journal left half way is finished when the tree is next opened', async () => {
    project = await makeProject(manyArticles(60))
    const dir = project.contentDir
    const store = await ContentStore.open(dir)
    const articles = store.collection('articles')!.collection
    const excerpt = articles.fields.find((f) => f.name === 'excerpt')!
    const updated: Collection = { ...articles, fields: articles.fields.map((f) => (f.uuid === excerpt.uuid ? { ...f, name: 'summary' } : f)) }
    await mkdir(project.stateDir, { recursive: true })
    await writeFile(join(project.stateDir, 'schema-journal.json'), JSON.stringify({
      op: 'rewrite-entries', slug: 'articles', collection: updated, change: { parent: null, name: 'excerpt', rename: 'summary' }, started_at: new Date().toISOString(),
    }))
    await writeFile(join(dir, 'collections', 'articles.yaml'), serializeYaml(collectionDocument(updated)))
    // Half the entries were rewritten before the kill.
    const files = await entryFiles(dir, 'articles')
    for (const f of files.slice(0, 30)) {
      const path = join(dir, 'entries', 'articles', `${f.uuid}.json`)
      const doc = JSON.parse(await readFile(path, 'utf8')) as Json
      const move = (v: Json | null) => { if (v) { v.summary = v.excerpt; delete v.excerpt } }
      move(doc.fields)
      move(doc.published)
      await writeFile(path, JSON.stringify(doc, null, 2))
    }
    server = await startTestServer(dir)
    expect(existsSync(join(project.stateDir, 'schema-journal.json'))).toBe(false)
    const after = await entryFiles(dir, 'articles')
    expect(after.filter((f) => 'excerpt' in f.fields)).toEqual([])
    expect(after.filter((f) => typeof f.fields.summary === 'string' && f.fields.summary.startsWith('Excerpt')).length).toBe(60)
  })

  it('a locale removal killed half way is finished when the tree is next opened: no entry is left in a locale that is gone', async () => {
    const fixture = manyArticles(40) as { locales: string[]; demo_data: Array<{ entries: Array<{ locale: string }> }> }
    fixture.locales = ['en', 'fr']
    fixture.demo_data[1]!.entries.forEach((e, i) => { if (i % 2 === 1) e.locale = 'fr' })
    project = await makeProject(fixture)
    const dir = project.contentDir
    const french = (await entryFiles(dir, 'articles')).filter((e) => (e as { locale?: string }).locale === 'fr')
    expect(french.length).toBe(20)
    // The state a kill leaves: journal written, project.yaml without "fr", half its entries deleted.
    await mkdir(project.stateDir, { recursive: true })
    await writeFile(join(project.stateDir, 'schema-journal.json'), JSON.stringify({ op: 'remove-locale', locale: 'fr', started_at: new Date().toISOString() }))
    const projectFile = join(dir, 'project.yaml')
    await writeFile(projectFile, (await readFile(projectFile, 'utf8')).replace(/^(\s*)- fr\n/m, ''))
    const { rm } = await import('node:fs/promises')
    for (const e of french.slice(0, 10)) await rm(join(dir, 'entries', 'articles', `${e.uuid}.json`))
    server = await startTestServer(dir)
    expect(existsSync(join(project.stateDir, 'schema-journal.json'))).toBe(false)
    const left = (await entryFiles(dir, 'articles')).filter((e) => (e as { locale?: string }).locale === 'fr')
    expect(left).toEqual([])
    for (const e of french) expect(existsSync(join(dir, 'versions', 'articles', e.uuid))).toBe(false)
    expect((await entryFiles(dir, 'articles')).length).toBe(20)
    expect(server.ctx.store.project.locales).toEqual(['en'])
  })

  it('a collection deletion killed between its file and its folders is finished when the tree is next opened', async () => {
    project = await makeProject(manyArticles(30))
    const dir = project.contentDir
    expect((await entryFiles(dir, 'articles')).length).toBe(30)
    // The state a kill leaves: journal written, collections/articles.yaml removed, the folders not yet.
    await mkdir(project.stateDir, { recursive: true })
    await writeFile(join(project.stateDir, 'schema-journal.json'), JSON.stringify({ op: 'remove-collection', slug: 'articles', started_at: new Date().toISOString() }))
    const { rm } = await import('node:fs/promises')
    await rm(join(dir, 'collections', 'articles.yaml'))
    expect(existsSync(join(dir, 'versions', 'articles'))).toBe(true)
    server = await startTestServer(dir)
    expect(existsSync(join(project.stateDir, 'schema-journal.json'))).toBe(false)
    expect(existsSync(join(dir, 'entries', 'articles'))).toBe(false)
    expect(existsSync(join(dir, 'versions', 'articles'))).toBe(false)
    expect(server.ctx.store.collection('articles')).toBeUndefined()
    expect([...server.ctx.store.problems.values()]).toEqual([])
    expect(server.ctx.store.collection('authors')).toBeDefined()
  })

  it('creates racing a collection deletion are refused or deleted with it: no entry file is left behind', async () => {
    project = await makeProject(manyArticles(300))
    server = await startTestServer(project.contentDir)
    const { admin } = await tokens(server)
    const creator = (await createToken(server.ctx.store, { name: 'creator', abilities: ['read', 'create'] })).token
    // Creates keep coming on 8 connections until the deletion has answered and one more was refused.
    let deleted = false
    const statuses: number[] = []
    const writers = Array.from({ length: 8 }, async (_, k) => {
      for (let i = 0; ; i++) {
        const after = deleted
        const r = await server!.request('/articles', { method: 'POST', token: creator, json: { fields: { title: `Racing ${k}-${i}` } } })
        statuses.push(r.status)
        if (after) return
      }
    })
    await new Promise((r) => setTimeout(r, 50))
    const deletion = await server.request('/collections/articles', { method: 'DELETE', token: admin, json: { slug: 'articles' } })
    deleted = true
    await Promise.all(writers)
    expect(deletion.status).toBe(204)
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0)
    for (const s of statuses) expect([201, 404, 409]).toContain(s)
    expect(existsSync(join(project.contentDir, 'entries', 'articles'))).toBe(false)
    expect(existsSync(join(project.contentDir, 'versions', 'articles'))).toBe(false)
    expect(server.ctx.store.collection('articles')).toBeUndefined()
    expect((await server.request('/articles', { token: admin })).status).toBe(404)
  })

  it('removing a locale with --force closes every collection: a write racing it is refused or removed with it', async () => {
    const fixture = manyArticles(300) as { locales: string[]; demo_data: Array<{ entries: Array<{ locale: string }> }> }
    fixture.locales = ['en', 'fr']
    fixture.demo_data[1]!.entries.forEach((e) => { e.locale = 'fr' })
    project = await makeProject(fixture)
    server = await startTestServer(project.contentDir)
    const { admin } = await tokens(server)
    const creator = (await createToken(server.ctx.store, { name: 'creator', abilities: ['read', 'create'] })).token
    const removal = server.request('/project/locales/fr?force=1', { method: 'DELETE', token: admin })
    const creates = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      server!.request('/articles', { method: 'POST', token: creator, json: { locale: 'fr', fields: { title: `Racing ${i}` } } })))
    expect((await removal).status).toBe(200)
    for (const r of creates) expect([201, 409, 422]).toContain(r.status)
    const french = (await entryFiles(project.contentDir, 'articles')).filter((e) => (e as { locale?: string }).locale === 'fr')
    expect(french).toEqual([])
    expect([...server.ctx.store.collection('articles')!.entries.values()].filter((e) => e.locale === 'fr')).toEqual([])
  })

  it('a CLI command with no server finishes a journal a dead process left, and will not touch one a live process holds', async () => {
    project = await makeProject(manyArticles(20))
    const dir = project.contentDir
    const all = await uuidsOf(dir)
    const store = await ContentStore.open(dir)
    const posts: Collection = { ...store.collection('articles')!.collection, slug: 'posts' }
    const journal = { op: 'rename-collection', from: 'articles', to: 'posts', collection: posts, started_at: new Date().toISOString() }
    await mkdir(project.stateDir, { recursive: true })
    const journalFile = join(project.stateDir, 'schema-journal.json')

    // A live process (this one) is making the change: the CLI refuses, and changes nothing.
    await writeFile(journalFile, JSON.stringify({ ...journal, pid: process.pid }))
    const refused = await cms(['entry', 'list', 'articles', '--dir', dir])
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain(`Another cms process (pid ${process.pid}) is renaming collection "articles" to "posts"`)
    expect(await uuidsOf(dir)).toEqual(all)
    expect(existsSync(journalFile)).toBe(true)

    // Its process is gone: the next CLI command finishes it first.
    await writeFile(journalFile, JSON.stringify(journal))
    const listed = await cms(['entry', 'list', 'posts', '--dir', dir, '--json'])
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stderr).toContain('finished renaming collection "articles" to "posts"')
    expect(await uuidsOf(dir, 'posts')).toEqual(all)
    expect(existsSync(journalFile)).toBe(false)
  })
})
