import { afterAll, beforeAll, expect, test } from 'vitest'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Agent, request } from 'node:http'
import { setupWriting, type WritingEnv } from './setup.ts'
import { checkFile } from '../../../src/storage/file-schemas.ts'
import { checkStoredFields } from '../../../src/schema/validate-entry.ts'

let env: WritingEnv

/**
 * POSTs over node:http with a bounded socket pool: all requests are issued at once, but the
 * kernel's listen backlog (511 by default) is never flooded with 1000 connects, which would
 * reset some of them before they reach the server.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 256 })
function post(path: string, json: unknown): Promise<{ status: number; body: any }> {
  const url = new URL(path, env.server.url)
  const data = JSON.stringify(json)
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: {
      'content-type': 'application/json', 'content-length': Buffer.byteLength(data), accept: 'application/json',
      'project-id': env.server.ctx.store.project.uuid, authorization: `Bearer ${env.token}`,
    } }, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (c: string) => { text += c }).on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }))
    })
    req.on('error', reject)
    req.end(data)
  })
}
beforeAll(async () => { env = await setupWriting() })
afterAll(async () => { agent.destroy(); await env.close() })

test('200 simultaneous creates with one unique value: exactly one 201, 199 422s', { timeout: 60_000 }, async () => {
  const results = await Promise.all(Array.from({ length: 200 }, (_, i) =>
    post('/articles', { data: { title: `Racer ${i}`, slug: 'the-one-slug' } })))
  const statuses = results.map((r) => r.status)
  expect(statuses.filter((s) => s === 201)).toHaveLength(1)
  expect(statuses.filter((s) => s === 422)).toHaveLength(199)
  for (const r of results.filter((x) => x.status === 422)) expect(r.body.errors['data.slug']).toEqual(['The Slug has already been taken.'])
  const holders = [...env.server.ctx.store.collection('articles')!.entries.values()].filter((e) => e.fields.slug === 'the-one-slug')
  expect(holders).toHaveLength(1)
})

test('1000 simultaneous creates of distinct entries all land: every file valid, the index equal to the files', { timeout: 180_000 }, async () => {
  const before = env.server.ctx.store.collection('articles')!.entries.size
  const results = await Promise.all(Array.from({ length: 1000 }, (_, i) =>
    post('/articles', { state: i % 2 ? 'published' : 'draft', data: { title: `Bulk entry ${i}`, slug: `bulk-${i}`, views: i, tags: [{ value: `t${i}` }] } })))
  expect(results.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([])
  const index = env.server.ctx.store.collection('articles')!
  expect(index.entries.size).toBe(before + 1000)

  const dir = join(env.project.contentDir, 'entries', 'articles')
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json'))
  expect(names).toHaveLength(index.entries.size)
  for (const name of names) {
    const value = JSON.parse(await readFile(join(dir, name), 'utf8'))
    expect(checkFile('entry', value)).toEqual([])
    expect(checkStoredFields(index.collection, value.fields)).toEqual({})
    const indexed = index.entries.get(name.replace(/\.json$/, ''))
    expect(indexed).toBeDefined()
    expect(value).toEqual(JSON.parse(JSON.stringify(indexed)))
  }
  // No temp files left behind.
  expect((await readdir(dir)).filter((n) => !n.endsWith('.json'))).toEqual([])
})
