import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { field } from './project.ts'

/**
 * Authors and `n` articles (every other one published, so it has a version file), large
 * enough that a schema change rewriting them takes a while, small enough to import quickly.
 */
export function manyArticles(n: number, options: { name?: string; idPrefix?: string } = {}): Record<string, unknown> {
  const id = options.idPrefix ?? 'a'
  return {
    name: options.name ?? 'Safety', default_locale: 'en', locales: ['en'], public_api: true,
    collections: [
      { name: 'Authors', slug: 'authors', fields: [field('name', 'text')] },
      { name: 'Articles', slug: 'articles', fields: [
        field('title', 'text'),
        field('excerpt', 'longtext'),
        field('views', 'number'),
        field('author', 'relation', { options: { relation: { type: 1, collection: 'authors' } } }),
      ] },
      { name: 'Notes', slug: 'notes', fields: [field('about', 'relation', { options: { relation: { type: 2, collection: 'articles' } } })] },
    ],
    demo_data: [
      { collection: 'authors', entries: [{ id: `${id}-author`, locale: 'en', state: 'published', fields: { name: 'Ada' } }] },
      { collection: 'articles', entries: Array.from({ length: n }, (_, i) => ({
        id: `${id}${i}`, locale: 'en', state: i % 2 === 0 ? 'published' : 'draft',
        fields: { title: `Article ${i}`, excerpt: `Excerpt ${i} ${'lorem ipsum '.repeat(20)}`, views: i, author: `${id}-author` },
      })) },
    ],
  }
}

/** Every entry file of a collection folder, parsed. */
export async function entryFiles(contentDir: string, slug: string): Promise<Array<{ uuid: string; fields: Record<string, unknown> }>> {
  const dir = join(contentDir, 'entries', slug)
  const names = await readdir(dir).catch(() => [] as string[])
  return Promise.all(names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as { uuid: string; fields: Record<string, unknown> }))
}
