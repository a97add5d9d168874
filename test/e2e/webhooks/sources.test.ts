import { afterEach, describe, expect, it, vi } from 'vitest'
import { readFile, writeFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { setup, startReceiver, template, TEST_ENV, type Fixture, type Receiver } from './helpers.ts'
import { runCli } from './process.ts'

const ALL = ['content.created', 'content.updated', 'content.published', 'content.unpublished', 'content.trashed', 'content.restored', 'content.deleted']

describe('source file: changes that arrive through the file system', () => {
  let f: Fixture
  afterEach(async () => { await f.close() })

  it('turns hand edits of entry files into content events', async () => {
    f = await setup({}, { watch: true })
    await f.server.ctx.watcher!.ready
    const hook = await f.api('/webhooks', { method: 'POST', json: { name: 'git', url: f.receiver.url, events: ALL, sources: ['file'] } })
    expect(hook.status).toBe(201)
    // An API write is not a file change: this webhook ignores it.
    const api = await f.api('/posts', { method: 'POST', json: { data: { title: 'from api' } } })
    const file = join(f.project.contentDir, 'entries', 'posts', `${api.body.data.uuid}.json`)
    const uuid = '0b7c2a8e-8a51-4c1e-9d7e-0c6c1f6b2a11'
    const path = join(f.project.contentDir, 'entries', 'posts', `${uuid}.json`)
    const at = '2026-01-01T00:00:00.000Z'
    const entry = { uuid, locale: 'en', translation_group: null, created_at: at, updated_at: at, published_at: null, published_version: null, deleted_at: null, fields: { title: 'by hand', body: null }, published: null }
    const events = () => f.receiver.received.map((r) => r.body.event)
    await writeFile(path, JSON.stringify(entry, null, 2))
    await vi.waitFor(() => expect(events()).toEqual(['content.created']), { timeout: 5000 })
    await writeFile(path, JSON.stringify({ ...entry, fields: { title: 'edited', body: null } }, null, 2))
    await vi.waitFor(() => expect(events()).toEqual(['content.created', 'content.updated']), { timeout: 5000 })
    await writeFile(path, JSON.stringify({ ...entry, fields: { title: 'edited', body: null }, published_at: at, published_version: 1, published: { title: 'edited', body: null } }, null, 2))
    await vi.waitFor(() => expect(events().at(-1)).toBe('content.published'), { timeout: 5000 })
    await writeFile(path, JSON.stringify({ ...entry, fields: { title: 'edited', body: null } }, null, 2))
    await vi.waitFor(() => expect(events().at(-1)).toBe('content.unpublished'), { timeout: 5000 })
    await writeFile(path, JSON.stringify({ ...entry, fields: { title: 'edited', body: null }, deleted_at: at }, null, 2))
    await vi.waitFor(() => expect(events().at(-1)).toBe('content.trashed'), { timeout: 5000 })
    await writeFile(path, JSON.stringify({ ...entry, fields: { title: 'edited', body: null } }, null, 2))
    await vi.waitFor(() => expect(events().at(-1)).toBe('content.restored'), { timeout: 5000 })
    await rm(path)
    await vi.waitFor(() => expect(events().at(-1)).toBe('content.deleted'), { timeout: 5000 })
    expect(events()).toEqual(ALL)
    for (const r of f.receiver.received) expect(r.body).toMatchObject({ source: 'file', collection: 'posts', content_id: uuid, collection_id: f.server.ctx.store.collection('posts')!.collection.uuid })
    expect(f.receiver.received.find((r) => r.body.event === 'content.updated')!.body.content_entry).toMatchObject({ fields: { title: 'edited' } })
    expect(await readFile(file, 'utf8')).toContain('from api')
  })
})

describe('source cli: commands run without a server', () => {
  let project: TempProject
  let receiver: Receiver
  afterEach(async () => { await receiver.close(); await project.cleanup() })

  it('cms webhook add --generate-secret, then cms entry create delivers a signed cli event before exiting; --no-deliver queues it', async () => {
    project = await makeProject(template)
    receiver = await startReceiver()
    const env = { ...TEST_ENV }
    const add = await runCli(['webhook', 'add', '--dir', project.contentDir, '--name', 'ci', '--target-url', receiver.url, '--events', 'content.created', '--sources', 'cms', '--generate-secret', '--json'], env)
    expect(add.code, add.stderr).toBe(0)
    const created = JSON.parse(add.stdout) as { uuid: string; secret: string; sources: string[]; has_secret: boolean }
    expect(created.secret).toMatch(/^whsec_/)
    expect(created).toMatchObject({ sources: ['cli'], has_secret: true })
    const shown = await runCli(['webhook', 'show', created.uuid, '--dir', project.contentDir, '--json'], env)
    expect(shown.stdout).not.toContain(created.secret)

    const create = await runCli(['entry', 'create', 'posts', '--dir', project.contentDir, '--data', '{"title":"from cli"}', '--json'], env)
    expect(create.code, create.stderr).toBe(0)
    expect(receiver.received).toHaveLength(1)
    const got = receiver.received[0]!
    expect(got.body).toMatchObject({ event: 'content.created', source: 'cli', collection: 'posts' })
    expect(() => new Webhook(created.secret).verify(got.raw, got.headers as Record<string, string>)).not.toThrow()
    expect(got.headers['x-webhook-signature']).toBe(createHmac('sha256', Buffer.from(created.secret.slice(6), 'base64')).update(got.raw).digest('hex'))

    const queued = await runCli(['entry', 'create', 'posts', '--dir', project.contentDir, '--data', '{"title":"later"}', '--no-deliver'], env)
    expect(queued.code, queued.stderr).toBe(0)
    expect(receiver.received).toHaveLength(1)

    const logs = await runCli(['webhook', 'logs', created.uuid, '--dir', project.contentDir, '--json'], env)
    const parsed = JSON.parse(logs.stdout) as { data: Array<{ status: string; action: string }>; meta: { total: number } }
    expect(parsed.meta.total).toBe(1)
    expect(parsed.data[0]).toMatchObject({ status: '200', action: 'content.created' })

    const test = await runCli(['webhook', 'test', created.uuid, '--dir', project.contentDir], env)
    expect(test.code, test.stderr).toBe(0)
    expect(test.stdout).toMatch(/Receiver answered 200 .*\(signed\)/)
    const list = await runCli(['webhook', 'list', '--dir', project.contentDir], env)
    expect(list.stdout).toContain(created.uuid)
    const bad = await runCli(['webhook', 'add', '--dir', project.contentDir, '--name', 'x', '--target-url', 'https://10.1.2.3/', '--events', 'content.created', '--sources', 'api', '--json'], {})
    expect(bad.code).toBe(1)
    expect(JSON.parse(bad.stdout).error.errors.url[0]).toMatch(/WEBHOOK_ALLOW_PRIVATE_HOSTS/)
  }, 90_000)

  it('every content event from the CLI arrives with source cli', async () => {
    project = await makeProject(template)
    receiver = await startReceiver()
    const env = { ...TEST_ENV }
    const cli = async (...args: string[]) => {
      const r = await runCli([...args, '--dir', project.contentDir, '--json'], env)
      expect(r.code, r.stderr).toBe(0)
      return r.stdout ? JSON.parse(r.stdout) : null
    }
    await cli('webhook', 'add', '--name', 'all', '--target-url', receiver.url, '--events', ALL.join(','), '--sources', 'cli')
    const uuid = (await cli('entry', 'create', 'posts', '--data', '{"title":"a"}')).uuid as string
    await cli('entry', 'patch', 'posts', uuid, '--data', '{"title":"b"}')
    await cli('entry', 'publish', 'posts', uuid)
    await cli('entry', 'unpublish', 'posts', uuid)
    await cli('entry', 'delete', 'posts', uuid)
    await cli('entry', 'restore', 'posts', uuid)
    await cli('entry', 'delete', 'posts', uuid, '--force')
    expect(receiver.received.map((r) => r.body.event)).toEqual(ALL)
    for (const r of receiver.received) expect(r.body).toMatchObject({ source: 'cli', content_id: uuid, collection: 'posts' })
  }, 90_000)
})
