import { readFile, writeFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { field } from './project.ts'

// Trees for the review commands (fmt, validate): shared by their unit tests and the CLI's end-to-end ones.

const required = { required: { status: true, message: null } }
/** A small project with every kind of cross-reference `cms validate` checks. */
export function validateTemplate(): Record<string, unknown> {
  return {
    name: 'Validate', default_locale: 'en', locales: ['en', 'fr'],
    collections: [
      { name: 'Authors', slug: 'authors', fields: [field('name', 'text', { validations: required })] },
      { name: 'Tags', slug: 'tags', fields: [field('label', 'text')] },
      { name: 'Posts', slug: 'posts', fields: [
        field('title', 'text', { validations: { ...required, charcount: { status: true, type: 'Max', min: null, max: 20, message: null } } }),
        field('slug', 'slug', { validations: { unique: { status: true, message: null } } }),
        field('views', 'number'),
        field('kind', 'enumeration', { options: { enumeration: { list: ['news', 'essay'] } } }),
        field('author', 'relation', { options: { relation: { type: 1, collection: 'authors' } } }),
        field('cover', 'media', { options: { media: { type: 1 } } }),
      ] },
      { name: 'Settings', slug: 'settings', is_singleton: true, fields: [field('site', 'text')] },
    ],
    demo_data: [
      { collection: 'authors', entries: [{ id: 'a1', locale: 'en', state: 'published', fields: { name: 'Ada' } }] },
      { collection: 'tags', entries: [{ id: 't1', locale: 'en', state: 'published', fields: { label: 'x' } }] },
      { collection: 'posts', entries: [{ id: 'p1', locale: 'en', state: 'published', fields: { title: 'Hello', slug: 'hello', author: 'a1' } }] },
      { collection: 'settings', entries: [{ id: 's1', locale: 'en', state: 'published', fields: { site: 'Site' } }] },
    ],
  }
}

/** Hand edits a person might make: other indentation, other key order, YAML flow style. */
export async function messUp(root: string): Promise<string[]> {
  const post = (await readdir(join(root, 'entries/posts')))[0]!
  const postRel = `entries/posts/${post}`
  const value = JSON.parse(await readFile(join(root, postRel), 'utf8'))
  const reordered = Object.fromEntries(Object.entries(value).reverse())
  reordered.fields = Object.fromEntries(Object.entries(value.fields).reverse())
  await writeFile(join(root, postRel), JSON.stringify(reordered, null, 4))
  const collection = parse(await readFile(join(root, 'collections/posts.yaml'), 'utf8'))
  await writeFile(join(root, 'collections/posts.yaml'), stringify({ fields: collection.fields, ...collection }, { indent: 4 }))
  const projectDoc = parse(await readFile(join(root, 'project.yaml'), 'utf8'))
  await writeFile(join(root, 'project.yaml'), stringify(projectDoc, { collectionStyle: 'flow' }))
  return [postRel, 'collections/posts.yaml', 'project.yaml'].sort()
}
