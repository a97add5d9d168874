import { field } from '../../helpers/project.ts'

/**
 * The listing fixture: 25 articles (20 published, 5 drafts; en and fr), two authors, a
 * singleton with two locales. Article `a<i>` has views = i * 10, category cycling over
 * News/Tech/Food, and is created after `a<i-1>` (so newest first is a25, a24, ...).
 */
export const ARTICLES = 25
export const isPublished = (i: number): boolean => i % 5 !== 0
export const categoryOf = (i: number): string => ['News', 'Tech', 'Food'][i % 3]!

export function listingTemplate(): Record<string, unknown> {
  const articles = Array.from({ length: ARTICLES }, (_, k) => {
    const i = k + 1
    return {
      id: `a${i}`, locale: i % 4 === 0 ? 'fr' : 'en', status: isPublished(i) ? 'published' : 'draft',
      ...(i === 1 ? { translation_group_id: 'tg-1' } : i === 4 ? { translation_group_id: 'tg-1' } : {}),
      fields: {
        title: `Article ${i}${i % 2 ? ' delta' : ''}`, views: String(i * 10), featured: i % 2 === 0, day: `2024-01-${String(i).padStart(2, '0')}`,
        category: categoryOf(i), tags: [{ value: 't1' }, { value: `t${i}` }], secret: 'hunter2', internal: 'hidden note', kind: ['x'],
        author: i % 2 ? 'au1' : 'au2', related: i === 2 ? ['a2', 'a3'] : undefined,
        seo: { meta_title: `Meta ${i}`, meta_description: 'desc', social: { og_title: `OG ${i}`, og_image: 'img' } },
      },
    }
  })
  return {
    slug: 'listing', name: 'Listing fixture', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'fr'], public_api: true,
    collections: [
      { name: 'Authors', slug: 'authors', is_singleton: false, fields: [field('name', 'text'), field('email', 'email', { options: { hiddenInAPI: true } })] },
      {
        name: 'Articles', slug: 'articles', is_singleton: false, fields: [
          field('title', 'text'), field('views', 'number'), field('featured', 'boolean'), field('day', 'date'), field('category', 'text'),
          field('tags', 'text', { options: { repeatable: true } }), field('secret', 'password'), field('internal', 'text', { options: { hiddenInAPI: true } }),
          field('kind', 'enumeration', { options: { enumeration: { list: ['x', 'y'], multiple: true } } }),
          field('author', 'relation', { options: { relation: { type: 1, collection: 'authors' } } }),
          field('related', 'relation', { options: { relation: { type: 2, collection: 'articles' } } }),
          field('seo', 'group', {
            children: [field('meta_title', 'text'), field('meta_description', 'text'),
              field('social', 'group', { children: [field('og_title', 'text'), field('og_image', 'text')] })],
          }),
        ],
      },
      { name: 'Settings', slug: 'settings', is_singleton: true, fields: [field('site_name', 'text')] },
    ],
    demo_data: [
      { collection: 'authors', entries: [
        { id: 'au1', locale: 'en', status: 'published', fields: { name: 'Ada', email: 'ada@example.org' } },
        { id: 'au2', locale: 'en', status: 'published', fields: { name: 'Bob', email: 'bob@example.org' } },
      ] },
      { collection: 'articles', entries: articles },
      { collection: 'settings', entries: [
        { id: 's1', locale: 'en', status: 'published', fields: { site_name: 'Harbour' } },
        { id: 's2', locale: 'fr', status: 'published', fields: { site_name: 'Port' } },
      ] },
    ],
  }
}
