import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { field } from '../../helpers/project.ts'

/** The blog template plus a collection with every shape the generators handle. */
export async function richTemplate(): Promise<Record<string, unknown>> {
  const template = JSON.parse(await readFile(fileURLToPath(new URL('../../fixtures/blog-template.json', import.meta.url)), 'utf8')) as { collections: unknown[] }
  template.collections.push({
    name: 'Events', slug: 'events', is_singleton: false, fields: [
      field('title', 'text', { validations: { required: { status: true, message: null } } }),
      field('starts', 'date', { options: { includeTime: true } }),
      field('span', 'date', { options: { mode: 'range' } }),
      field('door_time', 'time'),
      field('kind', 'enumeration', { options: { enumeration: { list: ['talk', 'walk', 'meal'], multiple: false } } }),
      field('capacity', 'number'),
      field('free', 'boolean'),
      field('extra', 'json'),
      field('poster', 'media', { options: { media: { type: 1 } } }),
      field('gallery', 'media', { options: { media: { type: 2 } } }),
      field('secret', 'password'),
      field('hidden_note', 'text', { options: { hiddenInAPI: true } }),
      field('speakers', 'relation', { options: { relation: { type: 2, collection: 'authors' } } }),
      field('schedule', 'group', { options: { repeatable: true }, children: [field('at', 'time'), field('what', 'text')] }),
      field('aliases', 'text', { options: { repeatable: true } }),
    ],
  })
  return template
}
