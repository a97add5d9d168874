import { afterEach, describe, expect, it } from 'vitest'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { cms, serve, type ServeProcess } from '../../helpers/cli.ts'
import { ContentStore } from '../../../src/storage/store.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

/**
 * Issue 12, defect 3: a CLI command that writes content files goes through the running
 * server or refuses to run while it holds the lock; it never writes over the server's
 * acknowledged writes. Real `cms serve` and real CLI child processes.
 */
let project: TempProject | undefined
let server: ServeProcess | undefined
afterEach(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  server = undefined
  await project?.cleanup()
  project = undefined
})

async function setup(): Promise<{ token: string; req: (path: string, init?: { method?: string; json?: unknown; token?: string | null }) => Promise<{ status: number; body: any }> }> {
  project = await makeProject(blogTemplate())
  const store = await ContentStore.open(project.contentDir, { stateDir: project.stateDir })
  const { token } = await createToken(store, { name: 'all', abilities: ['read', 'create', 'update', 'delete', 'admin'] })
  await store.flush()
  const req = async (path: string, init: { method?: string; json?: unknown; token?: string | null } = {}) => {
    const headers: Record<string, string> = { 'project-id': project!.projectId, accept: 'application/json' }
    const bearer = init.token === undefined ? token : init.token
    if (bearer) headers.authorization = `Bearer ${bearer}`
    if (init.json !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${server!.url}${path}`, { method: init.method ?? 'GET', headers, ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}) })
    return { status: res.status, body: await res.json().catch(() => null) }
  }
  return { token, req }
}

const entryFiles = async (slug: string) => {
  const dir = join(project!.contentDir, 'entries', slug)
  return (await readdir(dir)).filter((n) => n.endsWith('.json')).map((n) => join(dir, n))
}

/** Re-indents a file: valid, but not in canonical form, so `cms fmt` would rewrite it. */
const mess = async (file: string) => writeFile(file, JSON.stringify(JSON.parse(await readFile(file, 'utf8')), null, 4))

describe('CLI writers while a server runs (issue 12, defect 3)', () => {
  it('`cms fmt` refuses while `cms serve` holds the lock, and every PATCH acknowledged meanwhile stays written', async () => {
    const { req } = await setup()
    const articles = await entryFiles('articles')
    const authors = await entryFiles('authors')
    for (const file of [...articles, ...authors]) await mess(file)
    const untouched = await Promise.all(authors.map((f) => readFile(f, 'utf8')))
    server = await serve(['--dir', project!.contentDir])

    const uuids = articles.map((f) => f.split('/').pop()!.replace('.json', ''))
    const fmt = cms(['fmt', '--dir', project!.contentDir])
    const patches = uuids.map((uuid, i) => req(`/articles/${uuid}`, { method: 'PATCH', json: { data: { title: `Patched during fmt ${i}` } } }))
    const [result, answers] = await Promise.all([fmt, Promise.all(patches)])

    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/A cms server \(pid \d+, http:\/\/[^)]+\) is serving/)
    expect(result.stderr).toContain('stop the server')
    for (const [i, uuid] of uuids.entries()) {
      expect(answers[i]!.status).toBe(200)
      const onDisk = JSON.parse(await readFile(join(project!.contentDir, 'entries', 'articles', `${uuid}.json`), 'utf8'))
      expect(onDisk.fields.title).toBe(`Patched during fmt ${i}`)
    }
    // fmt wrote nothing at all: the files the server did not touch are still as the hand left them.
    expect(await Promise.all(authors.map((f) => readFile(f, 'utf8')))).toEqual(untouched)
  })

  it('`cms import --force` and `cms init --force` refuse while a server runs, changing nothing', async () => {
    await setup()
    const template = join(project!.dir, 'template.json')
    const before = await readFile(join(project!.contentDir, 'project.yaml'), 'utf8')
    server = await serve(['--dir', project!.contentDir])
    for (const args of [['import', template, '--force'], ['init', '--force', '--name', 'Overwritten']]) {
      const r = await cms([...args, '--dir', project!.contentDir])
      expect(r.code, r.stderr).toBe(2)
      expect(r.stderr).toMatch(new RegExp(`cms ${args[0]}\` rewrites files the server owns`))
    }
    expect(await readFile(join(project!.contentDir, 'project.yaml'), 'utf8')).toBe(before)
  })

  it('`cms project set` goes through the running server: the change is live when the command returns', async () => {
    const { req } = await setup()
    server = await serve(['--dir', project!.contentDir])
    expect((await req('/articles', { token: null })).status).toBe(200)
    const set = await cms(['project', 'set', '--api', 'private', '--dir', project!.contentDir, '--json'])
    expect(set.code, set.stderr).toBe(0)
    expect(JSON.parse(set.stdout)).toMatchObject({ api: 'private', changed: true })
    expect((await req('/articles', { token: null })).status).toBe(401)
    expect(await readFile(join(project!.contentDir, 'project.yaml'), 'utf8')).toMatch(/^api: private$/m)
    // And the server's own later write of project.yaml keeps it (nothing written behind its back).
    expect((await req('/project/locales', { method: 'POST', json: { locale: 'fr' } })).status).toBeLessThan(300)
    expect(await readFile(join(project!.contentDir, 'project.yaml'), 'utf8')).toMatch(/^api: private$/m)
  })
})
