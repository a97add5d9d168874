import { afterEach, describe, expect, it } from 'vitest'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate, sharedFixture } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { ContentStore } from '../../../src/storage/store.ts'

let project: TempProject | undefined
let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  await project?.cleanup()
  server = undefined
  project = undefined
})

describe('cms import', () => {
  it('stores values in their field types and resolves template ids to uuids', async () => {
    project = await makeProject(blogTemplate())
    const store = await ContentStore.open(project.contentDir)
    const articles = [...store.collection('articles')!.entries.values()]
    const fog = articles.find((e) => e.fields.slug === 'morning-fog')!
    expect(fog.fields.reading_minutes).toBe(4) // "4" in the template
    expect(fog.fields.tags).toEqual(['weather', 'harbour']) // [{value}] in the template
    expect(fog.fields.seo).toEqual({ meta_title: 'Fog over the harbour', meta_description: 'A quiet hour in the harbour.' })
    const maren = [...store.collection('authors')!.entries.values()].find((e) => e.fields.name === 'Maren Holt')!
    expect(fog.fields.author).toBe(maren.uuid) // single relation: one uuid
    const boats = [...store.collection('categories')!.entries.values()].find((e) => e.fields.slug === 'boats')!
    expect(fog.fields.categories).toEqual([boats.uuid]) // many relation: uuid array
    const german = articles.find((e) => e.locale === 'de')!
    expect(german.translation_group).toBe(fog.translation_group)
    expect(fog.translation_group).toBe('3f6b2c1a-8e4d-4b7a-9c2e-5d1f0a9b8c01')
  })

  it('publishes published entries as version 1 and leaves drafts unpublished (v3 status and v4 state)', async () => {
    project = await makeProject(blogTemplate())
    const store = await ContentStore.open(project.contentDir)
    const articles = [...store.collection('articles')!.entries.values()]
    const draft = articles.find((e) => e.fields.slug === 'winter-repairs-ferry')!
    expect(draft.published).toBeNull()
    expect(draft.published_at).toBeNull()
    const published = articles.filter((e) => e.published)
    expect(published).toHaveLength(3)
    for (const e of published) {
      expect(e.published_version).toBe(1)
      const version = JSON.parse(await readFile(store.layout.version('articles', e.uuid, 1), 'utf8')) as { version_number: number; fields: unknown }
      expect(version.version_number).toBe(1)
      expect(version.fields).toEqual(e.published)
    }
    // Categories use the v3 `status` key.
    expect([...store.collection('categories')!.entries.values()].every((e) => e.published)).toBe(true)
  })

  it('lists newest first in template order by default', async () => {
    project = await makeProject(blogTemplate())
    server = await startTestServer(project.contentDir)
    const list = (await (await server.request('/articles')).json()) as Array<{ fields: { slug: string } }>
    expect(list.map((e) => e.fields.slug)).toEqual(['six-ways-mackerel', 'morgen-nebel', 'morning-fog'])
  })

  it.skipIf(!sharedFixture('pagination-example.json'))('imports the hosted pagination template: 40 published articles, numbers as numbers', async () => {
    project = await makeProject(sharedFixture('pagination-example.json')!)
    server = await startTestServer(project.contentDir)
    const list = (await (await server.request('/articles')).json()) as Array<{ locale: string; fields: Record<string, unknown> }>
    expect(list).toHaveLength(40)
    expect(list.every((e) => typeof e.fields.views === 'number')).toBe(true)
    expect(list[0]!.fields.title).toMatch(/^Article 40:/)
    const info = (await (await server.request('/')).json()) as { default_locale: string; locales: string[] }
    expect(info).toMatchObject({ default_locale: 'tr', locales: ['tr', 'en'] })
  })

  it.skipIf(!sharedFixture('translations-example.json'))('imports the hosted translations template with its translation groups', async () => {
    const template = sharedFixture('translations-example.json')!
    project = await makeProject(template)
    const store = await ContentStore.open(project.contentDir)
    const [collection] = (template.collections as Array<{ slug: string }>)
    const entries = [...store.collection(collection!.slug)!.entries.values()]
    const expected = (template.demo_data as Array<{ entries: unknown[] }>)[0]!.entries.length
    expect(entries).toHaveLength(expected)
    const groups = new Map<string, Set<string>>()
    for (const e of entries) {
      if (!e.translation_group) continue
      const locales = groups.get(e.translation_group) ?? new Set()
      expect(locales.has(e.locale)).toBe(false)
      locales.add(e.locale)
      groups.set(e.translation_group, locales)
    }
    expect(groups.size).toBeGreaterThan(0)
    expect((await readdir(join(project.contentDir, 'entries', collection!.slug))).length).toBe(expected)
  })
})
