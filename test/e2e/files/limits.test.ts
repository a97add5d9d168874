import { afterEach, describe, expect, it, vi } from 'vitest'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { cms } from '../../helpers/cli.ts'
import { MAX_JSON_DEPTH } from '../../../src/core/limits.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

/**
 * Issue 12, defect 10: a hand-edited file holding a value nested 10,000 deep made list, like,
 * sort and PATCH answer 500 (stack overflow) and crashed `cms validate`. Such a file is a
 * problem reported with its path; everything else keeps being served.
 */
let project: TempProject
let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
  await project?.cleanup()
})

const deep = (n: number): string => `${'['.repeat(n)}"bottom"${']'.repeat(n)}`

/** Rewrites one entry file with `body` set to a value nested `depth` levels (as raw JSON text). */
async function nestInto(file: string, depth: number): Promise<void> {
  const entry = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
  const marker = '"__DEEP__"'
  const text = JSON.stringify({ ...entry, fields: { ...(entry.fields as object), body: '__DEEP__' }, published: null }, null, 2)
  await writeFile(file, text.replace(marker, deep(depth)))
}

/** Drafts need a token with read (docs/security.md): the local admin token a running server gives CLI commands. */
const LOCAL = 'cms_local_admin_token_for_draft_reads'
const drafts = (s: { ctx: { localAdminToken?: string | null } }) => { s.ctx.localAdminToken = LOCAL; return { token: LOCAL } }

describe('depth and size limits on content files', () => {
  it('a file nested 10,000 deep is a problem with its path; list, like, sort, PATCH and validate keep working', async () => {
    project = await makeProject(blogTemplate())
    const dir = join(project.contentDir, 'entries', 'articles')
    const names = (await readdir(dir)).sort()
    const [bad, good, later] = names.map((n) => n.slice(0, -5))
    await nestInto(join(dir, `${bad}.json`), 10_000)

    server = await startTestServer(project.contentDir, { watch: true })
    await (server.ctx as { watcher?: { ready: Promise<void> } }).watcher!.ready

    for (const query of ['?state=draft', '?state=draft&where[title][like]=%25a%25', '?state=draft&sort=body:asc', '?state=draft&sort=title:desc']) {
      const res = await server.request(`/articles${query}`, drafts(server))
      expect(res.status, query).toBe(200)
      const list = (await res.json()) as Array<{ uuid: string }>
      expect(list.map((e) => e.uuid), query).not.toContain(bad)
    }
    expect(server.ctx.store.problems.get(`entries/articles/${bad}.json`)?.message).toMatch(/nested more than 64 levels/)
    const all = (await (await server.request('/articles?state=draft', drafts(server))).json()) as Array<{ uuid: string }>
    expect(all.map((e) => e.uuid).sort()).toEqual([good, later, ...names.slice(3).map((n) => n.slice(0, -5))].sort())
    const { token } = await createToken(server.ctx.store, { name: 'writer', abilities: ['read', 'update'] })
    const patched = await server.request(`/articles/${good}`, { method: 'PATCH', token, json: { data: { title: 'Still writable' } } })
    expect(patched.status).toBe(200)

    // The watcher applies the same limit to a file edited while the server runs, and keeps the last good state.
    const before = ((await (await server.request(`/articles/${later}?state=draft`, drafts(server))).json()) as { data: { fields: { title: string } } }).data
    await nestInto(join(dir, `${later}.json`), MAX_JSON_DEPTH + 10)
    await vi.waitFor(() => expect(server!.ctx.store.problems.has(`entries/articles/${later}.json`)).toBe(true), { timeout: 5000, interval: 25 })
    const kept = await server.request(`/articles/${later}?state=draft`, drafts(server))
    expect(kept.status).toBe(200)
    expect(((await kept.json()) as { data: { fields: { title: string } } }).data.fields.title).toBe(before.fields.title)
    expect((await server.request('/articles?state=draft&sort=body:asc', drafts(server))).status).toBe(200)
    await server.close()
    server = undefined

    // `cms validate` reports both files by path and exits 1 (a content problem), not a crash.
    const result = await cms(['validate', '--dir', project.contentDir, '--json'])
    expect(result.stderr).not.toMatch(/RangeError|Maximum call stack/)
    expect(result.code).toBe(1)
    const report = JSON.parse(result.stdout) as { problems: Array<{ file: string; message: string }> }
    for (const uuid of [bad, later]) {
      expect(report.problems.find((p) => p.file === `entries/articles/${uuid}.json`)?.message).toMatch(/nested more than 64 levels/)
    }
  })

  it('a value at the depth a request may send is accepted from a file too', async () => {
    project = await makeProject(blogTemplate())
    const dir = join(project.contentDir, 'entries', 'articles')
    const uuid = (await readdir(dir)).sort()[0]!.slice(0, -5)
    // {fields: {body: [...]}}: the value's brackets plus the two objects around it reach the limit exactly.
    await nestInto(join(dir, `${uuid}.json`), MAX_JSON_DEPTH - 2)
    server = await startTestServer(project.contentDir)
    expect(server.ctx.store.problems.size).toBe(0)
    expect((await server.request(`/articles/${uuid}?state=draft`, drafts(server))).status).toBe(200)
  })
})
