import { afterEach, describe, expect, it } from 'vitest'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ResourceListChangedNotificationSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import type { TempProject } from '../../helpers/project.ts'
import { serve, type ServeProcess } from '../../helpers/cli.ts'
import { makePng } from '../assets/helpers.ts'
import { connectMcp, mcpProject, type McpSession } from './helpers.ts'

/**
 * Issue 20: `cms mcp` driven by the SDK's own Client over a real stdio transport to
 * `node bin/cms.mjs mcp`, on real files, with and without a running `cms serve`.
 */
let project: TempProject | undefined
let session: McpSession | undefined
let server: ServeProcess | undefined
afterEach(async () => {
  await session?.close()
  session = undefined
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  server = undefined
  await project?.cleanup()
  project = undefined
})

const READ_TOOLS = ['list_collections', 'get_collection', 'list_entries', 'get_entry', 'search', 'list_versions', 'list_assets', 'get_asset', 'validate_content']
const WRITE_TOOLS = ['create_collection', 'add_field', 'create_entry', 'update_entry', 'publish_entry', 'unpublish_entry', 'discard_draft', 'delete_entry', 'restore_entry', 'revert_entry', 'upload_asset']

async function seed(s: McpSession, n: number): Promise<string[]> {
  const uuids: string[] = []
  for (let i = 1; i <= n; i++) {
    const r = await s.call('create_entry', { collection: 'posts', data: { title: `Post ${i}`, views: i * 10, featured: i % 2 === 0 }, state: 'published' })
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy()
    uuids.push(r.structuredContent.data.uuid)
  }
  return uuids
}

const entryFile = (uuid: string) => join(project!.contentDir, 'entries', 'posts', `${uuid}.json`)

describe('cms mcp: tools', () => {
  it('lists every tool with a JSON Schema for its input and the MCP hints', async () => {
    project = await mcpProject()
    session = await connectMcp(['--dir', project.contentDir])
    const { tools } = await session.client.listTools()
    const byName = new Map(tools.map((t) => [t.name, t]))
    expect([...byName.keys()].sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort())

    const list = byName.get('list_entries')!
    expect(list.inputSchema.type).toBe('object')
    expect(list.inputSchema.required).toEqual(['collection'])
    expect(Object.keys(list.inputSchema.properties!)).toEqual(expect.arrayContaining(['where', 'sort', 'state', 'locale', 'paginate', 'page', 'limit', 'offset', 'first', 'count', 'exclude']))
    expect((list.inputSchema.properties!.paginate as { type: string }).type).toBe('integer')
    expect(list.annotations).toMatchObject({ readOnlyHint: true })
    expect(list.description).toMatch(/or/)

    const create = byName.get('create_entry')!
    expect(create.inputSchema.required).toEqual(expect.arrayContaining(['collection', 'data']))
    expect((create.inputSchema.properties!.state as { enum: string[] }).enum).toEqual(['draft', 'published'])
    expect(create.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false })
    expect(byName.get('get_entry')!.inputSchema.properties).toHaveProperty('translation_locale')
    expect(byName.get('upload_asset')!.inputSchema.properties).toEqual(expect.objectContaining({ path: expect.any(Object), base64: expect.any(Object), filename: expect.any(Object) }))

    for (const name of ['delete_entry', 'discard_draft', 'unpublish_entry', 'revert_entry']) expect(byName.get(name)!.annotations, name).toMatchObject({ destructiveHint: true })
    expect(byName.get('delete_entry')!.description).toMatch(/force/)

    // The SDK validates arguments against the schema: a wrong type is a tool error, nothing runs.
    const bad = await session.call('list_entries', { collection: 'posts', paginate: 'ten' })
    expect(bad.isError).toBe(true)
    expect(JSON.stringify(bad.content)).toMatch(/paginate/)
  })

  it('lists, filters with operators and an or-group, sorts and paginates entries', async () => {
    project = await mcpProject()
    session = await connectMcp(['--dir', project.contentDir])
    await seed(session, 6)

    const page1 = await session.call('list_entries', { collection: 'posts', paginate: 4, sort: 'views:asc' })
    expect(page1.isError).toBeFalsy()
    expect(page1.structuredContent.meta).toMatchObject({ total: 6, current_page: 1, last_page: 2 })
    expect(page1.structuredContent.data.map((e: any) => e.fields.title)).toEqual(['Post 1', 'Post 2', 'Post 3', 'Post 4'])
    const page2 = await session.call('list_entries', { collection: 'posts', paginate: 4, page: 2, sort: 'views:asc' })
    expect(page2.structuredContent.data.map((e: any) => e.fields.title)).toEqual(['Post 5', 'Post 6'])
    expect((page2.content[0] as { text: string }).text).toMatch(/2 of 6 entries.*page 2 of 2/)

    // views >= 20 AND (title like "post 5" OR featured), sorted by views desc.
    const filtered = await session.call('list_entries', {
      collection: 'posts', limit: 10, sort: 'views:desc',
      where: { views: { gte: 20 }, or: [{ title: { like: 'post 5' } }, { featured: true }] },
    })
    expect(filtered.isError, JSON.stringify(filtered.content)).toBeFalsy()
    expect(filtered.structuredContent.data.map((e: any) => e.fields.title)).toEqual(['Post 6', 'Post 5', 'Post 4', 'Post 2'])

    const some = await session.call('list_entries', { collection: 'posts', where: { views: { in: [10, 30] } }, count: true })
    expect(some.structuredContent).toEqual({ count: 2 })

    const unknown = await session.call('list_entries', { collection: 'posts', where: { nope: 1 } })
    expect(unknown.isError).toBe(true)
    expect(unknown.structuredContent).toMatchObject({ status: 400 })
    expect(unknown.structuredContent.message).toMatch(/nope/)
  })

  it('create (422 as a tool error naming the field), update, publish: seen by the HTTP API of a running server and in the files', async () => {
    project = await mcpProject()
    server = await serve(['--dir', project.contentDir])
    session = await connectMcp(['--dir', project.contentDir])
    const http = async (path: string) => {
      const res = await fetch(`${server!.url}${path}`, { headers: { 'project-id': project!.projectId, accept: 'application/json' } })
      return { status: res.status, body: await res.json() as any }
    }

    const invalid = await session.call('create_entry', { collection: 'posts', data: { views: 'many' } })
    expect(invalid.isError).toBe(true)
    expect(invalid.structuredContent.status).toBe(422)
    expect(Object.keys(invalid.structuredContent.errors)).toEqual(expect.arrayContaining(['data.title', 'data.views']))
    expect((invalid.content[0] as { text: string }).text).toMatch(/data\.title/)

    const created = await session.call('create_entry', { collection: 'posts', data: { title: 'Harbour walk', views: 3 } })
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy()
    const uuid = created.structuredContent.data.uuid as string
    expect(created.structuredContent.data.published_at).toBeNull()
    expect((await http(`/posts/${uuid}`)).status).toBe(404) // a draft is not published yet

    const updated = await session.call('update_entry', { collection: 'posts', uuid, data: { title: 'Harbour walk at dawn' } })
    expect(updated.isError, JSON.stringify(updated.content)).toBeFalsy()
    expect(updated.structuredContent.data.fields).toMatchObject({ title: 'Harbour walk at dawn', views: 3 }) // patch keeps views

    const published = await session.call('publish_entry', { collection: 'posts', uuid })
    expect(published.isError, JSON.stringify(published.content)).toBeFalsy()

    const seen = await http(`/posts/${uuid}`)
    expect(seen.status).toBe(200)
    expect(seen.body.data.fields).toMatchObject({ title: 'Harbour walk at dawn', views: 3 })
    const file = JSON.parse(await readFile(entryFile(uuid), 'utf8'))
    expect(JSON.stringify(file)).toContain('Harbour walk at dawn')

    const versions = await session.call('list_versions', { collection: 'posts', uuid })
    expect(versions.structuredContent.data).toHaveLength(1)

    // Trash and restore go through the same server.
    const trashed = await session.call('delete_entry', { collection: 'posts', uuid })
    expect(trashed.isError).toBeFalsy()
    expect((await http(`/posts/${uuid}`)).status).toBe(404)
    expect((await session.call('restore_entry', { collection: 'posts', uuid })).isError).toBeFalsy()
    expect((await http(`/posts/${uuid}`)).status).toBe(200)
  })

  it('works on the files without a server: the write is in the entry file and a later `cms serve` serves it', async () => {
    project = await mcpProject()
    session = await connectMcp(['--dir', project.contentDir])
    const [uuid] = await seed(session, 1)
    expect(JSON.parse(await readFile(entryFile(uuid!), 'utf8'))).toMatchObject({ uuid })
    const singleton = await session.call('create_entry', { collection: 'settings', data: { site_name: 'Harbour Notes' }, state: 'published' })
    expect(singleton.isError, JSON.stringify(singleton.content)).toBeFalsy()
    // No lock is held between calls: a server can start while the MCP session is open.
    server = await serve(['--dir', project.contentDir])
    const res = await fetch(`${server.url}/posts/${uuid}`, { headers: { 'project-id': project.projectId } })
    expect(res.status).toBe(200)
    const after = await session.call('update_entry', { collection: 'posts', uuid, data: { views: 99 }, state: 'published' })
    expect(after.isError, JSON.stringify(after.content)).toBeFalsy()
    const body = await (await fetch(`${server.url}/posts/${uuid}`, { headers: { 'project-id': project.projectId } })).json() as any
    expect(body.data.fields.views).toBe(99)
  })

  it('uploads assets from a local path and from base64, and an entry references them', async () => {
    project = await mcpProject()
    session = await connectMcp(['--dir', project.contentDir])
    const listChanged = new Promise<void>((resolve) => session!.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()))

    const field = await session.call('add_field', { collection: 'posts', name: 'cover', type: 'media', options: { media: { type: 1 } } })
    expect(field.isError, JSON.stringify(field.content)).toBeFalsy()
    await listChanged // the schema change is announced to the client

    const png = makePng(3, 2)
    const path = join(project.dir, 'harbour.png')
    await writeFile(path, png)
    const fromPath = await session.call('upload_asset', { path, alt_text: 'The harbour' })
    expect(fromPath.isError, JSON.stringify(fromPath.content)).toBeFalsy()
    expect(fromPath.structuredContent).toMatchObject({ filename: 'harbour.png', mime_type: 'image/png', metadata: { width: 3, height: 2, alt_text: 'The harbour' } })

    const fromBytes = await session.call('upload_asset', { base64: png.toString('base64'), filename: 'boats.png' })
    expect(fromBytes.isError, JSON.stringify(fromBytes.content)).toBeFalsy()
    expect(fromBytes.structuredContent).toMatchObject({ filename: 'boats.png', mime_type: 'image/png' })
    const stored = await readFile(join(project.contentDir, 'assets', fromBytes.structuredContent.uuid, fromBytes.structuredContent.stored_filename))
    expect(stored.equals(png)).toBe(true)

    const noName = await session.call('upload_asset', { base64: png.toString('base64') })
    expect(noName.isError).toBe(true)
    expect(noName.structuredContent.errors).toHaveProperty('filename')

    const entry = await session.call('create_entry', { collection: 'posts', data: { title: 'With cover', cover: fromPath.structuredContent.uuid }, state: 'published' })
    expect(entry.isError, JSON.stringify(entry.content)).toBeFalsy()
    const got = await session.call('get_entry', { collection: 'posts', uuid: entry.structuredContent.data.uuid })
    expect(JSON.stringify(got.structuredContent.data.fields.cover)).toContain(fromPath.structuredContent.uuid)

    const missing = await session.call('create_entry', { collection: 'posts', data: { title: 'Bad cover', cover: '00000000-0000-4000-8000-000000000000' } })
    expect(missing.isError).toBe(true)
    expect(missing.structuredContent.errors).toHaveProperty(['data.cover'])

    const assets = await session.call('list_assets', {})
    expect(assets.structuredContent.meta.total).toBe(2)
  })

  it('--read-only offers only reading tools', async () => {
    project = await mcpProject()
    session = await connectMcp(['--dir', project.contentDir, '--read-only'])
    const { tools } = await session.client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort())
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true)
    const refused = await session.call('create_entry', { collection: 'posts', data: { title: 'x' } })
    expect(refused.isError).toBe(true)
    expect((await session.call('list_entries', { collection: 'posts' })).structuredContent.meta.total).toBe(0)
    const check = await session.call('validate_content', {})
    expect(check.structuredContent).toMatchObject({ ok: true, problems: [] })
  })
})

describe('cms mcp: lifecycle and start-up', () => {
  it('discards a draft, reverts to a version, unpublishes and deletes for good', async () => {
    project = await mcpProject()
    session = await connectMcp(['--dir', project.contentDir])
    const [uuid] = await seed(session, 1)
    const text = async (state?: string) => (await session!.call('get_entry', { collection: 'posts', uuid: uuid!, ...(state ? { state } : {}) })).structuredContent?.data?.fields?.title

    await session.call('update_entry', { collection: 'posts', uuid, data: { title: 'Scratch' } })
    expect(await text('draft')).toBe('Scratch')
    expect((await session.call('discard_draft', { collection: 'posts', uuid })).isError).toBeFalsy()
    expect(await text('draft')).toBe('Post 1')

    await session.call('update_entry', { collection: 'posts', uuid, data: { title: 'Second' }, state: 'published' })
    expect(await text()).toBe('Second')
    const reverted = await session.call('revert_entry', { collection: 'posts', uuid, version: 1 })
    expect(reverted.isError, JSON.stringify(reverted.content)).toBeFalsy()
    expect(await text()).toBe('Post 1')
    expect((await session.call('list_versions', { collection: 'posts', uuid })).structuredContent.data).toHaveLength(3)

    expect((await session.call('unpublish_entry', { collection: 'posts', uuid })).isError).toBeFalsy()
    const gone = await session.call('get_entry', { collection: 'posts', uuid })
    expect(gone).toMatchObject({ isError: true, structuredContent: { status: 404 } })

    expect((await session.call('delete_entry', { collection: 'posts', uuid, force: true })).isError).toBeFalsy()
    await expect(readFile(entryFile(uuid!), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' })
    expect((await session.call('restore_entry', { collection: 'posts', uuid })).structuredContent.status).toBe(404)
  })

  it('refuses to start (exit 2, a message on stderr) when --dir holds no project', async () => {
    project = await mcpProject()
    const { cms } = await import('../../helpers/cli.ts')
    const result = await cms(['mcp', '--dir', join(project.dir, 'nowhere')])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/No cms project at .*nowhere/)
    expect(result.stdout).toBe('')
  })
})

describe('cms mcp: git commits', () => {
  it('with CMS_GIT_COMMIT=1 a write made without a server is one commit of exactly its file', async () => {
    const { makeGitProject, waitForCommits, filesOf } = await import('../git/helpers.ts')
    const repo = await makeGitProject()
    project = { dir: repo.repo, contentDir: repo.contentDir, stateDir: join(repo.repo, '.cms'), projectId: '', cleanup: repo.cleanup }
    const base = repo.git('rev-parse', 'HEAD')
    session = await connectMcp(['--dir', repo.contentDir], { CMS_GIT_COMMIT: '1', CMS_GIT_WINDOW_MS: '50' })
    const created = await session.call('create_entry', { collection: 'articles', data: { title: 'From an agent' } })
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy()
    const [commit] = await waitForCommits(repo, base)
    expect(filesOf(repo, commit!)).toEqual([`A content/entries/articles/${created.structuredContent.data.uuid}.json`])
  })
})

describe('cms mcp: resources', () => {
  it('lists and reads the references and each collection\'s schema, and tells subscribers when a schema changes', async () => {
    project = await mcpProject()
    session = await connectMcp(['--dir', project.contentDir])
    const { resources } = await session.client.listResources()
    const uris = resources.map((r) => r.uri)
    expect(uris).toEqual(expect.arrayContaining(['cms://reference/field-types', 'cms://reference/query-language', 'cms://collections/posts/schema', 'cms://collections/settings/schema']))

    const types = await session.client.readResource({ uri: 'cms://reference/field-types' })
    expect((types.contents[0] as { text: string }).text).toMatch(/\| relation \|/)
    const query = await session.client.readResource({ uri: 'cms://reference/query-language' })
    expect((query.contents[0] as { text: string }).text).toMatch(/or-group/)

    const schema = await session.client.readResource({ uri: 'cms://collections/posts/schema' })
    const body = JSON.parse((schema.contents[0] as { text: string }).text)
    expect(body.fields.map((f: { name: string }) => f.name)).toEqual(['title', 'views', 'featured'])
    expect(body.entry_data_schema).toMatchObject({ type: 'object', required: ['title'], properties: { views: { type: 'number' } } })

    // A change made by someone else (another CLI command) reaches a subscriber.
    await session.client.subscribeResource({ uri: 'cms://collections/posts/schema' })
    const updated = new Promise<string>((resolve) => session!.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params.uri)))
    const { cms } = await import('../../helpers/cli.ts')
    const added = await cms(['field', 'add', 'posts', 'summary', '--type', 'longtext', '--dir', project.contentDir])
    expect(added.code, added.stderr).toBe(0)
    expect(await updated).toBe('cms://collections/posts/schema')
    const after = JSON.parse(((await session.client.readResource({ uri: 'cms://collections/posts/schema' })).contents[0] as { text: string }).text)
    expect(after.fields.map((f: { name: string }) => f.name)).toContain('summary')
  })
})

describe('cms mcp --url --token: a remote server', () => {
  it('models a schema, writes entries and uploads through the HTTP API, with the token\'s abilities', async () => {
    project = await mcpProject()
    const { ContentStore } = await import('../../../src/storage/store.ts')
    const { createToken } = await import('../../../src/service/tokens/manage.ts')
    const store = await ContentStore.open(project.contentDir, { stateDir: project.stateDir })
    const { token } = await createToken(store, { name: 'agent', abilities: ['read', 'create', 'update', 'delete', 'admin'] })
    const { token: reader } = await createToken(store, { name: 'reader', abilities: ['read'] })
    await store.flush()
    server = await serve(['--dir', project.contentDir])
    session = await connectMcp(['--url', server.url, '--token', token, '--project', project.projectId])

    const names = (await session.client.listTools()).tools.map((t) => t.name)
    expect(names).not.toContain('validate_content') // no local files to check

    const collection = await session.call('create_collection', {
      name: 'Boats', slug: 'boats',
      fields: [{ name: 'name', type: 'text', validations: { required: { status: true } } }, { name: 'photo', type: 'media', options: { media: { type: 1 } } }],
    })
    expect(collection.isError, JSON.stringify(collection.content)).toBeFalsy()
    const dup = await session.call('create_collection', { name: 'Boats', slug: 'boats' })
    expect(dup.isError).toBe(true)
    expect(dup.structuredContent.errors).toHaveProperty('slug')

    const png = makePng(2, 2)
    const path = join(project.dir, 'dory.png')
    await writeFile(path, png)
    const asset = await session.call('upload_asset', { path, title: 'Dory' })
    expect(asset.isError, JSON.stringify(asset.content)).toBeFalsy()
    expect(asset.structuredContent.url).toContain(server.url)
    const b64 = await session.call('upload_asset', { base64: `data:image/png;base64,${png.toString('base64')}`, filename: 'skiff.png' })
    expect(b64.isError, JSON.stringify(b64.content)).toBeFalsy()

    const boat = await session.call('create_entry', { collection: 'boats', data: { name: 'Dory', photo: asset.structuredContent.uuid }, state: 'published' })
    expect(boat.isError, JSON.stringify(boat.content)).toBeFalsy()
    const res = await fetch(`${server.url}/boats/${boat.structuredContent.data.uuid}`, { headers: { 'project-id': project.projectId } })
    expect(((await res.json()) as any).data.fields.name).toBe('Dory')
    const missing = await session.call('create_entry', { collection: 'boats', data: { photo: asset.structuredContent.uuid } })
    expect(missing.structuredContent).toMatchObject({ status: 422, errors: { 'data.name': expect.any(Array) } })

    await session.close()
    session = await connectMcp(['--url', server.url, '--token', reader, '--project', project.projectId])
    const denied = await session.call('create_entry', { collection: 'boats', data: { name: 'Skiff' } })
    expect(denied.isError).toBe(true)
    expect(denied.structuredContent.status).toBe(403)
  })
})
