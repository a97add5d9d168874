import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'

let project: TempProject
let server: TestServer
beforeAll(async () => {
  project = await makeProject(blogTemplate())
  server = await startTestServer(project.contentDir)
})
afterAll(async () => {
  await server.close()
  await project.cleanup()
})

describe('read endpoints of the foundation', () => {
  it('GET / answers project info; ?with=collections,fields embeds them', async () => {
    const info = (await (await server.request('/')).json()) as Record<string, unknown>
    expect(info).toMatchObject({ uuid: project.projectId, name: 'Harbour Notes', default_locale: 'en', locales: ['en', 'de'] })
    expect(info.collections).toBeUndefined()
    const full = (await (await server.request('/?with=collections,fields')).json()) as { collections: Array<{ slug: string; fields: Array<{ name: string; children?: unknown[] }> }> }
    expect(full.collections.map((c) => c.slug)).toEqual(['authors', 'categories', 'articles', 'settings'])
    const seo = full.collections.find((c) => c.slug === 'articles')!.fields.find((f) => f.name === 'seo')!
    expect(seo.children).toHaveLength(2)
  })

  it('GET /collections lists summaries; GET /collections/{slug} adds fields', async () => {
    const list = (await (await server.request('/collections')).json()) as Array<Record<string, unknown>>
    expect(Object.keys(list[0]!).sort()).toEqual(['created_at', 'is_singleton', 'name', 'slug', 'updated_at', 'uuid'])
    const one = (await (await server.request('/collections/settings')).json()) as { is_singleton: boolean; fields: Array<Record<string, unknown>> }
    expect(one.is_singleton).toBe(true)
    expect(Object.keys(one.fields[0]!)).toEqual(expect.arrayContaining(['uuid', 'type', 'label', 'name', 'description', 'placeholder', 'options', 'validations']))
    const missing = await server.request('/collections/nope')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: 'Collection not found.' })
  })

  it('lists published entries as a plain array, filtered by locale', async () => {
    const all = (await (await server.request('/articles')).json()) as Array<{ locale: string; published_at: string | null; fields: Record<string, unknown> }>
    expect(all).toHaveLength(3)
    expect(all.every((e) => e.published_at !== null)).toBe(true)
    const de = (await (await server.request('/articles?locale=de')).json()) as Array<{ locale: string }>
    expect(de.map((e) => e.locale)).toEqual(['de'])
    expect(Object.keys(all[0]!)).toEqual(['uuid', 'locale', 'published_at', 'fields'])
  })

  it('answers a singleton as one object in the requested or default locale', async () => {
    const en = (await (await server.request('/settings')).json()) as { fields: { site_name: string } }
    expect(en.fields.site_name).toBe('Harbour Notes')
    const de = (await (await server.request('/settings?locale=de')).json()) as { fields: { site_name: string } }
    expect(de.fields.site_name).toBe('Hafennotizen')
  })

  it('never shows hiddenInAPI fields', async () => {
    const authors = (await (await server.request('/authors')).json()) as Array<{ fields: Record<string, unknown> }>
    expect(authors.every((a) => !('email' in a.fields))).toBe(true)
  })

  it('needs the project-id header and a known project', async () => {
    const none = await fetch(`${server.url}/articles`, { headers: { accept: 'application/json' } })
    expect(none.status).toBe(400)
    expect(await none.json()).toEqual({ message: 'Project header missing.' })
    const wrong = await server.request('/articles', { headers: { 'project-id': '00000000-0000-4000-8000-000000000000' } })
    expect(wrong.status).toBe(404)
    expect(await wrong.json()).toEqual({ message: 'Project not found.' })
  })

  it('answers unknown collections, unknown routes and wrong methods with JSON', async () => {
    const unknown = await server.request('/no-such-collection')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'Collection not found.' })
    const deep = await server.request('/a/b/c/d/e')
    expect(deep.status).toBe(404)
    expect(deep.headers.get('content-type')).toMatch(/application\/json/)
    expect(((await deep.json()) as { message: string }).message).toBeTruthy()
    const wrongMethod = await server.request('/collections', { method: 'DELETE' })
    expect(wrongMethod.status).toBe(405)
    expect(((await wrongMethod.json()) as { message: string }).message).toMatch(/not supported/)
  })
})
