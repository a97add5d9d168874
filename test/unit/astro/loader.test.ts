import { createHash } from 'node:crypto'
import { rm, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { cmsLoader } from '../../../src/astro/loader.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'

/**
 * cmsLoader's load() and createSchema() over a real content folder, with a store that keeps
 * Astro's rule (`set` answers false when the digest is the stored one). The real `astro build`
 * is test/e2e/frameworks/astro.test.ts.
 */
interface Stored { id: string; data: Record<string, unknown>; digest?: string | number }

function astroContext(schema: z.ZodType) {
  const map = new Map<string, Stored>()
  const logs: string[] = []
  let parsed = 0
  const store = {
    get: (id: string) => map.get(id),
    set: (e: Stored) => {
      const old = map.get(e.id)
      if (e.digest && old?.digest === e.digest) return false
      map.set(e.id, e)
      return true
    },
    keys: () => [...map.keys()],
    delete: (id: string) => void map.delete(id),
  }
  const context = {
    collection: 'articles',
    store,
    logger: { info: (m: string) => logs.push(m) },
    parseData: async ({ data }: { data: Record<string, unknown> }) => { parsed++; return schema.parse(data) as Record<string, unknown> },
    generateDigest: (d: string | Record<string, unknown>) => createHash('sha1').update(typeof d === 'string' ? d : JSON.stringify(d)).digest('hex'),
  }
  return { map, logs, context: context as never, parsed: () => parsed }
}

/** The loader's createSchema() (optional on Astro's Loader type; ours always has it). */
const schemaOf = (loader: unknown) => (loader as { createSchema: () => Promise<{ schema: z.ZodType; types: string }> }).createSchema()

let project: TempProject
beforeAll(async () => {
  project = await makeProject({
    name: 'Astro unit', default_locale: 'en', locales: ['en'], public_api: true,
    collections: [
      { name: 'Authors', slug: 'authors', fields: [field('name', 'text')] },
      { name: 'Articles', slug: 'articles', fields: [
        field('title', 'text'), field('views', 'number'), field('secret', 'text', { options: { hiddenInAPI: true } }),
        field('author', 'relation', { options: { relation: { type: 1, collection: 'authors' } } }),
        field('related', 'relation', { options: { relation: { type: 2, collection: 'articles' } } }),
      ] },
    ],
    demo_data: [
      { collection: 'authors', entries: [{ id: 'ada', locale: 'en', state: 'published', fields: { name: 'Ada' } }] },
      { collection: 'articles', entries: [
        { id: 'a1', locale: 'en', state: 'published', fields: { title: 'One', views: 1, secret: 'x', author: 'ada' } },
        { id: 'a2', locale: 'en', state: 'published', fields: { title: 'Two', views: 2, author: 'ada', related: ['a1'] } },
        { id: 'a3', locale: 'en', state: 'draft', fields: { title: 'Three (draft)', views: 3 } },
      ] },
    ],
  })
})
afterAll(() => project?.cleanup())

describe('cmsLoader (reader)', () => {
  it('fills the store with each entry\'s fields, relations as Astro references, hidden fields left out', async () => {
    const loader = cmsLoader({ collection: 'articles', dir: project.contentDir, references: { authors: 'people' } })
    const { schema, types } = await schemaOf(loader)
    const astro = astroContext(schema)
    await loader.load(astro.context)
    const entries = [...astro.map.values()]
    expect(entries.map((e) => e.data.title).sort()).toEqual(['One', 'Two'])
    const two = entries.find((e) => e.data.title === 'Two')!
    const one = entries.find((e) => e.data.title === 'One')!
    expect(two.data.author).toEqual({ collection: 'people', id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(two.data.related).toEqual([{ collection: 'articles', id: one.id }])
    expect(one.data.related).toBeNull()
    expect('secret' in one.data).toBe(false)
    expect(typeof one.digest).toBe('string')
    expect(astro.logs).toContain('articles: 2 changed, 0 unchanged, 0 removed')
    // The types Astro writes: the collection's fields, relations as references.
    expect(types).toContain('export type Entry = Omit<Cms.CollectionFields["articles"], "author" | "related"> & {')
    expect(types).toContain('"author": Reference<"people"> | null')
    expect(types).toContain('"related": Array<Reference<"articles">> | null')
  })

  it('parses again and answers true only for a changed entry; an entry gone leaves the store', async () => {
    const first = cmsLoader({ collection: 'articles', dir: project.contentDir })
    const { schema } = await schemaOf(first)
    const astro = astroContext(schema)
    await first.load(astro.context)
    expect(astro.parsed()).toBe(2)
    const dir = join(project.contentDir, 'entries', 'articles')
    for (const name of await readdir(dir)) {
      const entry = JSON.parse(await readFile(join(dir, name), 'utf8'))
      if (entry.fields.title === 'One') await writeFile(join(dir, name), JSON.stringify({ ...entry, published: { ...entry.published, title: 'One, changed' } }))
      if (entry.fields.title === 'Two') await rm(join(dir, name))
    }
    await cmsLoader({ collection: 'articles', dir: project.contentDir }).load(astro.context)
    expect(astro.parsed()).toBe(3)
    expect(astro.logs.at(-2)).toBe('articles: 1 changed, 0 unchanged, 1 removed')
    expect([...astro.map.values()].map((e) => e.data.title)).toEqual(['One, changed'])
  })

  it('state: draft reads the drafts; an unknown collection is an error naming it', async () => {
    const drafts = cmsLoader({ collection: 'articles', dir: project.contentDir, state: 'draft' })
    const { schema } = await schemaOf(drafts)
    const astro = astroContext(schema)
    await drafts.load(astro.context)
    expect([...astro.map.values()].map((e) => e.data.title)).toContain('Three (draft)')
    await expect(cmsLoader({ collection: 'nope', dir: project.contentDir }).load(astroContext(schema).context)).rejects.toThrow(/no collection "nope" in the content folder .* \(it has: authors, articles\)/)
    expect(() => cmsLoader({ collection: '', dir: project.contentDir })).toThrow(TypeError)
  })
})
