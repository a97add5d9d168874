import { readFileSync, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { field } from './project.ts'

/** Our own bilingual blog template (test/fixtures/blog-template.json), a fresh copy each call. */
export function blogTemplate(): Record<string, unknown> {
  return JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/blog-template.json', import.meta.url)), 'utf8')) as Record<string, unknown>
}

/** A template of ../shared/fixtures/elmapi, or null when the project runs without ../shared beside it. */
export function sharedFixture(name: string): Record<string, unknown> | null {
  const path = fileURLToPath(new URL(`../../../shared/fixtures/elmapi/${name}`, import.meta.url))
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : null
}

export const sharedFixturePath = (name: string): string | null => {
  const path = fileURLToPath(new URL(`../../../shared/fixtures/elmapi/${name}`, import.meta.url))
  return existsSync(path) ? path : null
}

/** A small two-collection blog: posts relate to authors; posts have a group with children. */
export function smallBlogTemplate(): Record<string, unknown> {
  return {
    name: 'Schema test', default_locale: 'en', locales: ['en', 'fr'], public_api: true,
    collections: [
      { name: 'Authors', slug: 'authors', fields: [field('name', 'text', { validations: { required: { status: true, message: null } } })] },
      { name: 'Posts', slug: 'posts', fields: [
        field('title', 'text'),
        field('views', 'number'),
        field('author', 'relation', { options: { relation: { type: 1, collection: 'authors' } } }),
        field('meta', 'group', { children: [field('keywords', 'text')] }),
      ] },
    ],
    demo_data: [
      { collection: 'authors', entries: [{ id: 'a1', locale: 'en', state: 'published', fields: { name: 'Ada' } }] },
      { collection: 'posts', entries: [
        { id: 'p1', locale: 'en', state: 'published', fields: { title: 'Hello', views: 3, author: 'a1', meta: { keywords: 'hi' } } },
        { id: 'p2', locale: 'fr', state: 'draft', fields: { title: 'Bonjour', views: 5 } },
      ] },
    ],
  }
}
