import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { cms as runCms } from '../../helpers/cli.ts'
import { template } from './setup.ts'

const bin = fileURLToPath(new URL('../../../bin/cms.mjs', import.meta.url))
let project: TempProject

/** Runs the built CLI with no TTY, as a CI job does. */
async function cms(args: string[], input?: string): Promise<{ code: number | null; stdout: string; stderr: string; json: any }> {
  const r = await runCms([...args, '--dir', project.contentDir], { input: input ?? '', env: { CMS_URL: '', CMS_TOKEN: '' } })
  let json: unknown = null
  try { json = JSON.parse(r.stdout) } catch { /* human output */ }
  return { ...r, json }
}

const stable = (file: Record<string, unknown>) => {
  const { uuid, created_at, updated_at, published_at, ...rest } = file
  void uuid; void created_at; void updated_at; void published_at
  return rest
}
const entryFile = async (uuid: string) => JSON.parse(await readFile(join(project.contentDir, 'entries', 'articles', `${uuid}.json`), 'utf8'))

beforeAll(async () => { project = await makeProject(template) })
afterAll(() => project.cleanup())

describe('cms entry in a CI script (no TTY)', () => {
  test('create, publish, list, versions with --json and meaningful exit codes', { timeout: 180_000 }, async () => {
    const created = await cms(['entry', 'create', 'articles', '--json', '--data', JSON.stringify({ title: 'From CI', slug: 'from-ci', tags: [{ value: 'ci' }] })])
    expect(created.code).toBe(0)
    expect(created.json).toMatchObject({ published_at: null, fields: { title: 'From CI', tags: ['ci'] } })
    const uuid = created.json.uuid

    const published = await cms(['entry', 'publish', 'articles', uuid, '--json'])
    expect(published.code).toBe(0)
    expect(published.json).toMatchObject({ message: 'Content published as v1.', version_number: 1 })

    const listed = await cms(['entry', 'list', 'articles', '--json'])
    expect(listed.code).toBe(0)
    expect(listed.json.map((e: { uuid: string }) => e.uuid)).toContain(uuid)

    const patched = await cms(['entry', 'patch', 'articles', uuid, '--json', '--state', 'published', '--data', '-'], JSON.stringify({ title: 'From CI, v2' }))
    expect(patched.code).toBe(0)
    const versions = await cms(['entry', 'versions', 'articles', uuid, '--json'])
    expect(versions.json.map((v: { version_number: number }) => v.version_number)).toEqual([2, 1])

    const invalid = await cms(['entry', 'create', 'articles', '--json', '--data', JSON.stringify({ title: 'x', slug: 'from-ci', bogus: true })])
    expect(invalid.code).toBe(1)
    expect(invalid.json.error.errors).toMatchObject({ 'data.title': expect.any(Array), 'data.slug': ['The Slug has already been taken.'], 'data.bogus': expect.any(Array) })
    const human = await cms(['entry', 'create', 'articles', '--data', JSON.stringify({ slug: 'from-ci' })])
    expect(human.code).toBe(1)
    expect(human.stderr).toContain('data.title: The Title field is required.')
    expect(human.stderr).toContain('data.slug: The Slug has already been taken.')

    expect((await cms(['entry', 'create', 'nope', '--data', '{}'])).code).toBe(1)
    expect((await cms(['entry', 'create', 'articles'])).code).toBe(2) // no --data: a usage error (stdin is read only with --data -)
    const deleted = await cms(['entry', 'delete', 'articles', uuid, '--json'])
    expect(deleted.json).toEqual({ deleted: uuid, message: 'Content deleted.' })
    expect((await cms(['entry', 'restore', 'articles', uuid, '--json'])).code).toBe(0)
  })
})

describe('with and without a running server', () => {
  let server: ChildProcess | undefined
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r))
      server.kill('SIGTERM')
      await exited
    }
  })

  test('the same create produces the same file either way', { timeout: 120_000 }, async () => {
    const data = JSON.stringify({ title: 'Same either way', tags: [{ value: 'a' }, { value: 'b' }], views: '12', when: '2024-01-01 - 2024-01-02' })
    const direct = await cms(['entry', 'create', 'articles', '--json', '--state', 'published', '--data', data])
    expect(direct.code).toBe(0)

    server = spawn(process.execPath, [bin, 'serve', '--dir', project.contentDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    server.stdout!.on('data', (d) => { out += d })
    await vi.waitFor(() => expect(out).toMatch(/url:\s+http:\/\/127\.0\.0\.1:\d+/), { timeout: 20_000, interval: 100 })
    const url = /url:\s+(\S+)/.exec(out)![1]!

    const viaServer = await cms(['entry', 'create', 'articles', '--json', '--state', 'published', '--data', data])
    expect(viaServer.code).toBe(0)
    expect(stable(viaServer.json)).toEqual(stable(direct.json))
    // The running server answered: its index has the entry at once (no watcher delay involved).
    const projectId = (await readFile(join(project.contentDir, 'project.yaml'), 'utf8')).match(/uuid:\s*(\S+)/)![1]!
    const res = await fetch(`${url}/articles/${viaServer.json.uuid}`, { headers: { 'project-id': projectId } })
    expect(res.status).toBe(200)

    const a = await entryFile(direct.json.uuid)
    const b = await entryFile(viaServer.json.uuid)
    expect(stable(b)).toEqual(stable(a))
    expect(b.fields).toEqual({ title: 'Same either way', views: 12, tags: ['a', 'b'], when: { start: '2024-01-01', end: '2024-01-02' } })
  })
})
