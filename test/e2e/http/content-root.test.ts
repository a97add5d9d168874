import { afterEach, describe, expect, test } from 'vitest'
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { validateTree } from '../../../src/review/validate.ts'

/**
 * Issue 12, defect 5: nothing is read or written outside the content root, whatever the
 * files say (an asset's `filename`) or are (symbolic links). A canary beside the content
 * folder stands for /etc/passwd.
 */
const CANARY = 'canary: secret bytes outside the content folder\n'
const ASSET = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60'

let project: TempProject | undefined
let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  await project?.cleanup()
  server = undefined
  project = undefined
})

async function fixture(): Promise<{ project: TempProject; canary: string; outside: string }> {
  project = await makeProject({
    format: 'elmapicms', version: 1, type: 'project', name: 'Escape', default_locale: 'en', locales: ['en'], public_api: true,
    collections: [{ name: 'Posts', slug: 'posts', is_singleton: false, fields: [field('title', 'text')] }],
    demo_data: [],
  })
  const canary = join(project.dir, 'canary.txt')
  await writeFile(canary, CANARY)
  const outside = join(project.dir, 'outside')
  await mkdir(outside)
  return { project, canary, outside }
}

const assetYaml = (filename: string) => [
  `uuid: ${ASSET}`, `filename: ${JSON.stringify(filename)}`, `original_filename: photo.txt`, 'mime_type: text/plain',
  `size: ${CANARY.length}`, 'sha256: ""', 'created_at: "2024-01-01T00:00:00.000Z"', 'updated_at: "2024-01-01T00:00:00.000Z"', 'deleted_at: null', '',
].join('\n')

async function serveWithToken(contentDir: string): Promise<{ server: TestServer; token: string }> {
  server = await startTestServer(contentDir)
  const { token } = await createToken(server.ctx.store, { name: 'all', abilities: ['read', 'create', 'update', 'delete', 'admin'] })
  return { server, token }
}

describe('content root containment', () => {
  test('an asset whose filename climbs out (../../canary.txt) is never served, and cms validate reports it', async () => {
    const { project: p } = await fixture()
    await mkdir(join(p.contentDir, 'assets', ASSET), { recursive: true })
    await writeFile(join(p.contentDir, 'assets', `${ASSET}.yaml`), assetYaml('../../../canary.txt'))
    const { server: s, token } = await serveWithToken(p.contentDir)
    const res = await s.request(`/files/${ASSET}/download`, { token })
    const text = await res.text()
    expect(text).not.toContain('canary')
    expect(res.status).toBe(404)
    const report = await validateTree(p.contentDir)
    expect(report.problems.find((x) => x.file === `assets/${ASSET}.yaml`)?.message).toMatch(/filename/)
  })

  test('a symbolic link inside assets/ is not followed on download, and cms validate reports it', async () => {
    const { project: p, canary } = await fixture()
    await mkdir(join(p.contentDir, 'assets', ASSET), { recursive: true })
    await symlink(canary, join(p.contentDir, 'assets', ASSET, 'photo.txt'))
    await writeFile(join(p.contentDir, 'assets', `${ASSET}.yaml`), assetYaml('photo.txt'))
    const { server: s, token } = await serveWithToken(p.contentDir)
    const res = await s.request(`/files/${ASSET}/download`, { token })
    const body = await res.text()
    expect(body).not.toContain('canary')
    expect(res.status).toBe(409)
    expect(JSON.parse(body).message).toMatch(/symbolic link/)
    expect(body).not.toContain(p.dir)
    const report = await validateTree(p.contentDir)
    expect(report.problems).toContainEqual(expect.objectContaining({ file: `assets/${ASSET}/photo.txt`, message: expect.stringMatching(/symbolic link/) }))
  })

  test('a linked entries/<slug> folder receives no server write, and cms validate reports it', async () => {
    const { project: p, outside } = await fixture()
    await mkdir(join(p.contentDir, 'entries'), { recursive: true })
    await symlink(outside, join(p.contentDir, 'entries', 'posts'), 'dir')
    const { server: s, token } = await serveWithToken(p.contentDir)
    expect([...s.ctx.store.problems.keys()]).toContain('entries/posts')
    const res = await s.request('/posts', { method: 'POST', token, json: { data: { title: 'escaped?' } } })
    const body = await res.text()
    expect(res.status).toBe(409)
    expect(JSON.parse(body).message).toMatch(/entries\/posts is a symbolic link/)
    expect(body).not.toContain(p.dir)
    expect(await readdir(outside)).toEqual([])
    // Nothing half-done in memory either: the refused entry is not listed.
    expect(await (await s.request('/posts?state=draft', { token })).json()).toEqual([])
    const report = await validateTree(p.contentDir)
    expect(report.problems).toContainEqual(expect.objectContaining({ file: 'entries/posts', message: expect.stringMatching(/symbolic link/) }))
  })

  test('a linked entry file is not read into the index', async () => {
    const { project: p, outside } = await fixture()
    const uuid = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'
    const entry = { uuid, locale: 'en', translation_group: null, created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-01T00:00:00.000Z', published_at: null, published_version: null, deleted_at: null, fields: { title: 'from outside' }, published: null }
    await writeFile(join(outside, `${uuid}.json`), JSON.stringify(entry, null, 2))
    await mkdir(join(p.contentDir, 'entries', 'posts'), { recursive: true })
    await symlink(join(outside, `${uuid}.json`), join(p.contentDir, 'entries', 'posts', `${uuid}.json`))
    const { server: s, token } = await serveWithToken(p.contentDir)
    expect(await (await s.request('/posts?state=draft', { token })).json()).toEqual([])
    expect([...s.ctx.store.problems.values()]).toContainEqual(expect.objectContaining({ file: `entries/posts/${uuid}.json`, message: expect.stringMatching(/symbolic link/) }))
    expect(await readFile(join(outside, `${uuid}.json`), 'utf8')).toContain('from outside')
  })
})
