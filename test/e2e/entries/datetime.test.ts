import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { validateTree } from '../../../src/review/validate.ts'

/** A v4-style schema: `datetime` beside `date` with includeTime. */
const template = {
  format: 'elmapicms', version: 1, type: 'project', name: 'Events', default_locale: 'en', locales: ['en'], public_api: true,
  collections: [{ name: 'Events', slug: 'events', is_singleton: false, fields: [
    field('title', 'text'), field('starts_at', 'datetime'), field('day', 'date', { options: { includeTime: true } }),
  ] }],
  demo_data: [{ collection: 'events', entries: [
    { id: 'e1', locale: 'en', status: 'published', fields: { title: 'Early', starts_at: '2025-03-01 09:00:00', day: '2025-03-01 09:00' } },
    { id: 'e2', locale: 'en', status: 'published', fields: { title: 'Late', starts_at: '2025-03-01T18:30:00Z', day: '2025-03-01T18:30:00Z' } },
  ] }],
}

describe('the datetime field type', () => {
  let project: TempProject
  let server: TestServer
  let token: string
  beforeAll(async () => {
    project = await makeProject(template)
    server = await startTestServer(project.contentDir)
    token = (await createToken(server.ctx.store, { name: 'w', abilities: ['read', 'create', 'update', 'delete', 'admin'] })).token
  })
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  test('imports, reads, sorts and filters like date with includeTime', async () => {
    const asc = await (await server.request('/api/events?sort=starts_at:asc')).json() as Array<{ fields: { title: string; starts_at: string } }>
    expect(asc.map((e) => e.fields.title)).toEqual(['Early', 'Late'])
    expect(asc[0]!.fields.starts_at).toBe('2025-03-01 09:00:00')
    const desc = await (await server.request('/events?sort=starts_at:desc')).json() as Array<{ fields: { title: string } }>
    expect(desc.map((e) => e.fields.title)).toEqual(['Late', 'Early'])
    const after = await (await server.request('/events?where[starts_at][gt]=2025-03-01T12:00:00Z')).json() as Array<{ fields: { title: string } }>
    expect(after.map((e) => e.fields.title)).toEqual(['Late'])
    const same = await (await server.request('/events?where[day][gt]=2025-03-01T12:00:00Z')).json() as Array<{ fields: { title: string } }>
    expect(same.map((e) => e.fields.title)).toEqual(['Late'])
  })

  test('writes accept a date and time and refuse anything else with a sentence', async () => {
    const ok = await server.request('/events', { method: 'POST', token, json: { data: { title: 'New', starts_at: '2025-04-02 07:15' } } })
    expect(ok.status).toBe(201)
    const bad = await server.request('/events', { method: 'POST', token, json: { data: { title: 'Bad', starts_at: 'next tuesday' } } })
    expect(bad.status).toBe(422)
    expect((await bad.json() as { errors: Record<string, string[]> }).errors['data.starts_at']![0]).toMatch(/valid date and time/)
    expect((await validateTree(project.contentDir)).problems).toEqual([])
  })

  test('the schema admin API adds a datetime field', async () => {
    const res = await server.request('/collections/events/fields', { method: 'POST', token, json: { type: 'datetime', label: 'Ends at', name: 'ends-at' } })
    expect(res.status, await res.clone().text()).toBe(201)
  })
})
