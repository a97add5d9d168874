import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../../src/client/index.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { connectMcp } from '../mcp/helpers.ts'
import { richTemplate } from '../codegen/fixture.ts'
import { cms as runCms } from '../../helpers/cli.ts'

const ADMIN = 'url-segments-admin-token'

/**
 * The caller's uuid and slug are values, never path: a uuid that is not one is refused before
 * any request (`../files` read the asset list, `<uuid>?state=draft` the unpublished draft).
 */
describe('typed client: path segments from the caller', () => {
  let project: TempProject
  let server: TestServer
  let draft: string

  beforeAll(async () => {
    project = await makeProject(await richTemplate())
    server = await startTestServer(project.contentDir)
    server.ctx.localAdminToken = ADMIN
    const cms = createClient({ baseUrl: server.url, projectId: server.ctx.store.project.uuid, token: ADMIN })
    draft = (await cms.entries('articles').create({ title: 'Not yet', slug: 'not-yet' }, { locale: 'en' })).data.uuid
  })
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  const client = (token?: string) => createClient({ baseUrl: server.url, projectId: server.ctx.store.project.uuid, ...(token ? { token } : {}) })

  it('refuses a uuid that would climb to another route or add a query', async () => {
    const cms = client(ADMIN)
    await expect(cms.entries('articles').get('../files')).rejects.toThrow(/uuid must be an entry uuid.*"\.\.\/files"/)
    await expect(cms.entries('articles').get(`${draft}?state=draft`)).rejects.toThrow(/uuid must be an entry uuid/)
    await expect(cms.entries('articles').get('%2e%2e/files')).rejects.toThrow(/uuid must be/)
    // The same check on every method that takes a uuid.
    await expect(cms.entries('articles').update('../collections', { title: 'x' })).rejects.toThrow(/uuid must be/)
    await expect(cms.entries('articles').replace('..', { title: 'x' })).rejects.toThrow(/uuid must be/)
    await expect(cms.entries('articles').publish(`${draft}/../${draft}`)).rejects.toThrow(/uuid must be/)
    await expect(cms.entries('articles').unpublish('')).rejects.toThrow(/uuid must be/)
    await expect(cms.entries('articles').delete(`${draft}?force=1`)).rejects.toThrow(/uuid must be/)
    // Nothing reached the server: the draft is still a draft, and still there.
    const still = await cms.entries('articles').get(draft, { state: 'draft' })
    expect(still.data).toMatchObject({ published_at: null, fields: { title: 'Not yet' } })
  })

  it('encodes a collection slug and refuses dot segments', async () => {
    const cms = client(ADMIN)
    expect(() => cms.entries('..')).toThrow(/collection slug/)
    expect(() => cms.entries('.')).toThrow(/collection slug/)
    await expect(cms.collection('..')).rejects.toThrow(/collection slug/)
    await expect(cms.entries('articles?state=draft').list()).rejects.toMatchObject({ status: 404 })
    await expect(cms.collection('articles/fields')).rejects.toMatchObject({ status: 404 })
  })

  it('cms entry over --url: a dot segment in a name or id is refused before any request', async () => {
    const args = ['--url', server.url, '--token', ADMIN, '--project', server.ctx.store.project.uuid]
    for (const [collection, uuid] of [['articles', '..'], ['..', 'files'], ['.', 'x']] as const) {
      const r = await runCms(['entry', 'get', collection, uuid, ...args])
      expect(r.code, r.stdout).toBe(1)
      expect(r.stderr).toMatch(/is not a valid name or id here/)
    }
  }, 30_000)

  it('cms mcp: a uuid argument must be a uuid, and no argument is a dot segment', async () => {
    const session = await connectMcp(['--url', server.url, '--token', ADMIN, '--project', server.ctx.store.project.uuid])
    try {
      const climbed = await session.call('get_entry', { collection: '..', uuid: 'files' })
      expect(climbed.isError).toBe(true)
      expect(JSON.stringify(climbed.content)).toMatch(/uuid/)
      const dots = await session.call('get_collection', { collection: '..' })
      expect(dots.isError).toBe(true)
      expect(JSON.stringify(dots.content)).toMatch(/not a name/)
      const listed = await session.call('list_entries', { collection: '..' })
      expect(listed.isError).toBe(true)
      const asset = await session.call('get_asset', { uuid: '..' })
      expect(asset.isError).toBe(true)
    } finally {
      await session.close()
    }
  }, 30_000)
})
