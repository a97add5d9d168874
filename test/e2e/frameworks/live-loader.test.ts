import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { cmsLiveLoader } from '../../../src/astro/live.ts'
import { cmsLoader } from '../../../src/astro/loader.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'

/**
 * The Astro loaders reading a real server over HTTP (`url`, `projectId`): the live loader's
 * entry and collection reads with their cache tags, and cmsLoader's URL mode, whose store holds
 * what the reader mode gives. Called directly, as Astro calls them (the real `astro build` is astro.test.ts).
 */
let project: TempProject
let server: TestServer
beforeAll(async () => {
  project = await makeProject({
    name: 'Live', default_locale: 'en', locales: ['en'], public_api: true,
    collections: [
      { name: 'Authors', slug: 'authors', fields: [field('name', 'text')] },
      { name: 'Articles', slug: 'articles', fields: [field('title', 'text'), field('slug', 'text'), field('author', 'relation', { options: { relation: { type: 1, collection: 'authors' } } })] },
    ],
    demo_data: [
      { collection: 'authors', entries: [{ id: 'ada', locale: 'en', state: 'published', fields: { name: 'Ada' } }] },
      { collection: 'articles', entries: [
        { id: 'a1', locale: 'en', state: 'published', fields: { title: 'One', slug: 'one', author: 'ada' } },
        { id: 'a2', locale: 'en', state: 'published', fields: { title: 'Two', slug: 'two' } },
      ] },
    ],
  })
  server = await startTestServer(project.contentDir)
})
afterAll(async () => {
  await server?.close()
  await project?.cleanup()
})

describe('cmsLiveLoader', () => {
  it('reads an entry by uuid or by a field, and a collection with the API\'s parameters, each with cache tags', async () => {
    const live = cmsLiveLoader({ collection: 'articles', url: server.url, projectId: project.projectId })
    const all = await live.loadCollection({ collection: 'articles', filter: { sort: 'title' } })
    if ('error' in all) throw all.error
    expect(all.entries.map((e) => e.data.title)).toEqual(['One', 'Two'])
    expect(all.cacheHint).toEqual({ tags: ['articles'] })
    const one = all.entries[0]!
    expect(one.data.author).toEqual({ collection: 'authors', id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(one.cacheHint?.tags).toEqual(['articles', `articles:${one.id}`])

    const byId = await live.loadEntry({ collection: 'articles', filter: { id: one.id } })
    expect(byId && 'data' in byId ? byId.data.title : byId).toBe('One')
    const bySlug = await live.loadEntry({ collection: 'articles', filter: { slug: 'two' } })
    expect(bySlug && 'data' in bySlug ? bySlug.data.title : bySlug).toBe('Two')
    const filtered = await live.loadCollection({ collection: 'articles', filter: { where: { slug: 'one' } } })
    expect('entries' in filtered ? filtered.entries.map((e) => e.id) : filtered).toEqual([one.id])
    expect(await live.loadEntry({ collection: 'articles', filter: { id: '00000000-0000-4000-8000-000000000000' } })).toBeUndefined()
  })

  it('a refused read is an error result, not a throw', async () => {
    const wrong = cmsLiveLoader({ collection: 'articles', url: server.url, projectId: 'not-this-project' })
    const result = await wrong.loadCollection({ collection: 'articles', filter: {} })
    expect('error' in result && result.error.message).toMatch(/answered 4\d\d/)
  })
})

describe('cmsLoader with a server URL', () => {
  it('fills the store as the reader mode does', async () => {
    const read = async (loader: ReturnType<typeof cmsLoader>) => {
      const { schema } = await (loader as unknown as { createSchema: () => Promise<{ schema: z.ZodType }> }).createSchema()
      const map = new Map<string, { data: Record<string, unknown>; digest?: string | number }>()
      await loader.load({
        store: { get: (id: string) => map.get(id), set: (e: { id: string; data: Record<string, unknown>; digest?: string }) => (map.set(e.id, e), true), keys: () => [...map.keys()], delete: (id: string) => map.delete(id) },
        logger: { info: () => {} },
        parseData: async ({ data }: { data: unknown }) => schema.parse(data),
        generateDigest: (d: string) => createHash('sha1').update(d).digest('hex'),
      } as never)
      return [...map].sort(([a], [b]) => a.localeCompare(b)).map(([id, e]) => [id, e.data])
    }
    const overHttp = await read(cmsLoader({ collection: 'articles', url: server.url, projectId: project.projectId }))
    // The reader writes asset URLs with its baseUrl; there are none here, so the data is the same.
    const fromFiles = await read(cmsLoader({ collection: 'articles', dir: project.contentDir }))
    expect(overHttp).toHaveLength(2)
    expect(overHttp).toEqual(fromFiles)
  })
})
