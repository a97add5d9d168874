import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { makeProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer } from '../../helpers/server.ts'
import { editorState } from '../../../src/sessions/editor-state.ts'
import { browserWrite, signInByLink, signInByToken } from './helpers.ts'

const project = await makeProject(blogTemplate())
const server = await startTestServer(project.contentDir, { watch: true })
await (server.ctx as { watcher?: { ready: Promise<void> } }).watcher?.ready
afterAll(async () => {
  await server.close()
  await project.cleanup()
})

interface SseEvent { event: string; data: Record<string, unknown> }

/** Opens the event stream and collects events; `waitFor` resolves with the first matching one. */
async function openEvents(headers: Record<string, string>) {
  const controller = new AbortController()
  const res = await fetch(`${server.url}/_admin/api/events`, { headers, signal: controller.signal })
  const events: SseEvent[] = []
  const blocks: string[] = []
  let raw = ''
  const done = (async () => {
    if (!res.body) return
    const decoder = new TextDecoder()
    try {
      for await (const chunk of res.body) {
        raw += decoder.decode(chunk as Uint8Array, { stream: true })
        let cut: number
        while ((cut = raw.indexOf('\n\n')) !== -1) {
          const block = raw.slice(0, cut)
          raw = raw.slice(cut + 2)
          blocks.push(block)
          const name = /^event: (.*)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (name && data) events.push({ event: name, data: JSON.parse(data) as Record<string, unknown> })
        }
      }
    } catch {
      // aborted
    }
  })()
  return {
    res,
    events,
    blocks,
    done,
    close: () => controller.abort(),
    waitFor: (match: (e: SseEvent) => boolean) => vi.waitFor(() => {
      const hit = events.find(match)
      if (!hit) throw new Error(`no matching event yet; got ${JSON.stringify(events)}`)
      return hit
    }, { timeout: 10_000, interval: 25 }),
  }
}

describe('GET /_admin/api/events', () => {
  it('refuses (406) a client that accepts only JSON, rather than keep it waiting', async () => {
    const res = await fetch(`${server.url}/_admin/api/events`, { headers: { accept: 'application/json', authorization: `Bearer ${await tokenFor()}` } })
    expect(res.status).toBe(406)
    expect(((await res.json()) as { message: string }).message).toMatch(/text\/event-stream/)
  })

  it('needs a session or a token with read', async () => {
    const res = await fetch(`${server.url}/_admin/api/events`)
    expect(res.status).toBe(401)
    const cookie = await signInByToken(server, ['create'])
    expect((await fetch(`${server.url}/_admin/api/events`, { headers: { cookie } })).status).toBe(403)
  })

  it('delivers an entry event for an API write, with type, collection, uuid, locale and source', async () => {
    const cookie = await signInByLink(server)
    const stream = await openEvents({ cookie })
    expect(stream.res.status).toBe(200)
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    // The editor reconnects a second after a drop (a server restart), not EventSource's default.
    await vi.waitFor(() => expect(stream.blocks[0]).toBe(': connected\nretry: 1000'))
    const created = await server.request('/articles', { method: 'POST', headers: browserWrite(server, cookie), json: { data: { title: 'Live' }, state: 'published' } })
    expect(created.status).toBe(201)
    const { data } = await created.json() as { data: { uuid: string } }
    const hit = await stream.waitFor((e) => e.event === 'entry' && e.data.uuid === data.uuid && e.data.type === 'created')
    expect(hit.data).toEqual({ type: 'created', collection: 'articles', uuid: data.uuid, locale: 'en', source: 'api' })
    await stream.waitFor((e) => e.event === 'entry' && e.data.uuid === data.uuid && e.data.type === 'published')
    stream.close()
  })

  it('a CLI command through the server (local admin token) shows as source cli', async () => {
    server.ctx.localAdminToken = 'local-admin-for-events'
    const stream = await openEvents({ authorization: `Bearer ${await tokenFor()}` })
    const created = await server.request('/categories', { method: 'POST', headers: { authorization: 'Bearer local-admin-for-events' }, json: { data: { name: 'From the CLI' } } })
    const { data } = await created.json() as { data: { uuid: string } }
    const hit = await stream.waitFor((e) => e.event === 'entry' && e.data.uuid === data.uuid)
    expect(hit.data).toMatchObject({ type: 'created', source: 'cli' })
    stream.close()
  })

  it('delivers a watcher event for a hand edit of an entry file, and a problems event for a broken file', async () => {
    const created = await server.request('/articles', { method: 'POST', token: undefined, headers: { authorization: `Bearer ${await tokenFor()}` }, json: { data: { title: 'By hand' } } })
    const { data } = await created.json() as { data: { uuid: string } }
    const stream = await openEvents({ cookie: await signInByLink(server) })
    const file = join(project.contentDir, 'entries', 'articles', `${data.uuid}.json`)
    const doc = JSON.parse(await readFile(file, 'utf8')) as { fields: Record<string, unknown> }
    doc.fields.title = 'Edited in an editor'
    await writeFile(file, JSON.stringify(doc, null, 2))
    const hit = await stream.waitFor((e) => e.event === 'entry' && e.data.uuid === data.uuid)
    expect(hit.data).toMatchObject({ type: 'updated', collection: 'articles', source: 'watcher' })

    await writeFile(file, '{ "broken": ')
    const problems = await stream.waitFor((e) => e.event === 'problems')
    expect(problems.data.count).toBeGreaterThanOrEqual(1)
    await writeFile(file, JSON.stringify(doc, null, 2))
    await stream.waitFor((e) => e.event === 'problems' && e.data.count === 0)
    stream.close()
  })

  it('delivers asset events for an upload and a delete', async () => {
    const stream = await openEvents({ authorization: `Bearer ${await tokenFor()}` })
    const form = new FormData()
    form.append('file', new Blob(['plain text notes'], { type: 'text/plain' }), 'notes.txt')
    const up = await fetch(`${server.url}/files`, { method: 'POST', headers: { 'project-id': project.projectId, authorization: `Bearer ${await tokenFor()}` }, body: form })
    expect(up.status).toBe(201)
    const uuid = ((await up.json()) as { uuid: string }).uuid
    await stream.waitFor((e) => e.event === 'asset' && e.data.uuid === uuid && e.data.type === 'created')
    await server.request(`/files/${uuid}?force=1`, { method: 'DELETE', headers: { authorization: `Bearer ${await tokenFor()}` } })
    await stream.waitFor((e) => e.event === 'asset' && e.data.uuid === uuid && e.data.type === 'deleted')
    stream.close()
  })

  it('delivers a schema event when a collection changes', async () => {
    const stream = await openEvents({ authorization: `Bearer ${await tokenFor()}` })
    const res = await server.request('/collections/categories', { method: 'PUT', headers: { authorization: `Bearer ${await tokenFor()}` }, json: { name: 'Topics', slug: 'categories' } })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
    await stream.waitFor((e) => e.event === 'schema' && e.data.collection === 'categories')
    stream.close()
  })

  it('forgets a client that went away, and ends open streams when the server stops', async () => {
    const hub = editorState(server.ctx).activity
    // Every earlier test closed its stream: the server lets go of them all.
    await vi.waitFor(() => expect(hub.subscribers).toBe(0), { timeout: 5000 })
    const before = 0
    const stream = await openEvents({ cookie: await signInByLink(server) })
    await vi.waitFor(() => expect(hub.subscribers).toBe(before + 1))
    stream.close()
    await vi.waitFor(() => expect(hub.subscribers).toBe(before), { timeout: 5000 })

    const other = await startTestServer(project.contentDir)
    try {
      const res = await fetch(`${other.url}/_admin/api/events`, { headers: { authorization: `Bearer ${await tokenFor()}` } })
      expect(res.status).toBe(200)
      const reading = (async () => { for await (const _ of res.body!) { /* drain */ } return 'ended' })()
      await other.close()
      expect(await reading).toBe('ended')
    } finally {
      await other.close()
    }
  })
})

let token: string | undefined
async function tokenFor(): Promise<string> {
  if (token) return token
  const { createToken } = await import('../../../src/service/tokens/manage.ts')
  token = (await createToken(server.ctx.store, { name: 'events-admin', abilities: ['*'] })).token
  return token
}
