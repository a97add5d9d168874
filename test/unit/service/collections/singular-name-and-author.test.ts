import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import { createApp } from '../../../../src/server/http/app.ts'
import { createToken } from '../../../../src/service/tokens/manage.ts'
import { field, makeProject, type TempProject } from '../../../helpers/project.ts'

/**
 * The names people read (issue 24): a collection's optional `singular_name`, and a version's
 * `created_by` (the named token whose request published it), through the app in process.
 */
let project: TempProject
let ctx: Awaited<ReturnType<typeof createContext>>
let app: ReturnType<typeof createApp>
let token: string

async function call(method: string, path: string, json?: unknown): Promise<{ status: number; body: any }> {
  const res = await app.fetch(new Request(`http://127.0.0.1${path}`, {
    method,
    headers: { 'project-id': project.projectId, authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: json === undefined ? null : JSON.stringify(json),
  }))
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

beforeAll(async () => {
  project = await makeProject({ name: 'Names', default_locale: 'en', locales: ['en'], collections: [{ name: 'Stories', slug: 'stories', fields: [field('title', 'text')] }] })
  ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: {} }), source: 'api' })
  app = createApp(ctx)
  token = (await createToken(ctx.store, { name: 'Grace', abilities: ['*'] })).token
})
afterAll(async () => { await ctx?.close(); await project?.cleanup() })

describe('collection singular_name', () => {
  it('is absent until set, kept in the file, answered, removed with null; not text is a 422', async () => {
    expect((await call('GET', '/collections/stories')).body).not.toHaveProperty('singular_name')
    expect((await call('PUT', '/collections/stories', { singular_name: 'Story' })).status).toBe(200)
    expect((await call('GET', '/collections/stories')).body.singular_name).toBe('Story')
    await ctx.store.flush()
    expect(await readFile(join(project.contentDir, 'collections', 'stories.yaml'), 'utf8')).toMatch(/^singular_name: Story$/m)
    // A rename leaves it alone.
    expect((await call('PUT', '/collections/stories', { name: 'Tales' })).status).toBe(200)
    expect((await call('GET', '/collections/stories')).body.singular_name).toBe('Story')
    const bad = await call('PUT', '/collections/stories', { singular_name: 42 })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.singular_name).toBeDefined()
    expect((await call('PUT', '/collections/stories', { singular_name: null })).status).toBe(200)
    expect((await call('GET', '/collections/stories')).body).not.toHaveProperty('singular_name')
    const made = await call('POST', '/collections', { name: 'People', slug: 'people', singular_name: 'Person' })
    expect(made.status).toBeLessThan(300)
    expect(made.body.singular_name).toBe('Person')
  })
})

describe('version created_by', () => {
  it('names the token whose request published the version', async () => {
    const created = await call('POST', '/stories', { data: { title: 'First' }, state: 'published' })
    expect(created.status).toBe(201)
    const versions = await call('GET', `/stories/${created.body.data.uuid}/versions`)
    expect(versions.body.map((v: { version_number: number; created_by: string | null }) => [v.version_number, v.created_by])).toEqual([[1, 'Grace']])
  })
})
